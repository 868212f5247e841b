/**
 * The catalogue (src/shared/i18n): every language has every key English has and no other, each
 * message names the same placeholders in every language (a translation may add the hour a time
 * shows, for an article that agrees with it), every message compiles with messageformat, every
 * plural gives every form its language has (CLDR's categories), and the language is chosen as
 * docs/using.md says.
 */
import { describe, expect, it } from 'vitest';
import { en as popoverEn, type Catalogue } from '../../src/shared/i18n/en';
import { CATALOGUES, applyLocale } from '../../src/shared/i18n/catalogues';

/** English whole (the popover's words and the main process's own): the source every language is checked against */
const en = CATALOGUES.en;
import { LOCALES, formatTag, matchLocale, resolveLocale } from '../../src/shared/i18n/locales';
import { formatMessage } from '../../src/shared/i18n/message-format';
import { companions, flatten, missingPluralForms, placeholders, selectsWithoutOther } from '../support/i18n-check';
import { pseudoCatalogue, pseudoMessage } from '../../src/shared/i18n/pseudo';
import { loadCatalogue } from '../../src/shared/i18n/load';
import { currentLocale, messages } from '../../src/shared/i18n/messages';

/** where two catalogues differ in keys or placeholders: empty when they agree */
export function differences(source: Catalogue, other: unknown): string[] {
  const a = flatten(source);
  const b = flatten(other);
  const found: string[] = [];
  for (const key of a.keys()) if (!b.has(key)) found.push(`missing ${key}`);
  for (const key of b.keys()) if (!a.has(key)) found.push(`extra ${key}`);
  for (const [key, text] of a) {
    const theirs = b.get(key);
    if (theirs === undefined) continue;
    const mine = placeholders(text);
    // a translation may also use the hour of a time English names ("a la 1:05" in Spanish)
    const allowed = new Set([...mine, ...companions(mine)]);
    const them = placeholders(theirs).filter((name) => !allowed.has(name) || mine.includes(name));
    const extra = placeholders(theirs).filter((name) => !allowed.has(name));
    if (mine.join(',') !== them.join(',') || extra.length > 0) found.push(`${key}: {${mine.join(',')}} vs {${placeholders(theirs).join(',')}}`);
  }
  return found;
}

/** every plural of a catalogue that lacks a form its language has, as "key (n: one)" */
export function missingForms(catalogue: unknown, locale: string): string[] {
  return [...flatten(catalogue)].flatMap(([key, text]) => missingPluralForms(text, locale).map((lack) => `${key} (${lack})`));
}

/** the letters a message shows of its own (its placeholders left out) */
const letters = (text: string) => text.replace(/\{[^{}]*\}/g, '').replace(/[^\p{L}]/gu, '').length;

describe('the catalogue', () => {
  it.each(LOCALES.filter((l) => l !== 'en'))('%s has exactly English’s keys and placeholders', (locale) => {
    expect(differences(en, CATALOGUES[locale])).toEqual([]);
  });

  it('the check finds a missing key, an extra key and a changed placeholder', () => {
    const broken = structuredClone(CATALOGUES.de) as unknown as { common: Record<string, unknown> };
    delete broken.common.starting;
    broken.common.surplus = 'x';
    broken.common.liveAgain = 'Schlüssel akzeptiert. {serverName} ist wieder live.';
    expect(differences(en, broken).sort()).toEqual(['common.liveAgain: {server} vs {serverName}', 'extra common.surplus', 'missing common.starting']);
    // the hour beside a time is grammar a translation may use; any other added name is refused
    const withHour = structuredClone(CATALOGUES.es) as unknown as { common: Record<string, unknown> };
    withHour.common.asOf = '{hour, plural, one {a la} other {a las}} {time}';
    expect(differences(en, withHour)).toEqual([]);
    withHour.common.asOf = '{minute, plural, one {a la} other {a las}} {time}';
    expect(differences(en, withHour)).toEqual(['common.asOf: {time} vs {minute,time}']);
  });

  it.each(LOCALES)('every plural in %s gives every form the language has', (locale) => {
    expect(missingForms(CATALOGUES[locale], locale)).toEqual([]);
  });

  it('the check finds a plural that lacks a form: French "many", English "one", none in Japanese', () => {
    expect(missingPluralForms('{n, plural, one {# chaîne} other {# chaînes}}', 'fr')).toEqual(['n: many']);
    expect(missingPluralForms('{n, plural, other {# watching}}', 'en')).toEqual(['n: one']);
    expect(missingPluralForms('{n, plural, other {# 件}}', 'ja')).toEqual([]);
    expect(missingPluralForms('{a, select, x {{n, plural, other {#}}} other {}}', 'de')).toEqual(['n: one']);
    expect(missingPluralForms('{n, selectordinal, one {#st} two {#nd} other {#th}}', 'en')).toEqual(['n: few']);
  });

  it.each(LOCALES)('every select in %s has an "other" form', (locale) => {
    const found = [...flatten(CATALOGUES[locale])].filter(([, text]) => selectsWithoutOther(text).length > 0).map(([key]) => key);
    expect(found).toEqual([]);
  });

  it.each(LOCALES)('every %s message formats, with no placeholder left unfilled', (locale) => {
    for (const [key, text] of flatten(CATALOGUES[locale])) {
      const params = Object.fromEntries(placeholders(text).map((name) => [name, 2]));
      const out = formatMessage(text, params, locale);
      expect(out, key).not.toMatch(/[{}]|undefined/);
    }
  });

  it('no message is left in English in another language by mistake (beyond names and shared words)', () => {
    const same = new Set(['tray.app', 'watching.hdr', 'settings.authBearer', 'common.troubleFixOf', 'notify.viewerWatching', 'notify.programmeOn', 'time.seconds', 'time.season', 'servers.name', 'settings.languageSystem', 'settings.serverNamed', 'settings.notifications', 'time.hoursMinutes', 'watching.facts.programme', 'settings.apiMissing', 'probe.labels.sessions']);
    for (const locale of LOCALES.filter((l) => l !== 'en')) {
      const theirs = flatten(CATALOGUES[locale]);
      const copied = [...flatten(en)].filter(([key, text]) => theirs.get(key) === text && letters(text) >= 8 && !same.has(key)).map(([key]) => key);
      expect(copied, locale).toEqual([]);
    }
  });
});

describe('messages', () => {
  it('are full ICU: select, selectordinal and nesting, as messageformat compiles them', () => {
    const text = '{kind, select, film {{n, plural, one {# film} other {# films}}} other {{n, selectordinal, one {#st} two {#nd} few {#rd} other {#th}} item}}';
    expect(formatMessage(text, { kind: 'film', n: 1 }, 'en')).toBe('1 film');
    expect(formatMessage(text, { kind: 'episode', n: 22 }, 'en')).toBe('22nd item');
    expect(formatMessage('{hour, plural, one {a la} other {a las}} {time}', { hour: 1, time: '1:05' }, 'es-MX')).toBe('a la 1:05');
    expect(formatMessage('{hour, plural, one {a la} other {a las}} {time}', { hour: 13, time: '13:05' }, 'es')).toBe('a las 13:05');
    // an apostrophe in a sentence is a letter, as ICU reads it
    expect(formatMessage("The server's {n, plural, one {channel} other {channels}}", { n: 2 }, 'en')).toBe("The server's channels");
    expect(() => formatMessage('{n, plural, one {#} other {#}', { n: 1 }, 'en')).toThrow();
    // a plural key the language does not have is refused
    expect(() => formatMessage('{n, plural, few {#} other {#}}', { n: 1 }, 'de')).toThrow();
  });

  it('fill named placeholders and pick plural forms by the locale’s rules, not n === 1', () => {
    const text = '{n, plural, one {# channel} other {# channels}}';
    expect(formatMessage(text, { n: 1 }, 'en')).toBe('1 channel');
    expect(formatMessage(text, { n: 0 }, 'en')).toBe('0 channels');
    // French: 0 and 1 are "one"; English: only 1
    expect(formatMessage('{n, plural, one {# chaîne} other {# chaînes}}', { n: 0 }, 'fr')).toBe('0 chaîne');
    expect(formatMessage(text, { n: 1200 }, 'de')).toBe('1.200 channels');
    expect(formatMessage('{n, plural, =0 {} other { and # more}}', { n: 0 }, 'en')).toBe('');
    expect(formatMessage('Hi {name}, {n, plural, other {# for {name}}}', { name: 'Ann', n: 3 }, 'en')).toBe('Hi Ann, 3 for Ann');
    expect(placeholders('Hi {name}, {n, plural, other {# for {who}}} {g, select, other {}}')).toEqual(['g', 'n', 'name', 'who']);
  });
});

describe('choosing the language', () => {
  it('takes the first system language the app has, by its base language, else English', () => {
    expect(matchLocale(['pt-BR', 'de-AT', 'fr'])).toBe('de');
    expect(matchLocale(['ja_JP'])).toBe('ja');
    expect(matchLocale(['pt-BR', 'zh-Hans'])).toBe('en');
    expect(matchLocale([])).toBe('en');
    expect(resolveLocale('system', ['es-MX'])).toBe('es');
    expect(resolveLocale('fr', ['es-MX'])).toBe('fr');
  });

  it('writes times with the system’s own tag in that language, its region kept', () => {
    expect(formatTag('en', ['en-GB', 'de'])).toBe('en-GB');
    expect(formatTag('de', ['en-GB', 'de_AT'])).toBe('de-AT');
    expect(formatTag('ja', ['en-GB'])).toBe('ja');
    expect(formatTag('pseudo', ['pseudo'])).toBe('en');
  });

  it('switches the process’s words at once', () => {
    applyLocale('de');
    expect(currentLocale()).toBe('de');
    expect(messages().common.settings).toBe('Einstellungen');
    applyLocale('en');
    expect(messages().common.settings).toBe('Settings');
  });

  it('the popover loads its own words only: the main process’s (alerts, the connection test, errors) stay out of its chunk', async () => {
    const host = ['reminders', 'alerts', 'key', 'sync', 'probe', 'lacks', 'errors', 'client', 'stored', 'settingsFile'];
    expect(Object.keys(await loadCatalogue('de')).sort()).toEqual(Object.keys(popoverEn).sort());
    for (const section of host) expect(Object.keys(popoverEn), section).not.toContain(section);
    for (const section of host) expect(Object.keys(CATALOGUES.de), section).toContain(section);
  });

  it('loads a language on demand', async () => {
    expect((await loadCatalogue('ja')).common.settings).toBe('設定');
  });
});

describe('the pseudo-locale', () => {
  it('accents and lengthens every message by about 40%, leaving placeholders and plural and select syntax intact, and brackets where each starts and ends', () => {
    const out = pseudoMessage('Key accepted. {server} is live again.');
    expect(out).toContain('{server}');
    expect(out).toMatch(/^⟦Ķéý åççéþţéð/);
    expect(out.length).toBeGreaterThanOrEqual(Math.round('Key accepted. {server} is live again.'.length * 1.3));
    const plural = pseudoMessage('{n, plural, one {# channel} other {# channels}}');
    expect(formatMessage(plural, { n: 2 }, 'en')).toContain('2 çĥåññéļš');
    expect(differences(en, pseudoCatalogue(en))).toEqual([]);
    const select = pseudoMessage('{kind, select, film {a film} other {{n, plural, one {# item} other {# items}}}}');
    expect(formatMessage(select, { kind: 'film', n: 1 }, 'en')).toMatch(/^⟦å ƒîļɱ ·*⟧$/);
    expect(formatMessage(select, { kind: 'x', n: 3 }, 'en')).toMatch(/^⟦3 îţéɱš ·*⟧$/);
    // two messages glued together show as two
    expect(`${formatMessage(pseudoMessage('Started'), {}, 'en')} ${formatMessage(pseudoMessage('watching'), {}, 'en')}`).toMatch(/^⟦[^⟦⟧]+⟧ ⟦[^⟦⟧]+⟧$/);
  });
});

/** French typography: a no-break space before : and a narrow one before ; ! ? », after « (a URL's "://" and a time's "21:10" are not punctuation) */
export function frenchSpacingFaults(text: string): string[] {
  const faults: string[] = [];
  for (const m of text.matchAll(/(.)([:;!?»])(?=\s|$|[}.,)])/gu)) {
    const [, before, mark] = m;
    const wanted = mark === ':' ? '\u00a0' : '\u202f';
    if (before !== wanted && !(mark === ':' && before === '\u202f')) faults.push(`${before}${mark}`);
  }
  for (const m of text.matchAll(/«(.)/gu)) if (m[1] !== '\u202f') faults.push(`«${m[1]}`);
  return faults;
}

describe('each language’s own typography, everywhere', () => {
  it('French: a no-break space before : and a narrow one before ; ! ? » and after «', () => {
    const found = [...flatten(CATALOGUES.fr)].filter(([, text]) => frenchSpacingFaults(text).length > 0).map(([key, text]) => `${key}: ${frenchSpacingFaults(text).join(' ')}`);
    expect(found).toEqual([]);
    expect(frenchSpacingFaults('Impossible : {reason}')).toEqual([' :']);
    expect(frenchSpacingFaults('Prêt ? « Oui »')).toEqual([' ?', ' »', '« ']);
    expect(frenchSpacingFaults('http://192.168.1.10:36020 à 21:10\u00a0: ok\u202f!')).toEqual([]);
  });

  it('Spanish: one quotation style, «…»', () => {
    const found = [...flatten(CATALOGUES.es)].filter(([, text]) => /[“”"]/.test(text)).map(([key]) => key);
    expect(found).toEqual([]);
  });

  it('German: one word for the event stream ("Stream") and for saving ("speichern")', () => {
    const found = [...flatten(CATALOGUES.de)].filter(([, text]) => /strom|sicher(n|t)\b|Sichern/i.test(text)).map(([key]) => key);
    expect(found).toEqual([]);
  });

  it('Airwave’s own screens are named as Airwave shows them, in the language’s quotation marks', () => {
    const quoted: Record<string, RegExp> = { en: /“Settings → [^”]+”/, de: /„Settings → [^“]+“/, fr: /«\u202fSettings → [^»]+\u202f»/, es: /«Settings → [^»]+»/, ja: /「Settings → [^」]+」/ };
    for (const locale of LOCALES) {
      const found = [...flatten(CATALOGUES[locale])].filter(([, text]) => text.includes('→') && !quoted[locale]!.test(text)).map(([key]) => key);
      expect(found, locale).toEqual([]);
    }
  });
});
