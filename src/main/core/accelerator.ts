/**
 * Electron's accelerator grammar ("CommandOrControl+Shift+A"), checked before a shortcut is kept
 * or handed to globalShortcut: modifiers joined by "+", then exactly one key, nothing else (no
 * control characters, no empty parts, no modifier twice).
 */

const MODIFIERS = new Map(
  [
    ['command', 'cmd'],
    ['cmd', 'cmd'],
    ['control', 'ctrl'],
    ['ctrl', 'ctrl'],
    ['commandorcontrol', 'cmdorctrl'],
    ['cmdorctrl', 'cmdorctrl'],
    ['alt', 'alt'],
    ['option', 'alt'],
    ['altgr', 'altgr'],
    ['shift', 'shift'],
    ['super', 'super'],
    ['meta', 'super'],
  ] as const,
);

const NAMED_KEYS = new Set(
  [
    'plus', 'space', 'tab', 'capslock', 'numlock', 'scrolllock', 'backspace', 'delete', 'insert', 'return', 'enter',
    'up', 'down', 'left', 'right', 'home', 'end', 'pageup', 'pagedown', 'escape', 'esc', 'volumeup', 'volumedown',
    'volumemute', 'medianexttrack', 'mediaprevioustrack', 'mediastop', 'mediaplaypause', 'printscreen',
    'numdec', 'numadd', 'numsub', 'nummult', 'numdiv',
  ],
);

function isKey(part: string): boolean {
  const lower = part.toLowerCase();
  if (NAMED_KEYS.has(lower)) return true;
  if (/^[a-z0-9]$/.test(lower)) return true;
  if (/^[!-~]$/.test(part) && part !== '+') return true; // printable punctuation, e.g. "/" or ","
  if (/^f([1-9]|1[0-9]|2[0-4])$/.test(lower)) return true;
  return /^num[0-9]$/.test(lower);
}

/** Why `text` is not an accelerator Electron accepts, or null when it is one. */
export function acceleratorProblem(text: string): string | null {
  if (text.length === 0 || text.length > 100) return 'A shortcut is 1 to 100 characters long.';
  if (/[^\x21-\x7e]/.test(text)) return 'A shortcut has no spaces or control characters.';
  const parts = text.split('+');
  if (parts.some((p) => p === '')) return 'A shortcut joins its keys with single "+" signs (write "Plus" for the + key).';
  const key = parts.pop()!;
  if (!isKey(key)) return `"${key}" is not a key a shortcut can use.`;
  const seen = new Set<string>();
  for (const part of parts) {
    const modifier = MODIFIERS.get(part.toLowerCase() as never);
    if (!modifier) return `"${part}" is not a modifier (use CommandOrControl, Alt, Shift, Super and the like).`;
    if (seen.has(modifier)) return `"${part}" appears twice.`;
    seen.add(modifier);
  }
  return null;
}

export const isAccelerator = (text: string): boolean => acceleratorProblem(text) === null;
