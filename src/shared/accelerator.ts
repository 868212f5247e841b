/**
 * Electron accelerators ("CommandOrControl+Shift+A"): built from a key press, and checked against
 * Electron's grammar (modifiers, then exactly one key). Pure, so the renderer records and checks
 * a shortcut and the core can check it again with the same rules.
 */

export const MODIFIERS = ['Command', 'Cmd', 'Control', 'Ctrl', 'CommandOrControl', 'CmdOrCtrl', 'Alt', 'Option', 'AltGr', 'Shift', 'Super', 'Meta'] as const;

const NAMED_KEYS = [
  'Plus', 'Space', 'Tab', 'Capslock', 'Numlock', 'Scrolllock', 'Backspace', 'Delete', 'Insert', 'Return', 'Enter',
  'Up', 'Down', 'Left', 'Right', 'Home', 'End', 'PageUp', 'PageDown', 'Escape', 'Esc',
  'VolumeUp', 'VolumeDown', 'VolumeMute', 'MediaNextTrack', 'MediaPreviousTrack', 'MediaStop', 'MediaPlayPause', 'PrintScreen',
  'num0', 'num1', 'num2', 'num3', 'num4', 'num5', 'num6', 'num7', 'num8', 'num9', 'numdec', 'numadd', 'numsub', 'nummult', 'numdiv',
];
const PUNCTUATION = [')', '!', '@', '#', '$', '%', '^', '&', '*', '(', ':', ';', '<', '=', '>', '?', '~', '[', ']', '{', '}', '|', '\\', '/', '`', "'", '"', ',', '.', '-', '_'];

function isKey(part: string): boolean {
  if (/^[A-Za-z0-9]$/.test(part)) return true;
  if (/^F([1-9]|1[0-9]|2[0-4])$/.test(part)) return true;
  if (PUNCTUATION.includes(part)) return true;
  return NAMED_KEYS.some((key) => key.toLowerCase() === part.toLowerCase());
}

const isModifier = (part: string) => (MODIFIERS as readonly string[]).some((m) => m.toLowerCase() === part.toLowerCase());

/** Why an accelerator is not valid for a global shortcut, or null when it is. */
export function acceleratorProblem(accelerator: string): string | null {
  const parts = accelerator.split('+');
  // "Ctrl++" spells the plus key as an empty part; Electron wants "Plus"
  if (accelerator.trim() === '' || parts.some((part) => part.trim() === '')) return 'Press a key combination, for example Ctrl+Shift+A.';
  const keys = parts.filter((part) => !isModifier(part));
  const modifiers = parts.filter(isModifier);
  if (keys.length === 0) return 'Add a key to the modifiers, for example Shift+A.';
  if (keys.length > 1) return `Use one key with the modifiers, not ${keys.length} (${keys.join(', ')}).`;
  if (!isKey(keys[0]!)) return `"${keys[0]}" is not a key a shortcut can use.`;
  if (parts[parts.length - 1] !== keys[0]) return 'Put the modifiers before the key.';
  if (modifiers.length === 0 && !/^F([1-9]|1[0-9]|2[0-4])$/.test(keys[0]!) && !/^Media|^Volume/.test(keys[0]!)) {
    return 'A global shortcut needs a modifier (Ctrl, Alt, Shift or Command) so it does not take a key from every app.';
  }
  if (new Set(modifiers.map((m) => m.toLowerCase())).size !== modifiers.length) return 'Name each modifier once.';
  return null;
}

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
