import { describe, expect, it } from 'vitest';
import type { NowPlayingEntry } from '../../src/shared/airwave';
import { History } from '../../src/main/core/history/history';
import { localCalendar, utcCalendar } from '../../src/main/core/history/calendar';
import { digestWeek, nextDigestAt } from '../../src/main/core/history/digest';
import type { NotificationRequest } from '../../src/main/core/viewers/notify-policy';
import { initialState, type AppState } from '../../src/main/core/state';
import { when } from '../../src/shared/format';
import { ManualClock } from '../support/manual-clock';
import { useTempDirs } from '../support/temp-dirs';
import { useTimeZone } from '../support/time-zone';

const tempDir = useTempDirs('airwave-history-digest');

// The weekly digest (Settings → History, off by default): at the chosen day and hour, one
// notification about the calendar week before, saying how much of it the app followed and opening
// History on that week; never for a week nothing was followed of, never twice for one week.

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
// Monday 2026-11-16 00:00 UTC
const MONDAY = Date.UTC(2026, 10, 16);
const SERVER = { id: 'srv-home', label: null };
const ALL = new Set<keyof AppState>(['connection', 'nowPlaying']);

function entry(user: string, title: string): NowPlayingEntry {
  return { user, device: { platform: 'tvOS', model: 'Apple TV', name: null }, channelNumber: 101, channelName: 'Ch 101', title, showTitle: null, artworkUrl: null } as unknown as NowPlayingEntry;
}
function state(clock: ManualClock, viewers: NowPlayingEntry[] | null, connected = true): AppState {
  const s = initialState(0);
  return { ...s, connection: { ...s.connection, state: connected ? 'live' : 'offline', since: 0 }, nowPlaying: viewers ? { data: viewers, updatedAt: clock.now(), error: null } : s.nowPlaying };
}

describe('the weekly digest', () => {
  it('is due at its day and hour, and covers the calendar week before', () => {
    const digest = { enabled: true, weekday: 1, hour: 9 };
    expect(nextDigestAt(utcCalendar, MONDAY + 8 * HOUR, digest)).toBe(MONDAY + 9 * HOUR);
    expect(nextDigestAt(utcCalendar, MONDAY + 10 * HOUR, digest)).toBe(MONDAY + 7 * DAY + 9 * HOUR);
    expect(nextDigestAt(utcCalendar, MONDAY, { ...digest, weekday: 6, hour: 20 })).toBe(MONDAY + 5 * DAY + 20 * HOUR);
    expect(digestWeek(utcCalendar, MONDAY + 9 * HOUR)).toEqual({ from: MONDAY - 7 * DAY, to: MONDAY });
    expect(digestWeek(utcCalendar, MONDAY + 4 * DAY)).toEqual({ from: MONDAY - 7 * DAY, to: MONDAY });
  });

  describe('on the days the clocks change (Europe/London, America/New_York)', () => {
    const inZone = useTimeZone();
    // [zone, the change day (year, month, day), its weekday]: a 23-hour and a 25-hour day in each
    const cases = [
      ['Europe/London', [2027, 2, 28], 0],
      ['Europe/London', [2027, 9, 31], 0],
      ['America/New_York', [2027, 2, 14], 0],
      ['America/New_York', [2027, 10, 7], 0],
    ] as const;
    it.each(cases)('%s %j: due at the hour chosen by the clock, not midnight plus that many hours', (name, [y, mo, d], weekday) => {
      inZone(name);
      const midnight = new Date(y, mo, d).getTime();
      for (const hour of [4, 9, 20]) {
        const at = nextDigestAt(localCalendar, midnight, { enabled: true, weekday, hour });
        expect(new Date(at).toString()).toBe(new Date(y, mo, d, hour).toString());
        expect(new Date(at).getHours()).toBe(hour);
      }
      // an hour the clocks skip (London's 01:00 in spring, New York's 02:00) is the one after it: still that day
      const skipped = name === 'Europe/London' ? 1 : 2;
      const at = nextDigestAt(localCalendar, midnight, { enabled: true, weekday, hour: skipped });
      expect(new Date(at).getDate()).toBe(d);
      expect(at).toBeLessThan(midnight + (skipped + 2) * HOUR);
    });
  });

  it('sends one notification a week, about the week followed, never for a week not followed, off by default', async () => {
    const clock = new ManualClock(MONDAY - 7 * DAY + 18 * HOUR);
    const sent: NotificationRequest[] = [];
    const history = new History({ clock, dir: null, calendar: utcCalendar, serverName: () => 'Home', changed: () => {}, problem: () => {}, notify: (r) => sent.push(r) });
    expect(history.status(null).digest).toEqual({ enabled: false, weekday: 1, hour: 9 });
    // two evenings of the week before: Ann and Bob on Tuesday, Ann alone on Saturday
    history.observe(SERVER, state(clock, []), ALL);
    clock.advance(DAY + 2 * HOUR);
    history.observe(SERVER, state(clock, [entry('Ann', 'Friends'), entry('Bob', 'Friends')]), ALL);
    clock.advance(HOUR);
    history.observe(SERVER, state(clock, []), ALL);
    clock.advance(4 * DAY);
    history.observe(SERVER, state(clock, [entry('Ann', 'News')]), ALL);
    clock.advance(30 * 60_000);
    history.observe(SERVER, state(clock, [], false), ALL);
    history.setDigest({ enabled: true, weekday: 1, hour: 9 });
    const until = (at: number) => clock.advance(at - clock.now());
    until(MONDAY + 9 * HOUR - 1);
    expect(sent).toHaveLength(0);
    until(MONDAY + 9 * HOUR);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.title).toBe('Last week on Home');
    // the busiest moment in the one "when" (its day named), followed time (Monday 18:00 to Saturday 21:30) at the week’s scale, as History says them
    expect(sent[0]!.body).toBe(`2 h 30 min watched by 2 people, busiest ${when(MONDAY - 6 * DAY + 20 * HOUR, MONDAY + 9 * HOUR, { nameToday: true })} (2 at once), most watched Friends. Followed 5.1 days of 7 days.`);
    expect(sent[0]!.target).toEqual({ view: 'activity', section: 'history', range: { span: 'custom', from: MONDAY - 7 * DAY, to: MONDAY } });
    // once for that week, and none for a week nothing was followed of
    until(MONDAY + 7 * DAY + 10 * HOUR);
    expect(sent).toHaveLength(1);
    history.dispose();
  });

  it('is sent when the app starts after its moment, once, when the record of that week has been read', async () => {
    const dir = tempDir();
    const clock = new ManualClock(MONDAY - 3 * DAY);
    const first = new History({ clock, dir, calendar: utcCalendar, serverName: () => 'Home', changed: () => {}, problem: () => {} });
    await first.whenReady();
    first.setDigest({ enabled: true, weekday: 1, hour: 9 });
    first.observe(SERVER, state(clock, [entry('Ann', 'Friends')]), ALL);
    clock.advance(2 * HOUR);
    first.dispose();
    // the app was not running on Monday at 9:00; it starts on Wednesday
    clock.set(MONDAY + 2 * DAY);
    const sent: NotificationRequest[] = [];
    const open = () => new History({ clock, dir, calendar: utcCalendar, serverName: () => 'Home', changed: () => {}, problem: () => {}, notify: (r) => sent.push(r) });
    const second = open();
    await second.whenReady();
    expect(sent.map((r) => r.title)).toEqual(['Last week on Home']);
    second.dispose();
    await open().whenReady();
    expect(sent).toHaveLength(1); // once
  });
});
