import { describe, expect, it } from 'vitest';
import type { ViewerSignal } from '../../src/shared/airwave';
import { concernsKey, planSignals, visibilityOf } from '../../src/main/core/sync/event-signals';
import type { Viewer } from '../../src/main/core/viewers/viewers';

// A scoped key (issue 13, item 6): events about channels the key cannot see cost nothing and reveal
// nothing; events about what it can see, or about viewers it already shows, refetch the REST lists.

const visible = visibilityOf([
  { id: 'ch_101', number: 101 },
  { id: 'ch_102', number: 102 },
]);

function signal(change: ViewerSignal['change'], channel: ViewerSignal['channel'], who: Partial<ViewerSignal['who']> = {}): ViewerSignal {
  return {
    eventId: 'e1',
    type: change === 'playback' ? 'playback.paused' : change === 'tuned' ? 'channel.tuned' : `session.${change}`,
    at: '2026-11-23T20:00:00.000Z',
    change,
    shape: 'compact',
    who: { sessionId: null, userId: 'u1', deviceId: 'd1', user: 'Hidden Hal', ...who },
    channel,
  };
}

const ann: Viewer = {
  key: 'session:s1',
  person: 'ann||',
  user: 'Ann',
  device: null,
  channelNumber: 101,
  channelName: 'Films',
  watching: null,
  artworkUrl: null,
};

describe('planSignals', () => {
  it('makes no request for a viewer on a channel the key cannot see', () => {
    const plan = planSignals([signal('started', { id: 'ch_900', number: 900 }), signal('playback', { id: null, number: 900 })], visible, [ann]);
    expect(plan).toEqual({ viewers: false, nowPlaying: false, ignored: 2, changedChannel: new Set() });
  });

  it('refetches the viewers for a start, end or move on a channel the key sees (by number or id)', () => {
    expect(planSignals([signal('started', { id: null, number: 102 })], visible, []).viewers).toBe(true);
    expect(planSignals([signal('ended', { id: 'ch_101', number: null })], visible, []).viewers).toBe(true);
    const moved = planSignals([signal('tuned', { id: 'ch_102', number: 102 }, { user: 'Ann' })], visible, [ann]);
    expect(moved).toMatchObject({ viewers: true, nowPlaying: false, ignored: 0 });
    expect([...moved.changedChannel]).toEqual(['user:ann']);
  });

  it('refetches for a held viewer who moved to a hidden channel, so they disappear', () => {
    expect(planSignals([signal('tuned', { id: 'ch_900', number: 900 }, { user: 'ann' })], visible, [ann]).viewers).toBe(true);
    expect(planSignals([signal('tuned', { id: 'ch_900', number: 900 }, { sessionId: 's1', user: null })], visible, [ann]).viewers).toBe(true);
  });

  it('refetches only /now-playing for playback changes', () => {
    expect(planSignals([signal('playback', { id: null, number: 101 })], visible, [])).toMatchObject({ viewers: false, nowPlaying: true });
  });

  it('counts every signal while the channel list is unknown, or when the event names no channel', () => {
    expect(concernsKey(signal('started', { id: 'ch_900', number: 900 }), null, [])).toBe(true);
    expect(concernsKey(signal('ended', null), visible, [])).toBe(true);
    expect(concernsKey(signal('ended', { id: null, number: null }), visible, [])).toBe(true);
  });
});
