import { afterEach, describe, expect, it } from 'vitest';
import { acceleratorFromKey, acceleratorProblem, isAccelerator, type AcceleratorProblem } from '../../src/shared/accelerator';
import { shortcutProblemText } from '../../src/shared/accelerator-words';
import { applyLocale } from '../../src/shared/i18n/catalogues';
import { LOCALES } from '../../src/shared/i18n/locales';

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

  it.each<[string, AcceleratorProblem]>([
    ['Ctrl+Banana', { kind: 'unknown', key: 'Banana' }],
    ['Hyper+A', { kind: 'unknown', key: 'Hyper' }],
    ['F25', { kind: 'unknown', key: 'F25' }],
    ['Ctrl+AB', { kind: 'unknown', key: 'AB' }],
    ['Ctrl+Shift', { kind: 'nokey' }],
    ['', { kind: 'empty' }],
    ['Ctrl+A+B', { kind: 'keys', keys: ['A', 'B'] }],
    ['A', { kind: 'modifier' }],
    ['F9', { kind: 'modifier' }],
    ['MediaPlayPause', { kind: 'modifier' }],
    ['A+Ctrl', { kind: 'order' }],
    ['Ctrl++', { kind: 'joins' }],
    ['Ctrl+Shift+\u0007', { kind: 'characters' }],
    ['Ctrl+ A', { kind: 'characters' }],
    [`Ctrl+${'A'.repeat(101)}`, { kind: 'long', limit: 100 }],
    ['Shift+Shift+A', { kind: 'twice', modifier: 'Shift' }],
    ['Ctrl+Control+A', { kind: 'same', first: 'Ctrl', second: 'Control' }],
    ['Alt+Option+A', { kind: 'same', first: 'Alt', second: 'Option' }],
    // Electron's docs: "The Super (or Meta) key"; one modifier, named twice
    ['Super+Meta+K', { kind: 'same', first: 'Super', second: 'Meta' }],
  ])('refuses %j', (accelerator, problem) => {
    expect(acceleratorProblem(accelerator)).toEqual(problem);
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

describe('what is wrong with a shortcut, one sentence per language (settings.shortcutProblem)', () => {
  afterEach(() => applyLocale('en'));
  const cases: [string, AcceleratorProblem][] = [
    ['', { kind: 'empty' }],
    ['Ctrl+AAAA', { kind: 'long', limit: 100 }],
    ['Ctrl+ A', { kind: 'characters' }],
    ['Ctrl++', { kind: 'joins' }],
    ['Ctrl+Banana', { kind: 'unknown', key: 'Banana' }],
    ['Ctrl+Shift', { kind: 'nokey' }],
    ['Ctrl+A+B', { kind: 'keys', keys: ['A', 'B'] }],
    ['A+Ctrl', { kind: 'order' }],
    ['A', { kind: 'modifier' }],
    ['Shift+Shift+A', { kind: 'twice', modifier: 'Shift' }],
    ['Ctrl+Control+A', { kind: 'same', first: 'Ctrl', second: 'Control' }],
  ];
  const said = (locale: (typeof LOCALES)[number]) => (applyLocale(locale), cases.map(([shortcut, problem]) => shortcutProblemText(shortcut, problem)));

  it('English and German say each kind with its values', () => {
    expect(said('en')).toEqual([
      'Press a key combination, for example Ctrl+Shift+A.',
      'A shortcut is at most 100 characters long.',
      '"Ctrl+ A" cannot be used: a shortcut has no spaces or control characters.',
      '"Ctrl++" cannot be used: join the keys with single "+" signs (the + key itself is "Plus").',
      '"Ctrl+Banana" cannot be used: "Banana" is not a key a shortcut can use.',
      '"Ctrl+Shift" cannot be used: add a key to the modifiers, for example Shift+A.',
      '"Ctrl+A+B" cannot be used: use one key with the modifiers, not 2 (A and B).',
      '"A+Ctrl" cannot be used: put the modifiers before the key.',
      '"A" cannot be used: a global shortcut needs a modifier (Ctrl, Alt, Shift or Command) so it does not take a key from every app.',
      '"Shift+Shift+A" cannot be used: name each modifier once ("Shift" appears twice).',
      '"Ctrl+Control+A" cannot be used: name each modifier once ("Ctrl" and "Control" are the same key).',
    ]);
    expect(said('de')).toEqual([
      'Drücken Sie eine Tastenkombination, zum Beispiel Ctrl+Shift+A.',
      'Ein Tastenkürzel hat höchstens 100 Zeichen.',
      '„Ctrl+ A“ kann nicht verwendet werden: Ein Tastenkürzel enthält keine Leer- oder Steuerzeichen.',
      '„Ctrl++“ kann nicht verwendet werden: Verbinden Sie die Tasten mit einzelnen „+“-Zeichen (die Taste + selbst heißt „Plus“).',
      '„Ctrl+Banana“ kann nicht verwendet werden: „Banana“ ist keine Taste, die ein Tastenkürzel verwenden kann.',
      '„Ctrl+Shift“ kann nicht verwendet werden: Fügen Sie den Sondertasten eine Taste hinzu, zum Beispiel Shift+A.',
      '„Ctrl+A+B“ kann nicht verwendet werden: Verwenden Sie eine Taste mit den Sondertasten, nicht 2 (A und B).',
      '„A+Ctrl“ kann nicht verwendet werden: Setzen Sie die Sondertasten vor die Taste.',
      '„A“ kann nicht verwendet werden: Ein globales Tastenkürzel braucht eine Sondertaste (Ctrl, Alt, Shift oder Command), damit es nicht jeder App eine Taste wegnimmt.',
      '„Shift+Shift+A“ kann nicht verwendet werden: Nennen Sie jede Sondertaste nur einmal („Shift“ kommt zweimal vor).',
      '„Ctrl+Control+A“ kann nicht verwendet werden: Nennen Sie jede Sondertaste nur einmal („Ctrl“ und „Control“ sind dieselbe Taste).',
    ]);
  });

  it('French, Spanish and Japanese say each kind in their own words and quotes', () => {
    const fr = said('fr');
    expect(fr[4]).toBe('«\u202fCtrl+Banana\u202f» ne peut pas être utilisé\u00a0: «\u202fBanana\u202f» n’est pas une touche utilisable dans un raccourci.');
    expect(fr[1]).toBe('Un raccourci compte au plus 100 caractères.');
    expect(fr[6]).toBe('«\u202fCtrl+A+B\u202f» ne peut pas être utilisé\u00a0: utilisez une seule touche avec les touches de modification, pas 2 (A et B).');
    const es = said('es');
    expect(es[4]).toBe('No se puede usar «Ctrl+Banana»: «Banana» no es una tecla que un atajo pueda usar.');
    expect(es[10]).toBe('No se puede usar «Ctrl+Control+A»: nombra cada modificador una sola vez («Ctrl» y «Control» son la misma tecla).');
    const ja = said('ja');
    expect(ja[4]).toBe('「Ctrl+Banana」は使えません：「Banana」はショートカットに使えるキーではありません。');
    expect(ja[6]).toBe('「Ctrl+A+B」は使えません：修飾キーと組み合わせるキーは 1 つだけです（2 個：A、B）。');
    expect(ja[1]).toBe('ショートカットは 100 文字までです。');
  });

  it('no English is left in the other languages: every kind reads differently from English', () => {
    const english = said('en');
    for (const locale of LOCALES.filter((l) => l !== 'en')) {
      const theirs = said(locale);
      theirs.forEach((sentence, i) => {
        expect(sentence, `${locale} ${cases[i]![1].kind}`).not.toBe(english[i]);
        expect(sentence, `${locale} ${cases[i]![1].kind}`).not.toMatch(/cannot be used|modifier|a key|shortcut/);
      });
    }
  });
});
