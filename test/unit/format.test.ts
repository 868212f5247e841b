import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ConnectionView } from '../../src/shared/bridge';
import { ago, channelLabel, connectionLabel, dayLabel, dayOffset, duration, episodeLabel, episodeShow, fraction, inTime, listOf, localTime, plural, programmeTitle, titleRest } from '../../src/shared/format';
import { personKey } from '../../src/shared/viewer-identity';

const NOW = Date.parse('2026-11-23T20:00:00Z');
const at = (minutes: number) => new Date(NOW + minutes * 60_000).toISOString();

describe('times for people', () => {
  it('says how long ago, and in how long', () => {
    expect(ago(NOW - 2_000, NOW)).toBe('just now');
    expect(ago(NOW - 12_000, NOW)).toBe('12 s ago');
    expect(ago(NOW - 4 * 60_000, NOW)).toBe('4 min ago');
    expect(ago(NOW - 3 * 3_600_000, NOW)).toBe('3 h ago');
    expect(ago(NOW - 3 * 86_400_000, NOW)).toBe('3 d ago');
    expect(ago(NOW + 5_000, NOW)).toBe('just now'); // a clock a little ahead is not the future
    expect(inTime(NOW + 30_000, NOW)).toBe('in 30 s');
    expect(inTime(NOW + 4 * 60_000, NOW)).toBe('in 4 min');
    expect(inTime(NOW + 2 * 3_600_000, NOW)).toBe('in 2 h');
  });

  it('formats lengths, clock times and episodes', () => {
    expect(duration(40_000)).toBe('40 s');
    expect(duration(12 * 60_000)).toBe('12 min');
    expect(duration(65 * 60_000)).toBe('1 h 5 min');
    expect(duration(120 * 60_000)).toBe('2 h');
    expect(episodeLabel(2, 5)).toBe('S2 · E5');
    expect(episodeLabel(null, 5)).toBe('E5');
    expect(episodeLabel(null, null)).toBe('');
  });

  it('measures how far a programme has aired, clamped', () => {
    expect(fraction(at(-10), at(10), NOW)).toBe(0.5);
    expect(fraction(at(5), at(10), NOW)).toBe(0);
    expect(fraction(at(-20), at(-10), NOW)).toBe(1);
    expect(fraction(at(0), at(0), NOW)).toBe(0);
  });

});

describe('the locale decides', () => {
  const evening = new Date(2026, 10, 23, 18, 2).getTime();
  it('writes times of day as the locale does: 24-hour only where it says so', () => {
    expect(localTime(evening, 'en-GB')).toBe('18:02');
    expect(localTime(evening, 'de-DE')).toBe('18:02');
    expect(localTime(evening, 'en-US')).toMatch(/^6:02\sPM$/);
  });

  it('has one clock format, the locale\'s own pattern: en-US 12-hour, en-GB and de-DE 24-hour with two-digit hours', () => {
    const morning = new Date(2026, 10, 23, 8, 5).getTime();
    expect([localTime(morning, 'en-US'), localTime(morning, 'en-GB'), localTime(morning, 'de-DE')].map((t) => t.replace(/\s/g, ' '))).toEqual(['8:05 AM', '08:05', '08:05']);
    expect(localTime(morning)).toBe(new Intl.DateTimeFormat(undefined, { timeStyle: 'short' }).format(morning));
  });

  it('writes times of day in one place (shared/when.ts): no other source builds a time formatter or pads hours by hand', () => {
    const files = readdirSync('src', { recursive: true, encoding: 'utf8' }).filter((f) => /\.(ts|tsx)$/.test(f) && !f.endsWith(join('shared', 'when.ts')));
    const offenders = files.filter((f) => {
      const text = readFileSync(join('src', f), 'utf8');
      // a time of day (hours and minutes); an axis of bare hours ("6 PM") is another format
      return /Intl\.DateTimeFormat\([^)]*(minute|timeStyle)/.test(text) || /getHours\(\)\)\.padStart/.test(text) || /toLocaleTimeString\(/.test(text);
    });
    expect(offenders).toEqual([]);
  });

  it('names days relative to today', () => {
    const noon = new Date(2026, 10, 23, 12, 0).getTime();
    expect(dayOffset(new Date(2026, 10, 24, 0, 30).getTime(), noon)).toBe(1);
    expect(dayOffset(new Date(2026, 10, 23, 23, 59).getTime(), noon)).toBe(0);
    expect(dayLabel(new Date(2026, 10, 23, 23, 0).getTime(), noon, 'en')).toBe('Today');
    expect(dayLabel(new Date(2026, 10, 24, 3, 0).getTime(), noon, 'en')).toBe('Tomorrow');
    expect(dayLabel(new Date(2026, 10, 24, 3, 0).getTime(), noon, 'de')).toBe('Morgen');
    expect(dayLabel(new Date(2026, 10, 26, 3, 0).getTime(), noon, 'en')).toMatch(/Thu/);
  });

  it('chooses plural forms and joins lists through Intl', () => {
    const sessions = { one: '{n} active session', other: '{n} active sessions' };
    expect(plural(1, sessions, 'en')).toBe('1 active session');
    expect(plural(7, sessions, 'en')).toBe('7 active sessions');
    expect(plural(0, sessions, 'en')).toBe('0 active sessions');
    expect(listOf(['dave', 'erin', 'frank'], 'en')).toBe('dave, erin, and frank');
    expect(listOf(['dave', 'erin', 'frank'], 'en-GB')).toBe('dave, erin and frank');
  });
});

describe('programmes and channels by name', () => {
  it('says what the full name adds to the words shown, once: "Flatmates: Homecoming", never "Flatmates: Flatmates: Homecoming"', () => {
    const episode = { title: 'Homecoming', showTitle: 'Flatmates' };
    expect(titleRest(episode, 'Flatmates')).toBe('Homecoming');
    expect(`Flatmates: ${titleRest(episode, 'Flatmates')}`).toBe(programmeTitle(episode));
    expect(titleRest({ title: 'Heat', showTitle: null }, 'Heat')).toBe(null);
    expect(titleRest({ title: 'Heat', showTitle: 'Heat' }, 'Heat')).toBe(null);
    expect(titleRest(episode, 'Bumper')).toBe('Flatmates: Homecoming');
  });

  it('puts the show before an episode title, once', () => {
    expect(programmeTitle({ title: 'The One with the Cake', showTitle: 'Friends' })).toBe('Friends: The One with the Cake');
    expect(programmeTitle({ title: 'Heat', showTitle: null })).toBe('Heat');
    expect(episodeShow({ title: 'The One with the Cake', showTitle: 'Friends' })).toBe('Friends');
    expect(episodeShow({ title: 'Heat', showTitle: 'Heat' })).toBeNull();
    expect(episodeShow({ title: null, showTitle: null })).toBeNull();
    expect(programmeTitle({ title: 'Cosmos', showTitle: 'Cosmos' })).toBe('Cosmos');
  });

  it('names a channel by whatever is known', () => {
    expect(channelLabel(101, '90s Sitcoms')).toBe('101 90s Sitcoms');
    expect(channelLabel(101, null)).toBe('101');
    expect(channelLabel(null, 'Cinema')).toBe('Cinema');
    expect(channelLabel(null, '')).toBeNull();
    expect(channelLabel(null, null)).toBeNull();
  });
});

describe('the connection in words', () => {
  const base: ConnectionView = { state: 'live', message: '', since: NOW, nextRetryAt: null, attempt: 0, suspended: false };
  it.each<[Partial<ConnectionView>, string]>([
    [{}, 'Live'],
    [{ state: 'polling' }, 'Polling'],
    [{ state: 'offline', nextRetryAt: NOW + 30_000 }, 'Offline, retrying in 30 s'],
    [{ state: 'offline' }, 'Offline'],
    [{ state: 'unauthorized' }, 'Key rejected'],
    [{ state: 'connecting' }, 'Connecting…'],
    [{ state: 'connecting', nextRetryAt: NOW + 4_000 }, 'Reconnecting in 4 s'],
    [{ suspended: true }, 'Paused while asleep'],
    [{ state: 'unconfigured' }, 'Not set up'],
    [{ state: 'incompatible' }, 'Not supported'],
  ])('%j → %s', (patch, text) => {
    expect(connectionLabel({ ...base, ...patch }, NOW)).toBe(text);
  });
});

describe('viewer identity', () => {
  it('ignores case and spacing (labels: device-label.test.ts)', () => {
    expect(personKey(' Ann ', { model: 'Apple TV', platform: 'tvOS' })).toBe(personKey('ann', { model: 'apple tv', platform: 'TVOS ' }));
    expect(personKey('Ann', null)).toBe('ann||');
  });
});
