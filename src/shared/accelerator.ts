/**
 * Electron accelerators ("CommandOrControl+Shift+A"), the one grammar for a global shortcut: the
 * renderer records and checks a shortcut with it, the bridge refuses a request that breaks it, and
 * the settings file is repaired with it, so what passes one passes all three.
 *
 * The rules (https://www.electronjs.org/docs/latest/api/accelerator): modifiers, then exactly one
 * key, joined by single "+" signs, case-insensitive, printable ASCII only, at most 100 characters.
 * A *global* shortcut also needs at least one modifier: a bare key (even F5 or a media key) would
 * be taken from every other app.
 *
 * One modifier under two names counts once, and naming it twice is refused: Command and Cmd,
 * Control and Ctrl, CommandOrControl and CmdOrCtrl, Alt and Option (Option exists only on macOS,
 * where it is Alt), and Super and Meta (Electron's docs: "The Super (or Meta) key"; the Windows
 * key on Windows and Linux, Command on macOS). Modifiers that coincide only on some platforms
 * (Command and Super on macOS, CommandOrControl and Control on Windows and Linux) are accepted:
 * elsewhere each means a different key.
 */

/** Each modifier's spellings, by the one key it names. */
const MODIFIER_NAMES: Record<string, readonly string[]> = {
  command: ['Command', 'Cmd'],
  control: ['Control', 'Ctrl'],
  commandorcontrol: ['CommandOrControl', 'CmdOrCtrl'],
  alt: ['Alt', 'Option'],
  altgr: ['AltGr'],
  shift: ['Shift'],
  super: ['Super', 'Meta'],
};
const MODIFIERS = new Map(Object.entries(MODIFIER_NAMES).flatMap(([key, names]) => names.map((name) => [name.toLowerCase(), key] as const)));

const NAMED_KEYS = new Set(
  [
    'Plus', 'Space', 'Tab', 'Capslock', 'Numlock', 'Scrolllock', 'Backspace', 'Delete', 'Insert', 'Return', 'Enter',
    'Up', 'Down', 'Left', 'Right', 'Home', 'End', 'PageUp', 'PageDown', 'Escape', 'Esc',
    'VolumeUp', 'VolumeDown', 'VolumeMute', 'MediaNextTrack', 'MediaPreviousTrack', 'MediaStop', 'MediaPlayPause', 'PrintScreen',
    'numdec', 'numadd', 'numsub', 'nummult', 'numdiv',
  ].map((key) => key.toLowerCase()),
);

/** Most allowed: the longest accelerator Electron needs is far shorter. */
export const MAX_ACCELERATOR = 100;

const modifierOf = (part: string): string | null => MODIFIERS.get(part.toLowerCase()) ?? null;

function isKey(part: string): boolean {
  const lower = part.toLowerCase();
  // a letter, a digit or a punctuation mark ("/", ","; "+" is spelled "Plus")
  if (/^[\x21-\x7e]$/.test(part)) return true;
  if (/^f([1-9]|1[0-9]|2[0-4])$/.test(lower) || /^num[0-9]$/.test(lower)) return true;
  return NAMED_KEYS.has(lower);
}

/**
 * What is wrong with a shortcut, as a kind and its values (no words: `shortcutProblemText` in
 * accelerator-words.ts says it, in the language in use, for the popover and the main process alike).
 */
export type AcceleratorProblem =
  | { kind: 'empty' }
  | { kind: 'long'; limit: number }
  | { kind: 'characters' }
  | { kind: 'joins' }
  | { kind: 'unknown'; key: string }
  | { kind: 'nokey' }
  | { kind: 'keys'; keys: string[] }
  | { kind: 'order' }
  | { kind: 'modifier' }
  | { kind: 'twice'; modifier: string }
  | { kind: 'same'; first: string; second: string };

/** Why `accelerator` is not a usable global shortcut; null when it is one. */
export function acceleratorProblem(accelerator: string): AcceleratorProblem | null {
  if (accelerator.trim() === '') return { kind: 'empty' };
  if (accelerator.length > MAX_ACCELERATOR) return { kind: 'long', limit: MAX_ACCELERATOR };
  if (/[^\x21-\x7e]/.test(accelerator)) return { kind: 'characters' };
  const parts = accelerator.split('+');
  if (parts.some((part) => part === '')) return { kind: 'joins' };
  const unknown = parts.find((part) => modifierOf(part) === null && !isKey(part));
  if (unknown !== undefined) return { kind: 'unknown', key: unknown };
  const keys = parts.filter((part) => modifierOf(part) === null);
  if (keys.length === 0) return { kind: 'nokey' };
  if (keys.length > 1) return { kind: 'keys', keys };
  if (parts[parts.length - 1] !== keys[0]) return { kind: 'order' };
  const modifiers = parts.slice(0, -1);
  if (modifiers.length === 0) return { kind: 'modifier' };
  const seen = new Map<string, string>();
  for (const part of modifiers) {
    const before = seen.get(modifierOf(part)!);
    if (before !== undefined) return before.toLowerCase() === part.toLowerCase() ? { kind: 'twice', modifier: part } : { kind: 'same', first: before, second: part };
    seen.set(modifierOf(part)!, part);
  }
  return null;
}

export const isAccelerator = (accelerator: string): boolean => acceleratorProblem(accelerator) === null;

/** The key part of an accelerator for a KeyboardEvent's `code`/`key`, or null for a modifier alone. */
function keyName(code: string, key: string): string | null {
  if (/^Key[A-Z]$/.test(code)) return code.slice(3);
  if (/^Digit[0-9]$/.test(code)) return code.slice(5);
  if (/^Numpad[0-9]$/.test(code)) return `num${code.slice(6)}`;
  if (/^F([1-9]|1[0-9]|2[0-4])$/.test(code)) return code;
  const named: Record<string, string> = {
    Space: 'Space', Tab: 'Tab', Backspace: 'Backspace', Delete: 'Delete', Insert: 'Insert', Enter: 'Enter', NumpadEnter: 'Enter',
    ArrowUp: 'Up', ArrowDown: 'Down', ArrowLeft: 'Left', ArrowRight: 'Right', Home: 'Home', End: 'End', PageUp: 'PageUp', PageDown: 'PageDown',
    Minus: '-', Equal: '=', BracketLeft: '[', BracketRight: ']', Backslash: '\\', Semicolon: ';', Quote: "'", Comma: ',', Period: '.', Slash: '/', Backquote: '`',
    NumpadAdd: 'numadd', NumpadSubtract: 'numsub', NumpadMultiply: 'nummult', NumpadDivide: 'numdiv', NumpadDecimal: 'numdec', PrintScreen: 'PrintScreen',
  };
  if (named[code]) return named[code]!;
  if (['Shift', 'Control', 'Alt', 'Meta', 'AltGraph', 'OS'].includes(key)) return null;
  return null;
}

/**
 * The accelerator a key press spells: "CommandOrControl" for Ctrl on Windows/Linux and Command on
 * macOS (so the shortcut is the same on both), then Alt, Shift, then the key. Null while only
 * modifiers are held.
 */
export function acceleratorFromKey(event: { code: string; key: string; ctrlKey: boolean; metaKey: boolean; altKey: boolean; shiftKey: boolean }, mac: boolean): string | null {
  const key = keyName(event.code, event.key);
  if (!key) return null;
  const parts: string[] = [];
  const primary = mac ? event.metaKey : event.ctrlKey;
  if (primary) parts.push('CommandOrControl');
  if (mac && event.ctrlKey) parts.push('Control');
  if (!mac && event.metaKey) parts.push('Super');
  if (event.altKey) parts.push('Alt');
  if (event.shiftKey) parts.push('Shift');
  parts.push(key);
  return parts.join('+');
}

/** How each modifier reads on a key cap: macOS's symbols, the names printed on other keyboards. */
const CAPS_MAC: Record<string, string> = { command: '⌘', commandorcontrol: '⌘', control: '⌃', alt: '⌥', altgr: '⌥', shift: '⇧', super: '⌘' };
const CAPS_OTHER: Record<string, string> = { command: 'Super', commandorcontrol: 'Ctrl', control: 'Ctrl', alt: 'Alt', altgr: 'AltGr', shift: 'Shift', super: 'Super' };
const KEY_CAPS: Record<string, string> = { up: '↑', down: '↓', left: '←', right: '→', plus: '+', space: 'Space', escape: 'Esc', esc: 'Esc', return: 'Enter', enter: 'Enter' };

/**
 * The key caps of an accelerator as this platform prints them: ["⌘", "⇧", "A"] on macOS,
 * ["Ctrl", "Shift", "A"] elsewhere (for showing a shortcut, not for saving one).
 */
export function acceleratorCaps(accelerator: string, mac: boolean): string[] {
  return accelerator
    .split('+')
    .filter((part) => part !== '')
    .map((part) => {
      const modifier = modifierOf(part);
      if (modifier) return (mac ? CAPS_MAC : CAPS_OTHER)[modifier] ?? part;
      const lower = part.toLowerCase();
      return KEY_CAPS[lower] ?? (part.length === 1 ? part.toUpperCase() : part.charAt(0).toUpperCase() + part.slice(1));
    });
}

/** The accelerator as one line of text: "⌘⇧A" on macOS, "Ctrl+Shift+A" elsewhere. */
export const acceleratorText = (accelerator: string, mac: boolean) => acceleratorCaps(accelerator, mac).join(mac ? '' : '+');
