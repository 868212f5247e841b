/**
 * The core's words follow the language in use the moment it changes: notifications (the verb
 * agrees with how many people, as German and French want), the footer's connection words, times
 * and lengths, lists joined the language's way, and the tray's tooltip and menu.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { applyLocale } from '../../src/shared/i18n/catalogues';
import { ago, duration, episodeLabel, listOf } from '../../src/shared/format';
import { who, words } from '../../src/main/core/notifications/words';

afterEach(() => applyLocale('en'));

describe('the core speaks the language in use', () => {
  it('notifications: the verb agrees with the number of people', () => {
    expect(words.started('Ann', 'Friends', 1)).toBe('Ann started watching Friends');
    applyLocale('de');
    expect(words.started('Ann', 'Friends', 1)).toBe('Ann schaut jetzt Friends');
    expect(words.started(who(['Ann', 'Ben']), 'Friends', 2)).toBe('Ann und Ben schauen jetzt Friends');
    expect(who(['Ann', 'Ben', 'Cem', 'Dia'])).toBe('Ann, Ben und 2 weitere');
    applyLocale('fr');
    expect(words.started(who(['Ann', 'Ben']), null, 2)).toBe('Ann et Ben regardent');
    applyLocale('ja');
    expect(words.actions.snooze(10)).toBe('10 分後に再通知');
  });

  it('times, lengths, lists and episodes', () => {
    const now = 1_800_000_000_000;
    expect(ago(now - 4 * 60_000, now)).toBe('4 min ago');
    expect(listOf(['a', 'b', 'c'])).toBe('a, b and c');
    applyLocale('de');
    expect(ago(now - 4 * 60_000, now)).toBe('vor 4 Min.');
    expect(duration(65 * 60_000)).toBe('1 Std. 5 Min.');
    expect(episodeLabel(2, 5)).toBe('S2 · F5');
    applyLocale('es');
    expect(listOf(['a', 'b', 'c'])).toBe('a, b y c');
    expect(episodeLabel(2, 5)).toBe('T2 · E5');
    applyLocale('ja');
    expect(ago(now - 4 * 60_000, now)).toBe('4 分前');
  });
});
