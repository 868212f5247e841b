/**
 * The core's words follow the language in use the moment it changes: notifications (the verb
 * agrees with how many people, as German and French want), the footer's connection words, times
 * and lengths, lists joined the language's way, the tray's tooltip and menu, reminders and health
 * alerts, and Spanish's article for one o'clock ("a la 1:00", "a las 13:00").
 */
import { afterEach, describe, expect, it } from 'vitest';
import { applyLocale, CATALOGUES } from '../../src/shared/i18n/catalogues';
import { t } from '../../src/shared/i18n/messages';
import { ago, clock, dayClock, duration, episodeLabel, listOf } from '../../src/shared/format';
import { NAMED_MAX, who, words, type Started } from '../../src/main/core/notifications/words';
import { firedNotice, missedNotice } from '../../src/main/core/features/reminder-words';
import { HealthAlerts } from '../../src/main/core/features/health-alerts';
import { DEFAULT_FEATURE_SETTINGS } from '../../src/main/core/features/feature-settings';
import { memoryStore } from '../../src/main/core/features/json-store';
import { keyRejectedMessage } from '../../src/main/core/sync/reporting';
import { initialState, type AppState } from '../../src/main/core/state';
import type { Reminder } from '../../src/shared/bridge';
import type { NotificationRequest } from '../../src/main/core/viewers/notify-policy';
import { formatMessage } from '../../src/shared/i18n/message-format';
import { ManualClock } from '../support/manual-clock';
import { ApiError } from '../../src/main/core/client/errors';
import { describeStatus, explainUnreachable } from '../../src/main/core/connection-test/probe-words';
import { probeFailure } from '../../src/main/core/connection-test/probe-view';
import { parseServerUrl } from '../../src/shared/server-url';
import { parseStatus } from '../../src/shared/airwave';
import { statusError } from '../../src/main/core/client/answers';
import type { RawResponse } from '../../src/main/core/client/http';
import { AirwaveClient } from '../../src/main/core/client/client';
import { GuideReader, type GuideReadError } from '../../src/main/core/guide/reader';
import { contractWords } from '../../src/main/core/client/contract-words';
import { droppedName, droppedWords } from '../../src/shared/tolerant';
import { channel } from '../../src/renderer/src/strings/channel';
import { common } from '../../src/renderer/src/strings/common';
import { onNow } from '../../src/renderer/src/strings/on-now';
import { watching } from '../../src/renderer/src/strings/watching';

afterEach(() => applyLocale('en'));

describe('the core speaks the language in use', () => {
  it('notifications: the verb agrees with the number of people', () => {
    const friends = { kind: 'programme', what: 'Friends' } as const;
    expect(words.started('Ann', friends, 1)).toBe('Ann started watching Friends');
    applyLocale('de');
    expect(words.started('Ann', friends, 1)).toBe('Ann schaut jetzt Friends');
    expect(words.started(who(['Ann', 'Ben']), friends, 2)).toBe('Ann und Ben schauen jetzt Friends');
    expect(who(['Ann', 'Ben', 'Cem', 'Dia'])).toBe('Ann, Ben und 2 weitere');
    applyLocale('fr');
    expect(words.started(who(['Ann', 'Ben']), { kind: 'programme', what: null }, 2)).toBe('Ann et Ben regardent');
    applyLocale('ja');
    expect(words.actions.snooze(10)).toBe('10 分後に再通知');
  });

  it('notifications: a channel with nothing on, and a follow-up, are whole sentences in every language', () => {
    const deadAir = { kind: 'nothing-on', channel: '106 Dead Air' } as const;
    const nowhere = { kind: 'nothing-on', channel: null } as const;
    const nothing = { kind: 'programme', what: null } as const;
    const expected: Record<string, string[]> = {
      en: [
        'Kofi is watching 106 Dead Air: nothing on',
        'Kofi and Ann are also watching 106 Dead Air: nothing on',
        'Kofi is watching a channel with nothing on',
        'Ann, Bob and 3 others also started watching',
        'Ann also started watching Friends',
      ],
      de: [
        'Kofi schaut 106 Dead Air: gerade nichts im Programm',
        'Kofi und Ann schauen auch 106 Dead Air: gerade nichts im Programm',
        'Kofi schaut einen Sender, auf dem gerade nichts läuft',
        'Ann, Bob und 3 weitere schauen jetzt auch zu',
        'Ann schaut jetzt auch Friends',
      ],
      fr: [
        'Kofi regarde 106 Dead Air\u00a0: rien à l’antenne',
        'Kofi et Ann regardent aussi 106 Dead Air\u00a0: rien à l’antenne',
        'Kofi regarde une chaîne où rien n’est à l’antenne',
        'Ann, Bob et 3 autres regardent aussi',
        'Ann regarde aussi Friends',
      ],
      es: [
        'Kofi está viendo 106 Dead Air: ahora no emite nada',
        'Kofi y Ann también están viendo 106 Dead Air: ahora no emite nada',
        'Kofi está viendo un canal que ahora no emite nada',
        'Ann, Bob y 3 más también empezaron a ver algo',
        'Ann también empezó a ver Friends',
      ],
      ja: [
        'Kofi が 106 Dead Air を視聴中です（現在放送なし）',
        'Kofi、Ann も 106 Dead Air を視聴中です（現在放送なし）',
        'Kofi が放送のないチャンネルを視聴中です',
        'Ann、Bob ほか 3 人も視聴を開始しました',
        'Ann も Friends の視聴を開始しました',
      ],
    };
    for (const [locale, sentences] of Object.entries(expected)) {
      applyLocale(locale as 'en');
      expect([
        words.started('Kofi', deadAir, 1),
        words.started(who(['Kofi', 'Ann']), deadAir, 2, true),
        words.started('Kofi', nowhere, 1),
        words.started(who(['Ann', 'Bob', 'Cy', 'Di', 'Eve']), nothing, 5, true),
        words.started('Ann', { kind: 'programme', what: 'Friends' }, 1, true),
      ]).toEqual(sentences);
    }
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

/** a local wall-clock time on a fixed day (the same digits in every time zone) */
const at = (hour: number, minute = 0) => new Date(2026, 0, 15, hour, minute).getTime();

function reminder(startsAt: number): Reminder {
  const iso = (ms: number) => new Date(ms).toISOString();
  return {
    id: 'r1', from: 'you', addedAt: startsAt - 3_600_000, channelId: 'ch-101', channelNumber: 101, channelName: '90s Sitcoms',
    title: 'Friends', showTitle: null, ratingKey: 'rk-1', startsAt: iso(startsAt), endsAt: iso(startsAt + 1_800_000),
  };
}

/** a server whose key worked and is refused now, and one full, told by HealthAlerts */
function healthNotes(): NotificationRequest[] {
  const notes: NotificationRequest[] = [];
  const alerts = new HealthAlerts({ clock: new ManualClock(at(20)), store: memoryStore(), settings: () => DEFAULT_FEATURE_SETTINGS.health, notify: (n) => notes.push(n), problem: () => {} });
  const base = { ...initialState(at(20)), server: { url: 'http://tv.local:36020/api/public/v1', name: 'Wohnzimmer' } };
  const with_ = (connection: Partial<AppState['connection']>): AppState => ({ ...base, connection: { ...base.connection, attempt: 0, suspended: false, ...connection } });
  alerts.observe(with_({ state: 'live', message: '' }));
  alerts.observe(with_({ state: 'unauthorized', message: '', keyWorked: { until: at(19, 12) } } as Partial<AppState['connection']>));
  return notes;
}

describe('reminders and health alerts speak the language in use', () => {
  it('a reminder that fires, one that moved and several missed, in German and Japanese', () => {
    const r = reminder(at(21));
    applyLocale('de');
    expect(firedNotice(r, { kind: 'unknown' }, at(20, 55)).title).toBe('Beginnt in 5 Min.: Friends');
    expect(firedNotice(r, { kind: 'moved', startsAt: new Date(at(21, 30)).toISOString(), endsAt: new Date(at(22)).toISOString() }, at(20, 55)).title).toBe('Friends verschoben: jetzt um 21:30');
    expect(missedNotice([r, r], 'asleep', at(22)).title).toBe('2 Erinnerungen verpasst, während der Computer schlief');
    applyLocale('ja');
    expect(firedNotice(r, { kind: 'unknown' }, at(21)).title).toBe('いま始まります：Friends');
    expect(missedNotice([r], 'closed', at(22)).title).toBe('アプリの終了中に見逃しました：Friends');
  });

  it('a key refused now, in German and Japanese (and English unchanged)', () => {
    expect(healthNotes()[0]!.title).toBe('Wohnzimmer refuses the API key now');
    applyLocale('de');
    const [de] = healthNotes();
    expect(de!.title).toBe('Wohnzimmer lehnt den API-Schlüssel jetzt ab');
    // one sentence of German's own, not "Der Schlüssel wird {refused}" (which read as "is being regenerated")
    expect(de!.body).toBe('Der Schlüssel hat bis 19:12 funktioniert und wird jetzt abgelehnt: Er wurde auf dem Server neu erzeugt, widerrufen oder eingeschränkt. Fügen Sie in den Einstellungen einen neuen ein.');
    applyLocale('ja');
    expect(healthNotes()[0]!.title).toBe('Wohnzimmer が API キーを受け付けなくなりました');
    expect(keyRejectedMessage(false, 15 * 60_000, null, Date.now())).toMatch(/15 分ごとに再確認します。$/);
  });

  it('German counts one viewer in the singular: "1 schaut zu", "2 schauen zu"', () => {
    applyLocale('de');
    const w = CATALOGUES.de;
    for (const message of [w.tray.watching, w.servers.watching, w.common.watchingCount]) {
      expect(t(message, { n: 1 })).toBe('1 schaut zu');
      expect(t(message, { n: 2 })).toBe('2 schauen zu');
    }
  });

  it('Spanish says "a la 1:00" at one o’clock and "a las" at any other hour', () => {
    applyLocale('es');
    const moved = (hour: number) => firedNotice(reminder(at(hour)), { kind: 'moved', startsAt: new Date(at(hour, 30)).toISOString(), endsAt: new Date(at(hour + 1)).toISOString() }, at(hour) - 600_000);
    expect(moved(1).title).toBe('Friends cambió de hora: ahora a la 1:30');
    expect(moved(1).body).toBe('101 90s Sitcoms · estaba previsto a la 1:00');
    expect(moved(13).title).toBe('Friends cambió de hora: ahora a las 13:30');
    expect(moved(13).body).toBe('101 90s Sitcoms · estaba previsto a las 13:00');
    // the article is the message's own plural on the hour the time shows, given by clock(): no rule in the formatter
    expect(formatMessage('hasta las {time}', { time: '01:05' }, 'es-ES')).toBe('hasta las 01:05');
    // (a card's end may be another day's: dayClock gives the day with the hour, shared/when.ts)
    expect(t(CATALOGUES.es.watching.ends, dayClock(at(1, 5), at(1, 0)))).toMatch(/^termina a la 0?1:05$/);
    expect(t(CATALOGUES.es.watching.ends, dayClock(at(13, 5), at(13, 0)))).toMatch(/^termina a las 13:05$/);
    expect(clock(at(13, 5), 'time', 'es-MX')).toEqual({ time: expect.stringMatching(/^1:05\sp\.\s?m\.$/), hour: 1 });
    expect(clock(at(0, 30), 'since', 'es-ES')).toEqual({ since: '0:30', sinceHour: 0 });
  });
});

describe('the connection test speaks the language in use (the doctor applies English)', () => {
  const server = (() => {
    const parsed = parseServerUrl('http://tv.local:36020');
    if (!parsed.ok) throw new Error(parsed.reason);
    return parsed.address;
  })();
  const status = parseStatus({ product: 'airwave', version: '0.15.10', name: 'Wohnzimmer', uptimeSeconds: 3 * 86_400 + 7_200, counts: { channels: 1, packages: 2, activeSessions: 1 } });

  it('its fixes, its status line and a step’s label, in German and Japanese', () => {
    const timeout = new ApiError('timeout', 'GET /status did not answer within 10 s.', { endpoint: 'GET /status' });
    expect(explainUnreachable(timeout, server).fix).toBe('Check that the server is on and that no firewall blocks the port between here and there.');
    expect(describeStatus(status)).toBe('“Wohnzimmer” · version 0.15.10 · up 3 d 2 h · 1 channel, 2 packages, 1 active session');
    applyLocale('de');
    expect(explainUnreachable(timeout, server).fix).toBe('Prüfen Sie, ob der Server läuft und ob eine Firewall den Port auf dem Weg dorthin sperrt.');
    expect(describeStatus(status)).toBe('„Wohnzimmer“ · Version 0.15.10 · läuft seit 3 Tg. 2 Std. · 1 Sender, 2 Pakete, 1 aktive Sitzung');
    expect(probeFailure('http://tv.local:36020', { kind: 'key-missing', message: 'x' }).steps[0]!.label).toBe('API-Schlüssel');
    applyLocale('ja');
    expect(explainUnreachable(new ApiError('busy', 'busy', { endpoint: 'GET /status' }), server).fix).toBe('少し待ってから、もう一度テストしてください。');
    expect(describeStatus(status)).toContain('稼働 3 日 2 時間 · 1 チャンネル');
    // the server's name in each language's own quotation marks (the message holds them, not the code)
    expect(describeStatus(status)).toMatch(/^「Wohnzimmer」 · /);
    applyLocale('fr');
    expect(describeStatus(status)).toMatch(/^«\u202fWohnzimmer\u202f» · /);
    applyLocale('es');
    expect(describeStatus(status)).toMatch(/^«Wohnzimmer» · /);
  });
});

describe('the API client’s failures and the first state speak the language in use (issue 38)', () => {
  const answer = (status: number, body: unknown): RawResponse => ({ status, headers: {}, body: Buffer.from(JSON.stringify(body)) });
  const refusedKey = () => statusError('GET /status', answer(401, { error: { code: 'unauthorized', message: 'bad key' } }), 0);
  const full = () => statusError('GET /events', answer(503, {}), 0);
  const badNumber = () => new AirwaveClient({ server: 'http://127.0.0.1:9', apiKey: 'k' }).channelNowByNumber(1.5);

  it('English stays as it was, word for word', async () => {
    expect(refusedKey().message).toBe('The server rejected the API key. The server said: "bad key"');
    expect(full().message).toBe('The server had a problem (HTTP 503).');
    await expect(badNumber()).rejects.toThrow('A channel number is a whole number, like 101.');
    expect(initialState(0).connection.message).toBe('No server yet');
  });

  it('German and Japanese: the sentence is the language’s, the server’s own words and the HTTP code stay', async () => {
    applyLocale('de');
    expect(refusedKey().message).toBe('Der Server hat den API-Schlüssel abgelehnt. Der Server meldet: „bad key“');
    expect(full().message).toBe('Auf dem Server ist ein Fehler aufgetreten (HTTP 503).');
    await expect(badNumber()).rejects.toThrow('Eine Sendernummer ist eine ganze Zahl, etwa 101.');
    expect(initialState(0).connection.message).toBe('Noch kein Server');
    applyLocale('ja');
    expect(refusedKey().message).toBe('サーバが API キーを拒否しました。サーバからのメッセージ：「bad key」');
    expect(full().message).toBe('サーバで問題が発生しました（HTTP 503）。');
    await expect(badNumber()).rejects.toThrow('チャンネル番号は 101 のような整数です。');
    expect(initialState(0).connection.message).toBe('サーバ未設定');
    expect(refusedKey().kind).toBe('unauthorized');
  });

  it('the pseudo-locale derives them from English (accented, in brackets), the status code kept', () => {
    applyLocale('pseudo');
    expect(full().message).toMatch(/^⟦Ţĥé šéŕvéŕ .*\(HŢŢP 503\)/u);
    expect(initialState(0).connection.message).not.toBe('No server yet');
  });

  it('the connection test tells a missing host name and an untrusted certificate by the system’s code, whatever the language', () => {
    const server = (() => {
      const parsed = parseServerUrl('http://tv.local:36020');
      if (!parsed.ok) throw new Error(parsed.reason);
      return parsed.address;
    })();
    // the code one cause down, as undici nests it; the message is in the language in use
    const failure = (code: string) => new ApiError('unreachable', 'ホスト', { endpoint: 'GET /status', cause: new Error('fetch failed', { cause: Object.assign(new Error('x'), { code }) }) });
    applyLocale('ja');
    const f = CATALOGUES.ja.probe.fixes;
    expect(explainUnreachable(failure('ENOTFOUND'), server).fix).toBe(f.hostName);
    expect(explainUnreachable(failure('DEPTH_ZERO_SELF_SIGNED_CERT'), server).fix).toBe(f.certificate);
  });
});

describe('what could not be read speaks the language in use: the guide, a broken contract, a file’s lost fields (issue 38)', () => {
  /** the error a guide reader throws for `text` (a guide cut short, or one that is not an object), or null */
  const guideFailure = (text: string): GuideReadError | null => {
    const reader = new GuideReader({ maxEntryBytes: 1024 * 1024, maxDepth: 16, maxChannels: 100, maxProgrammes: 1000 }, { header: () => {}, channel: () => {} }, (x) => x);
    try {
      reader.write(Buffer.from(text));
      reader.end(text.length);
    } catch (error) {
      return error as GuideReadError;
    }
    return null;
  };
  /** what the view says of it */
  const guideError = (text: string): string => guideFailure(text)?.message ?? 'no error';
  /** what the log says of a guide the app cannot work with (the view says it plainly: guideError) */
  const guideDetail = (text: string): string => guideFailure(text)?.detail ?? 'no detail';
  const missing = () => contractWords('GET /guide/now', 'channels[3].now', { kind: 'missing' });
  const badTime = () => contractWords('GET /status', 'serverTime', { kind: 'check', problem: 'expected an ISO-8601 time', received: '"soon"' });
  const lost = () => droppedWords(['theme', 'shortcut'], [droppedName({ path: ['reminders', 1], raw: null, entry: true })]);

  it('English stays as it was, word for word', () => {
    expect(guideError('[1]')).toBe('The server sent a guide that is not a JSON object. Is this the address of an Airwave server?');
    expect(guideError('{"channels": [')).toBe('The guide ended before it was complete (after 0 channels, 0 MB).');
    expect(guideError('{"channels": {"a": 1}}')).toBe('The server sent something this app could not read in GET /guide.');
    expect(guideDetail('{"channels": {"a": 1}}')).toBe('Unexpected response from GET /guide: channels: expected Array');
    expect(missing()).toBe('Unexpected response from GET /guide/now: channels[3].now: required field is missing');
    expect(badTime()).toBe('Unexpected response from GET /status: serverTime: expected an ISO-8601 time (received "soon")');
    expect(lost()).toBe('theme and shortcut were not usable and are back to their defaults; entry 2 of reminders could not be read and was left out');
  });

  it('German and Japanese: the sentence is the language’s, endpoints, fields and the server’s values stay', () => {
    applyLocale('de');
    expect(guideError('[1]')).toBe('Der Server hat ein Programm geschickt, das kein JSON-Objekt ist. Ist das die Adresse eines Airwave-Servers?');
    expect(missing()).toBe('Unerwartete Antwort von GET /guide/now: channels[3].now: Pflichtfeld fehlt');
    expect(guideError('{"channels": {"a": 1}}')).toBe('Der Server hat in GET /guide etwas geschickt, das diese App nicht lesen kann.');
    expect(guideDetail('{"channels": {"a": 1}}')).toBe('Unerwartete Antwort von GET /guide: channels: Array erwartet');
    expect(badTime()).toBe('Unerwartete Antwort von GET /status: serverTime: Zeitangabe nach ISO 8601 erwartet ("soon" erhalten)');
    expect(lost()).toBe('theme und shortcut waren nicht verwendbar und stehen wieder auf ihren Standardwerten; Eintrag 2 von reminders war nicht lesbar und wurde weggelassen');
    expect(droppedWords([], [], '')).toBe('');
    applyLocale('ja');
    expect(guideError('{"channels": [')).toBe('番組表が途中で終わりました（0 チャンネル、0 MB 受信後）。');
    expect(missing()).toBe('GET /guide/now から想定外の応答：channels[3].now：必須のフィールドがありません');
    // one message, each language's own punctuation between its halves (not an English "; ")
    expect(lost()).toBe('theme、shortcutは使えない値だったため既定値に戻し、reminders の 2 番目の項目は読み取れなかったため除外しました');
    expect(droppedWords([], ['x'], '（設定）')).toBe('xは読み取れなかったため、除外しました（設定）');
    applyLocale('fr');
    expect(lost()).toMatch(/valeurs par défaut\u202f; l’app a écarté /);
    expect(droppedWords(['theme'], [])).toBe('theme n’était pas utilisable et revient à sa valeur par défaut');
    applyLocale('ja');
  });
});

describe('the channel sheet says when what it holds was on screen in the language in use (issue 38)', () => {
  it('"at 18:02" and "earlier" are each one whole sentence of the language, not a fragment filled into another', () => {
    expect(channel.heldAnswer(null)).toBe('The server cannot be reached; this is what was on screen earlier.');
    applyLocale('de');
    expect(channel.heldAnswer(null)).toBe('Der Server ist nicht erreichbar; so sah es vorhin aus.');
    expect(channel.laterFromGuide(null)).toBe('Aus dem Programm, das die App vorhin geladen hatte.');
    const held = new Date(2026, 2, 11, 18, 2).getTime();
    expect(channel.heldAnswer(held, held + 60_000)).toBe('Der Server ist nicht erreichbar; so sah es um 18:02 aus.');
    // another day: the one "when" phrase says it whole (issue 48: a time not today carries its day)
    expect(channel.heldAnswer(held, new Date(2026, 2, 12, 9, 0).getTime())).toBe('Der Server ist nicht erreichbar; so sah es gestern um 18:02 aus.');
    expect(channel.laterFromGuide(held, new Date(2026, 2, 12, 9, 0).getTime())).toBe('Aus dem Programm, das die App gestern um 18:02 geladen hatte.');
    applyLocale('es');
    const early = new Date(2026, 2, 11, 1, 2).getTime();
    expect(channel.heldAnswer(early, early + 60_000)).toBe('No se puede acceder al servidor; esto es lo que se veía a la 1:02.');
    applyLocale('ja');
    expect(channel.heldAnswer(null)).toBe('サーバに接続できません。以前に表示されていた内容です。');
  });
});

// issue 48 item 4 under issue 46's rules: a time not today carries its day through the one short "when"
// (shared/when.ts), and each language's sentence agrees with it (an article, a preposition) as one message
describe('a time that may not be today, in each language’s own sentence', () => {
  const now = new Date(2026, 8, 27, 9, 30).getTime();
  const today = new Date(2026, 8, 27, 8, 5).getTime();
  const monday = new Date(2026, 8, 21, 18, 22).getTime(); // within a week: its weekday
  const july = new Date(2026, 6, 27, 18, 22).getTime(); // further off: its date
  const lastYear = new Date(2025, 11, 31, 1, 5).getTime(); // another year's: the year too

  it('"Nothing on since", a card\'s end and "as of" read whole in all five languages', () => {
    applyLocale('en');
    expect(onNow.nothingSince(july, now)).toBe('Nothing on since Jul 27, 6:22 PM');
    expect(watching.ends(monday, now)).toBe('ends Mon 6:22 PM');
    applyLocale('de');
    expect(onNow.nothingSince(today, now)).toBe('Seit 08:05 nichts im Programm');
    expect(onNow.nothingSince(july, now)).toBe('Seit dem 27. Juli, 18:22 nichts im Programm');
    expect(watching.ends(monday, now)).toBe('endet am Mo., 18:22');
    expect(watching.ends(today, now)).toBe('endet um 08:05');
    applyLocale('fr');
    expect(onNow.nothingSince(july, now)).toBe('Rien à l’antenne depuis le 27 juil. à 18:22');
    expect(common.asOf(monday, now)).toBe('données du lun. à 18:22');
    expect(common.asOf(today, now)).toBe('données de 08:05');
    expect(watching.ends(monday, now)).toBe('fin le lun. à 18:22');
    applyLocale('es');
    expect(onNow.nothingSince(today, now)).toBe('Sin emisión desde las 8:05');
    expect(onNow.nothingSince(monday, now)).toBe('Sin emisión desde el lun a las 18:22');
    expect(common.asOf(lastYear, now)).toBe('datos del 31 dic 2025 a la 1:05');
    expect(watching.ends(july, now)).toBe('termina el 27 jul a las 18:22');
    applyLocale('ja');
    expect(onNow.nothingSince(july, now)).toBe('7月27日 18:22 以降放送なし');
    expect(watching.ends(monday, now)).toBe('月曜 18:22 終了');
  });

  it('the refused key\'s alert says until which day, in one sentence per language', () => {
    applyLocale('de');
    expect(keyRejectedMessage(true, 60_000, july, now)).toMatch(/^Der API-Schlüssel hat bis zum 27\. Juli, 18:22 funktioniert und wird jetzt abgelehnt/);
    applyLocale('fr');
    expect(keyRejectedMessage(true, 60_000, july, now)).toMatch(/^La clé API fonctionnait jusqu’au 27 juil\. à 18:22\u202f; elle est désormais refusée/);
    applyLocale('es');
    expect(keyRejectedMessage(true, 60_000, today, now)).toMatch(/^La clave de API funcionó hasta las 8:05 y ahora se rechaza/);
    expect(keyRejectedMessage(true, 60_000, july, now)).toMatch(/^La clave de API funcionó hasta el 27 jul a las 18:22 y ahora se rechaza/);
  });
});

describe('why a typed address cannot be a server, in the language in use (issue 38)', () => {
  /** what the API client says of an address it cannot use (the connect form and Test connection say the same) */
  const refusal = (server: string): string => {
    try {
      new AirwaveClient({ server, apiKey: 'k' });
    } catch (error) {
      return (error as Error).message;
    }
    return 'accepted';
  };

  it('English word for word; German and Japanese, the typed text and scheme quoted as typed', () => {
    expect(refusal('tv box')).toBe('A server address cannot contain spaces.');
    expect(refusal('ftp://tv.local')).toBe('Only http:// and https:// addresses can be servers (got ftp://).');
    applyLocale('de');
    expect(refusal('tv box')).toBe('Eine Serveradresse darf keine Leerzeichen enthalten.');
    expect(refusal('ftp://tv.local')).toBe('Nur http://- und https://-Adressen können Server sein (eingegeben: ftp://).');
    applyLocale('ja');
    expect(refusal('http://user:pw@tv.local')).toBe('アドレスからユーザ名とパスワードを外してください。認証に使うのは API キーだけです。');
  });
});

describe('Japanese notifications space a particle as Japanese writes it (issue 46)', () => {
  it('a space after Latin names ("Anna も"), none after "ほか 3 人" ("ほか 3 人も"), for every group size and kind', () => {
    applyLocale('ja');
    const names = ['Anna', 'Bob', 'Cy', 'Dee', 'Eve', 'Flo'];
    const kinds: Started[] = [{ kind: 'programme', what: 'Friends' }, { kind: 'programme', what: null }, { kind: 'nothing-on', channel: '106 Dead Air' }, { kind: 'nothing-on', channel: null }];
    for (let n = 1; n <= names.length; n++) {
      for (const started of kinds) {
        for (const also of [false, true]) {
          const title = words.started(who(names.slice(0, n)), started, n, also);
          expect(title, title).not.toMatch(/人 [がも]/);
          expect(title, title).toMatch(n > NAMED_MAX ? /ほか \d+ 人[がも]/ : /[A-Za-z] [がも]/);
        }
      }
    }
    expect(words.started(who(names.slice(0, 5)), { kind: 'programme', what: null }, 5, true)).toBe('Anna、Bob ほか 3 人も視聴を開始しました');
  });
});

describe('the summary after the app was away is a whole sentence per case, not one nested in another (issue 46)', () => {
  it('one viewer and what they started, and a count, in every language', () => {
    const said = () => [words.startedWhileAway('Ava', { kind: 'programme', what: 'Friends' }), words.startedWhileAway('Ava', { kind: 'nothing-on', channel: null }), words.peopleWhileAway(1), words.peopleWhileAway(3)];
    const each = Object.fromEntries((['en', 'de', 'fr', 'es', 'ja'] as const).map((locale) => (applyLocale(locale), [locale, said()])));
    expect(each).toEqual({
      en: ['While you were away, Ava started watching Friends', 'While you were away, Ava started watching a channel with nothing on', 'While you were away, 1 person started watching', 'While you were away, 3 people started watching'],
      de: ['Während Sie weg waren, hat Ava Friends eingeschaltet', 'Während Sie weg waren, hat Ava einen Sender eingeschaltet, auf dem gerade nichts läuft', 'Während Sie weg waren, hat 1 Person eingeschaltet', 'Während Sie weg waren, haben 3 Personen eingeschaltet'],
      fr: ['Pendant votre absence, Ava a commencé à regarder Friends', 'Pendant votre absence, Ava a commencé à regarder une chaîne où rien n’est à l’antenne', 'Pendant votre absence, 1 personne a commencé à regarder', 'Pendant votre absence, 3 personnes ont commencé à regarder'],
      es: ['Mientras no estabas, Ava empezó a ver Friends', 'Mientras no estabas, Ava empezó a ver un canal que ahora no emite nada', 'Mientras no estabas, 1 persona empezó a ver algo', 'Mientras no estabas, 3 personas empezaron a ver algo'],
      ja: ['不在中に Ava が Friends の視聴を開始しました', '不在中に Ava が放送のないチャンネルの視聴を開始しました', '不在中に 1 人が視聴を開始しました', '不在中に 3 人が視聴を開始しました'],
    });
  });
});
