import { describe, expect, it } from 'vitest';
import { acceleratorFromKey, acceleratorProblem, isAccelerator } from '../../src/shared/accelerator';

const press = (code: string, mods: Partial<{ ctrlKey: boolean; metaKey: boolean; altKey: boolean; shiftKey: boolean }> = {}, key = '') => ({
  code,
  key,
  ctrlKey: false,
  metaKey: false,
  altKey: false,
  shiftKey: false,
  ...mods,
});

describe('global shortcut accelerators: the one grammar (renderer, bridge and settings file)', () => {
  it.each(['CommandOrControl+Shift+A', 'Ctrl+Alt+F5', 'Alt+Space', 'Super+Plus', 'CmdOrCtrl+/', 'Alt+F4', 'Ctrl+Plus', 'Cmd+,', 'Super+num5', 'Option+Space', 'Shift+/', 'ctrl+shift+a', 'Meta+K', 'Command+Super+K', 'CommandOrControl+Control+K'])(
    'accepts %s',
    (accelerator) => expect(acceleratorProblem(accelerator)).toBeNull(),
  );

  it.each([
    ['Ctrl+Banana', /"Banana" is not a key/],
    ['Hyper+A', /"Hyper" is not a key/],
    ['F25', /"F25" is not a key/],
    ['Ctrl+AB', /"AB" is not a key/],
    ['Ctrl+Shift', /Add a key/],
    ['', /Press a key/],
    ['Ctrl+A+B', /one key/],
    ['A', /needs a modifier/],
    ['F9', /needs a modifier/],
    ['MediaPlayPause', /needs a modifier/],
    ['A+Ctrl', /before the key/],
    ['Ctrl++', /single "\+" signs/],
    ['Ctrl+Shift+\u0007', /control characters/],
    ['Ctrl+ A', /control characters/],
    [`Ctrl+${'A'.repeat(101)}`, /at most 100/],
    ['Shift+Shift+A', /"Shift" appears twice/],
    ['Ctrl+Control+A', /"Ctrl" and "Control" are the same key/],
    ['Alt+Option+A', /"Alt" and "Option" are the same key/],
    // Electron's docs: "The Super (or Meta) key"; one modifier, named twice
    ['Super+Meta+K', /"Super" and "Meta" are the same key/],
  ])('refuses %j', (accelerator, why) => {
    expect(acceleratorProblem(accelerator)).toMatch(why);
    expect(isAccelerator(accelerator)).toBe(false);
  });

  it('spells a key press the way Electron reads it, Ctrl and Command as one', () => {
    expect(acceleratorFromKey(press('KeyA', { ctrlKey: true, shiftKey: true }), false)).toBe('CommandOrControl+Shift+A');
    expect(acceleratorFromKey(press('KeyA', { metaKey: true, shiftKey: true }), true)).toBe('CommandOrControl+Shift+A');
    expect(acceleratorFromKey(press('F5', { altKey: true }), false)).toBe('Alt+F5');
    expect(acceleratorFromKey(press('Digit7', { ctrlKey: true }), false)).toBe('CommandOrControl+7');
    expect(acceleratorFromKey(press('ShiftLeft', { shiftKey: true }, 'Shift'), false)).toBeNull();
    expect(acceleratorProblem(acceleratorFromKey(press('Slash', { ctrlKey: true }), false)!)).toBeNull();
  });
});
