import { describe, expect, it } from 'vitest';
import { acceleratorFromKey, acceleratorProblem } from '../../src/shared/accelerator';

const press = (code: string, mods: Partial<{ ctrlKey: boolean; metaKey: boolean; altKey: boolean; shiftKey: boolean }> = {}, key = '') => ({
  code,
  key,
  ctrlKey: false,
  metaKey: false,
  altKey: false,
  shiftKey: false,
  ...mods,
});

describe('global shortcut accelerators', () => {
  it('accepts modifiers and one key', () => {
    for (const ok of ['CommandOrControl+Shift+A', 'Ctrl+Alt+F5', 'Alt+Space', 'F9', 'Super+Plus', 'CmdOrCtrl+/', 'MediaPlayPause']) expect(acceleratorProblem(ok)).toBeNull();
  });

  it.each([
    ['Ctrl+Banana', /not a key/],
    ['Ctrl+Shift', /Add a key/],
    ['', /Press a key/],
    ['Ctrl+A+B', /one key/],
    ['A', /needs a modifier/],
    ['A+Ctrl', /one key|before the key/],
    ['Ctrl++', /Press a key/],
    ['Shift+Shift+A', /once/],
  ])('refuses %j', (accelerator, why) => {
    expect(acceleratorProblem(accelerator)).toMatch(why);
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
