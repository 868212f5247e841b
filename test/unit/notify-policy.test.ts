import { describe, expect, it } from 'vitest';
import type { NotificationSettings } from '../../src/shared/bridge';
import { REJOIN_GRACE_MS, composeStarts, inQuietHours, stepNotifications, type PolicyMemory, type PolicyResult } from '../../src/main/core/viewers/notify-policy';
import { viewersFromNowPlaying, type Viewer, type ViewerList } from '../../src/main/core/viewers/viewers';
import { sessionViewer } from '../support/viewer-fixtures';

const ON: NotificationSettings = { enabled: true, quietHours: null, mutedUsers: [], pausedUntil: null };
const T0 = Date.parse('2026-11-23T20:00:00Z');

const viewer = sessionViewer;
const list = (...viewers: Viewer[]): ViewerList => ({ scheme: 'session', viewers });

/** Runs successive lists through the policy, as the app does, and collects what it asked for. */
function run(steps: { list: ViewerList | null; at?: number; epoch?: number; settings?: Partial<NotificationSettings>; minute?: number }[]) {
  let memory: PolicyMemory | null = null;
  const results: PolicyResult[] = [];
  steps.forEach((step, i) => {
    const result = stepNotifications(memory, {
      epoch: step.epoch ?? 1,
      list: step.list,
      now: step.at ?? T0 + i * 15_000,
      settings: { ...ON, ...step.settings },
      minuteOfDay: step.minute ?? 12 * 60,
    });
    memory = result.memory;
    results.push(result);
  });
  return results;
}

describe('new-viewer notifications', () => {
  it('takes the first list as a baseline and announces who starts after it, with show, channel and device', () => {
    const [first, second] = run([{ list: list(viewer('Ann')) }, { list: list(viewer('Ann'), viewer('James')) }]);
    expect(first!.requests).toEqual([]);
    expect(second!.requests).toHaveLength(1);
    const request = second!.requests[0]!;
    expect(request.title).toBe('James started watching Friends');
    expect(request.body).toBe('101 90s Sitcoms · Apple TV');
    expect(request.artworkUrl).toBe('/api/public/v1/channels/ch1/artwork/James');
    expect(request.target).toEqual({ view: 'watching', viewer: 'session:james-1' });
  });

  it('waits for the first real list: a missing list is neither baseline nor news', () => {
    const results = run([{ list: null }, { list: list(viewer('Ann')) }, { list: list(viewer('Ann'), viewer('Bo')) }]);
    expect(results.map((r) => r.requests.length)).toEqual([0, 0, 1]);
  });

  it('treats a new epoch (a reconnect) and a new identity scheme as baselines', () => {
    const results = run([
      { list: list(viewer('Ann')) },
      { list: list(viewer('Ann'), viewer('Bo')), epoch: 2 },
      { list: { scheme: 'device', viewers: [viewer('Ann'), viewer('Bo'), viewer('Cy')] }, epoch: 2 },
      { list: { scheme: 'device', viewers: [viewer('Ann'), viewer('Bo'), viewer('Cy'), viewer('Di')] }, epoch: 2 },
    ]);
    expect(results.map((r) => r.requests.map((q) => q.title))).toEqual([[], [], [], ['Di started watching Friends']]);
  });

  it('does not announce a channel change', () => {
    const results = run([{ list: list(viewer('Ann')) }, { list: list(viewer('Ann', { channelNumber: 205, channelName: 'Cinema', watching: 'Heat' })) }]);
    expect(results[1]!.requests).toEqual([]);
  });

  it('turns several new viewers in one update into one summary', () => {
    const newcomers = ['Bo', 'Cy', 'Di', 'Ed', 'Flo'].map((name) => viewer(name, { watching: name === 'Cy' ? null : 'Friends' }));
    const [, second] = run([{ list: list(viewer('Ann')) }, { list: list(viewer('Ann'), ...newcomers) }]);
    expect(second!.requests).toHaveLength(1);
    // each person named once, two by name and the rest counted; the body says what they started
    expect(second!.requests[0]!.title).toBe('Bo, Cy and 3 others started watching');
    expect(second!.requests[0]!.body).toBe('Friends');
    expect(second!.news.map((v) => v.user)).toEqual(['Bo', 'Cy', 'Di', 'Ed', 'Flo']);
    expect(second!.requests[0]!.target).toEqual({ view: 'watching' });
    expect(second!.requests[0]!.artworkUrl).toBeNull();
  });

  it('names the channel, not the bumper, for a viewer who starts on a station break', () => {
    const bob = viewer('bob', { watching: 'Station break', onBumper: true, artworkUrl: null });
    const [, second] = run([{ list: list() }, { list: list(bob) }]);
    expect(second!.requests[0]!.title).toBe('bob started watching 101 90s Sitcoms');
    expect(second!.requests[0]!.body).toBe('Apple TV');
  });

  it('says a viewer on a channel with nothing on as a sentence: where, and that nothing is on (issue 44)', () => {
    const kofi = viewer('Kofi', { watching: null, nothingOn: true, channelNumber: 106, channelName: 'Dead Air', artworkUrl: null, device: 'ios' });
    const [, one] = run([{ list: list() }, { list: list(kofi) }]);
    expect(one!.requests.map((r) => [r.title, r.body])).toEqual([['Kofi is watching 106 Dead Air: nothing on', 'iOS']]);
    const nowhere = viewer('Kofi', { watching: null, nothingOn: true, channelNumber: null, channelName: null, device: null });
    expect(run([{ list: list() }, { list: list(nowhere) }])[1]!.requests[0]!.title).toBe('Kofi is watching a channel with nothing on');
    // two on it: one sentence; with someone on a programme: each named, what they watch underneath
    const ama = viewer('Ama', { watching: null, nothingOn: true, channelNumber: 106, channelName: 'Dead Air' });
    expect(run([{ list: list() }, { list: list(kofi, ama) }])[1]!.requests[0]!.title).toBe('Kofi and Ama are watching 106 Dead Air: nothing on');
    const [, mixed] = run([{ list: list() }, { list: list(kofi, viewer('Ann')) }]);
    expect([mixed!.requests[0]!.title, mixed!.requests[0]!.body]).toEqual(['Kofi and Ann started watching', '106 Dead Air: nothing on and Friends']);
  });

  it('words a follow-up as one ("… also started watching"), from the records it is given', () => {
    const follow = (viewers: Viewer[]) => composeStarts(viewers, T0, true);
    expect(follow([viewer('Ann')]).title).toBe('Ann also started watching Friends');
    expect(follow(['Ann', 'Bob', 'Cy', 'Di', 'Ed'].map((name) => viewer(name, { watching: name })))).toMatchObject({
      title: 'Ann, Bob and 3 others also started watching',
      subject: { kind: 'viewers', users: ['Ann', 'Bob', 'Cy', 'Di', 'Ed'] },
    });
    expect(follow([viewer('Kofi', { nothingOn: true, watching: null, channelNumber: 106, channelName: 'Dead Air' })]).title).toBe('Kofi is also watching 106 Dead Air: nothing on');
  });

  it('says a group on the same programme in one sentence, and counts a larger one', () => {
    const dino = (name: string) => viewer(name, { watching: 'Dino Detectives', channelNumber: 104, channelName: 'Kids' });
    const [, trio] = run([{ list: list() }, { list: list(dino('dave'), dino('erin'), dino('frank')) }]);
    expect(trio!.requests.map((r) => [r.title, r.body])).toEqual([['dave, erin and frank started watching Dino Detectives', '104 Kids']]);
    const [, pair] = run([{ list: list() }, { list: list(dino('dave'), dino('erin')) }]);
    expect(pair!.requests[0]!.title).toBe('dave and erin started watching Dino Detectives');
    const crowd = ['a', 'b', 'c', 'd'].map(dino);
    const [, four] = run([{ list: list() }, { list: list(...crowd) }]);
    expect(four!.requests[0]!.title).toBe('a, b and 2 others started watching Dino Detectives');
    expect(four!.requests[0]!.body).toBe('104 Kids');
  });

  it('does not announce someone who left and came back within a minute, but does after that', () => {
    const ann = viewer('Ann');
    const annAgain = viewer('Ann', { key: 'session:ann-2' }); // a new session, same person and device
    const quick = run([
      { list: list(ann), at: T0 },
      { list: list(), at: T0 + 10_000 },
      { list: list(annAgain), at: T0 + 10_000 + REJOIN_GRACE_MS - 1 },
    ]);
    expect(quick[2]!.requests).toEqual([]);
    expect(quick[2]!.suppressed.map((s) => s.reason)).toEqual(['rejoined']);
    const slow = run([
      { list: list(ann), at: T0 },
      { list: list(), at: T0 + 10_000 },
      { list: list(annAgain), at: T0 + 10_000 + REJOIN_GRACE_MS + 1 },
    ]);
    expect(slow[2]!.requests.map((r) => r.title)).toEqual(['Ann started watching Friends']);
  });

  it.each<[Partial<NotificationSettings>, number, string]>([
    [{ enabled: false }, 12 * 60, 'disabled'],
    [{ pausedUntil: T0 + 60 * 60_000 }, 12 * 60, 'paused'],
    [{ quietHours: { start: '22:00', end: '07:00' } }, 23 * 60, 'quiet-hours'],
    [{ mutedUsers: ['  james '] }, 12 * 60, 'muted'],
  ])('honours %j', (settings, minute, reason) => {
    const results = run([
      { list: list(viewer('Ann')), settings },
      { list: list(viewer('Ann'), viewer('James')), settings, minute },
      // once the setting no longer applies, James (already seen) is not announced late
      { list: list(viewer('Ann'), viewer('James')) },
    ]);
    expect(results[1]!.requests).toEqual([]);
    expect(results[1]!.suppressed.map((s) => s.reason)).toEqual([reason]);
    expect(results[2]!.requests).toEqual([]);
  });

  it('announces again once a pause has run out', () => {
    const results = run([
      { list: list(viewer('Ann')), at: T0 },
      { list: list(viewer('Ann'), viewer('Bo')), at: T0 + 2 * 60 * 60_000, settings: { pausedUntil: T0 + 60 * 60_000 } },
    ]);
    expect(results[1]!.requests).toHaveLength(1);
  });

  it('gives one update one stable notification id, and different updates different ids', () => {
    const a = run([{ list: list() }, { list: list(viewer('Bo')), at: T0 + 5_000 }]);
    const b = run([{ list: list() }, { list: list(viewer('Bo')), at: T0 + 5_000 }]);
    const c = run([{ list: list() }, { list: list(viewer('Cy')), at: T0 + 5_000 }]);
    expect(a[1]!.requests[0]!.id).toBe(b[1]!.requests[0]!.id);
    expect(a[1]!.requests[0]!.id).not.toBe(c[1]!.requests[0]!.id);
  });
});

describe('quiet hours', () => {
  it('handles ranges within a day, across midnight, and empty ones', () => {
    const night = { start: '22:00', end: '07:00' };
    expect(inQuietHours(night, 22 * 60)).toBe(true);
    expect(inQuietHours(night, 3 * 60)).toBe(true);
    expect(inQuietHours(night, 7 * 60)).toBe(false);
    expect(inQuietHours(night, 12 * 60)).toBe(false);
    const lunch = { start: '12:00', end: '13:30' };
    expect(inQuietHours(lunch, 12 * 60 + 45)).toBe(true);
    expect(inQuietHours(lunch, 13 * 60 + 30)).toBe(false);
    expect(inQuietHours({ start: '09:00', end: '09:00' }, 9 * 60)).toBe(false);
    expect(inQuietHours(null, 0)).toBe(false);
  });
});

describe('viewer identity without /sessions', () => {
  const entry = (user: string, model: string | null, channelNumber: number) => ({
    user,
    channelNumber,
    channelName: null,
    title: 'Pilot',
    showTitle: 'Lost',
    artworkUrl: null,
    progress: null,
    device: { model, platform: 'tvOS' },
  });

  it('is the user on a device, so a channel change keeps it and a second device is someone new', () => {
    const before = viewersFromNowPlaying([entry('Ann', 'Apple TV', 101)]);
    const zapped = viewersFromNowPlaying([entry('Ann', 'Apple TV', 205)]);
    expect(zapped[0]!.key).toBe(before[0]!.key);
    const twoDevices = viewersFromNowPlaying([entry('Ann', 'Apple TV', 101), entry('Ann', 'iPad', 101)]);
    expect(new Set(twoDevices.map((v) => v.key)).size).toBe(2);
    const twins = viewersFromNowPlaying([entry('Ann', 'Apple TV', 101), entry('Ann', 'Apple TV', 102)]);
    expect(twins.map((v) => v.key)).toEqual([before[0]!.key, `${before[0]!.key}#2`]);
    expect(before[0]!.device).toBe('Apple TV'); // the model, as recorded (shared/device-label.ts)
    expect(before[0]!.watching).toBe('Lost');
  });
});
