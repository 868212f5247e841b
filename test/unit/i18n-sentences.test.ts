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
import { away } from '../../src/renderer/src/strings/away';
import { history } from '../../src/renderer/src/strings/history';
import { settings } from '../../src/renderer/src/strings/settings';
import { guideText as guide } from '../../src/renderer/src/strings/guide';
import { localTime, programmeTitle } from '../../src/shared/format';

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
  // the last 24 hours: a day's range, so a peak today says its time alone; the last 7 days name its day, today too
  const day = { span: '24h' as const, unit: 'quarter' as const, from: now - 24 * 3_600_000, to: now };
  const week = { span: '7d' as const, unit: 'hour' as const, from: now - 7 * 86_400_000, to: now };
  const peaks = () => [today, yesterday, monday, longAgo].map((at) => history.peakValue({ count: 5, at }, day, now));

  it('today, yesterday, a weekday and a date', () => {
    expect(inEach(peaks)).toEqual({
      en: ['5 at 21:10', '5 yesterday at 13:05', '5 on Monday at 01:05', '5 on 12 November at 21:10'],
      de: ['5 Zuschauer um 21:10', '5 Zuschauer gestern um 13:05', '5 Zuschauer am Montag um 01:05', '5 Zuschauer am 12. November um 21:10'],
      fr: ['5 à 21:10', '5 hier à 13:05', '5 lundi à 01:05', '5 le 12 novembre à 21:10'],
      es: ['5 a las 21:10', '5 ayer a las 13:05', '5 el lunes a la 1:05', '5 el 12 de noviembre a las 21:10'],
      ja: ['5 人（21:10）', '5 人（昨日 13:05）', '5 人（月曜日 1:05）', '5 人（11月12日 21:10）'],
    });
  });

  it('today named as a day in a range longer than a day, in the same one phrase', () => {
    expect(inEach(() => history.peakValue({ count: 5, at: today }, week, now))).toEqual({
      en: '5 today at 21:10',
      de: '5 Zuschauer heute um 21:10',
      fr: '5 aujourd’hui à 21:10',
      es: '5 hoy a las 21:10',
      ja: '5 人（今日 21:10）',
    });
  });

  it('the chart’s name is one sentence with the span and the peak in it', () => {
    expect(inEach(() => history.chartName(week, { count: 5, at: yesterday }, now))).toEqual({
      en: 'Viewers over the last 7 days: peak 5 yesterday at 13:05',
      de: 'Zuschauer in den letzten 7 Tagen: Spitzenwert 5 Zuschauer gestern um 13:05',
      fr: 'Spectateurs des 7 derniers jours\u00a0: pic de 5 hier à 13:05',
      es: 'Espectadores en los últimos 7 días: máximo de 5 ayer a las 13:05',
      ja: '過去 7 日間の視聴者：最大 5 人（昨日 13:05）',
    });
  });
});

describe('History’s lines are whole sentences, their parts placeholders', () => {
  const now = new Date(2026, 10, 26, 22, 0).getTime();
  const day = { span: '24h' as const, unit: 'quarter' as const, from: now - 24 * 3_600_000, to: now };
  const month = { span: 'month' as const, unit: 'day' as const, from: new Date(2026, 10, 1).getTime(), to: now };
  const viewers = [
    { name: 'Ana', programme: 'Friends', channel: '101 Comedy', server: null, minutes: 20 },
    { name: 'Ben', programme: null, channel: '102 Kino', server: 'Cabin', minutes: 0.5 },
  ];

  it('the line under the chart: who watched, each viewer one message, how many more in the sentence, how long in a day’s column', () => {
    const lines = () => [
      history.moment(new Date(2026, 10, 26, 21, 15).getTime(), day, now, { followed: true, peak: 2, more: 3, viewers }),
      history.moment(new Date(2026, 10, 25).getTime(), month, now, { followed: true, peak: 2, more: 0, viewers }),
    ];
    expect(inEach(lines)).toEqual({
      en: ['21:15: 2 watching: Ana, Friends on 101 Comedy; Ben (Cabin) on 102 Kino; 3 more', 'Yesterday: 2 watching: Ana, Friends on 101 Comedy (20 min); Ben (Cabin) on 102 Kino (under 1 min)'],
      de: ['21:15: 2 schauen zu: Ana, Friends auf 101 Comedy; Ben (Cabin) auf 102 Kino; 3 weitere Personen', 'Gestern: 2 schauen zu: Ana, Friends auf 101 Comedy (20 Min.); Ben (Cabin) auf 102 Kino (unter 1 Min.)'],
      fr: ['21:15\u00a0: 2 spectateurs\u00a0: Ana, Friends sur 101 Comedy\u202f; Ben (Cabin) sur 102 Kino\u202f; 3 autres', 'Hier\u00a0: 2 spectateurs\u00a0: Ana, Friends sur 101 Comedy (20 min)\u202f; Ben (Cabin) sur 102 Kino (moins d’1 min)'],
      es: ['21:15: 2 espectadores: Ana, Friends en 101 Comedy; Ben (Cabin) en 102 Kino; 3 más', 'Ayer: 2 espectadores: Ana, Friends en 101 Comedy (20 min); Ben (Cabin) en 102 Kino (menos de 1 min)'],
      ja: ['21:15：2 人が視聴中：Ana、Friends（101 Comedy）、Ben（Cabin）（102 Kino）、ほか 3 人', '昨日：2 人が視聴中：Ana、Friends（101 Comedy）：20 分、Ben（Cabin）（102 Kino）：1 分未満'],
    });
  });

  it('the away line: one sentence with its peak, one without, one for nobody', () => {
    const since = now - 2 * 3_600_000;
    const lines = () => [
      away.line({ since, to: now, people: 3, programmes: 1, peak: { count: 2, at: now - 3_600_000 } }, now),
      away.line({ since, to: now, people: 1, programmes: 2, peak: null }, now),
      away.line({ since, to: now, people: 0, programmes: 0, peak: null }, now),
    ];
    expect(inEach(lines)).toEqual({
      en: ['3 people watched 1 programme since 20:00; peak 2 at 21:00', '1 person watched 2 programmes since 20:00', 'Nobody watched since 20:00'],
      de: ['3 Personen haben seit 20:00 1 Sendung gesehen; Spitzenwert 2 Zuschauer um 21:00', '1 Person hat seit 20:00 2 Sendungen gesehen', 'Niemand hat seit 20:00 zugeschaut'],
      fr: ['3 personnes ont regardé 1 programme depuis 20:00\u202f; pic de 2 à 21:00', '1 personne a regardé 2 programmes depuis 20:00', 'Personne n’a regardé depuis 20:00'],
      es: ['3 personas vieron 1 programa desde las 20:00; máximo de 2 a las 21:00', '1 persona vio 2 programas desde las 20:00', 'Nadie vio nada desde las 20:00'],
      ja: ['20:00 以降、3 人が 1 番組を視聴しました。最大 2 人（21:00）', '20:00 以降、1 人が 2 番組を視聴しました', '20:00 以降、視聴した人はいません'],
    });
  });

  it('followed time at the range’s scale, the range’s days in the case “of” asks', () => {
    expect(inEach(() => history.followedValue(5 * 86_400_000 + 3 * 3_600_000, { from: 0, to: 7 * 86_400_000 }))).toEqual({
      en: '5.1 days of 7 days',
      de: '5,1 Tage von 7 Tagen',
      fr: '5,1 jours sur 7 jours',
      es: '5,1 días de 7 días',
      ja: '7 日中 5.1 日',
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

describe('a guide block’s name for screen readers is one sentence per language (guide.blockRest)', () => {
  it('the rest of its title, its times and channel, on now and its marks, each language’s words in its own case', () => {
    const marks = { fresh: true, reminded: true, followed: true };
    expect(
      inEach(() => {
        const [start, end] = [localTime(0), localTime(3_600_000)];
        return [guide.blockRest('The Pilot', 0, 3_600_000, '101 Sitcoms', true, marks).replace(start, 'START').replace(end, 'END'), guide.blockRest(null, 0, 3_600_000, '101 Sitcoms', false, { fresh: false, reminded: true, followed: false }).replace(start, 'START').replace(end, 'END')];
      }),
    ).toEqual({
      en: [': The Pilot, START to END on 101 Sitcoms, on now, new episode, reminder set, following', ', START to END on 101 Sitcoms, reminder set'],
      de: [': The Pilot, START bis END auf 101 Sitcoms, läuft jetzt, neue Folge, Erinnerung gesetzt, Sie folgen diesem Titel', ', START bis END auf 101 Sitcoms, Erinnerung gesetzt'],
      fr: ['\u00a0: The Pilot, de START à END sur 101 Sitcoms, en direct, épisode inédit, rappel créé, titre suivi', ', de START à END sur 101 Sitcoms, rappel créé'],
      es: [': The Pilot, de START a END en 101 Sitcoms, ahora, episodio nuevo, recordatorio creado, siguiendo este título', ', de START a END en 101 Sitcoms, recordatorio creado'],
      ja: ['：The Pilot、START～END、101 Sitcoms、放送中、新しいエピソード、リマインダー設定済み、フォロー中', '、START～END、101 Sitcoms、リマインダー設定済み'],
    });
  });
});

describe('a show and its episode’s title, with each language’s colon (common.labelled)', () => {
  it('programmeTitle', () => {
    expect(inEach(() => programmeTitle({ title: 'The Pilot', showTitle: 'Friends' }))).toEqual({
      en: 'Friends: The Pilot',
      de: 'Friends: The Pilot',
      fr: 'Friends\u00a0: The Pilot',
      es: 'Friends: The Pilot',
      ja: 'Friends：The Pilot',
    });
  });
});
