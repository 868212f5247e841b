/**
 * Whole sentences, one per language (issue 46): the activity log's line with the name inside it
 * where each language puts it (and without a place), History's peak today and another day with
 * the language's own "when" (no "a las Jue, 26 nov"), and the unit beside a number box agreeing
 * with the number (1 "Minute vorher", never "1 Minuten vorher").
 */
import { afterEach, describe, expect, it } from 'vitest';
import { applyLocale } from '../../src/shared/i18n/catalogues';
import { LOCALES, type Locale } from '../../src/shared/i18n/locales';
import { features } from '../../src/renderer/src/strings/features';
import { history } from '../../src/renderer/src/strings/history';
import { settings } from '../../src/renderer/src/strings/settings';

afterEach(() => applyLocale('en'));

/** `run` in each language, with the tag Intl writes in (English as en-GB: a 24-hour clock like the others) */
const inEach = <T>(run: () => T): Record<Locale, T> =>
  Object.fromEntries(LOCALES.map((locale) => [locale, (applyLocale(locale, locale === 'en' ? 'en-GB' : locale), run())])) as Record<Locale, T>;

describe('the activity log says one sentence per language, the name inside it', () => {
  it('started, stopped and changed channel, with and without a place', () => {
    expect(inEach(() => [features.started('Anna', '101 Sitcoms'), features.started('Anna', ''), features.stopped('Anna', '101 Sitcoms'), features.changed('Anna', '101 Sitcoms', '102 Kino')])).toEqual({
      en: ['Anna started watching 101 Sitcoms', 'Anna started watching', 'Anna stopped watching 101 Sitcoms', 'Anna changed from 101 Sitcoms to 102 Kino'],
      de: ['Anna hat 101 Sitcoms eingeschaltet', 'Anna hat eingeschaltet', 'Anna hat 101 Sitcoms ausgeschaltet', 'Anna hat von 101 Sitcoms auf 102 Kino umgeschaltet'],
      fr: ['Anna a commencé à regarder 101 Sitcoms', 'Anna a commencé à regarder', 'Anna a arrêté de regarder 101 Sitcoms', 'Anna a quitté 101 Sitcoms pour 102 Kino'],
      es: ['Anna empezó a ver 101 Sitcoms', 'Anna empezó a ver la tele', 'Anna dejó de ver 101 Sitcoms', 'Anna cambió de 101 Sitcoms a 102 Kino'],
      ja: ['Anna が 101 Sitcoms を見始めました', 'Anna が視聴を始めました', 'Anna が 101 Sitcoms の視聴をやめました', 'Anna が 101 Sitcoms から 102 Kino に切り替えました'],
    });
  });
});

describe('History’s peak says when in the language’s own words', () => {
  const now = new Date(2026, 10, 26, 22, 0).getTime();
  const today = new Date(2026, 10, 26, 21, 10).getTime();
  const yesterday = new Date(2026, 10, 25, 13, 5).getTime();
  const monday = new Date(2026, 10, 23, 1, 5).getTime();
  const longAgo = new Date(2026, 10, 12, 21, 10).getTime();
  const peaks = () => [today, yesterday, monday, longAgo].map((at) => history.peakValue({ count: 5, at }, now));

  it('today, yesterday, a weekday and a date', () => {
    expect(inEach(peaks)).toEqual({
      en: ['5 at 21:10', '5 yesterday at 13:05', '5 on Monday at 01:05', '5 on 12 November at 21:10'],
      de: ['5 um 21:10', '5 gestern um 13:05', '5 am Montag um 01:05', '5 am 12. November um 21:10'],
      fr: ['5 à 21:10', '5 hier à 13:05', '5 lundi à 01:05', '5 le 12 novembre à 21:10'],
      es: ['5 a las 21:10', '5 ayer a las 13:05', '5 el lunes a la 1:05', '5 el 12 de noviembre a las 21:10'],
      ja: ['5 人（21:10）', '5 人（昨日 13:05）', '5 人（月曜日 1:05）', '5 人（11月12日 21:10）'],
    });
  });

  it('the chart’s name is one sentence with the span and the peak in it', () => {
    expect(inEach(() => history.chartName('7d', { count: 5, at: yesterday }, now))).toEqual({
      en: 'Viewers over the last 7 days: peak 5 yesterday at 13:05',
      de: 'Zuschauer in den letzten 7 Tagen: Spitzenwert 5 gestern um 13:05',
      fr: 'Spectateurs des 7 derniers jours\u00a0: pic de 5 hier à 13:05',
      es: 'Espectadores en los últimos 7 días: máximo de 5 ayer a las 13:05',
      ja: '過去 7 日間の視聴者：最大 5 人（昨日 13:05）',
    });
  });
});

describe('a number box and its unit agree', () => {
  it('a lead time of 1 minute, and of 5', () => {
    expect(inEach(() => [features.leadUnit(1), features.leadUnit(5), settings.seconds(1)])).toEqual({
      en: ['minute before', 'minutes before', 'second'],
      de: ['Minute vorher', 'Minuten vorher', 'Sekunde'],
      fr: ['minute avant', 'minutes avant', 'seconde'],
      es: ['minuto antes', 'minutos antes', 'segundo'],
      ja: ['分前', '分前', '秒'],
    });
  });
});
