import { describe, expect, it } from 'vitest';
import type { NotificationSettings } from '../../src/shared/bridge';
import { ApiError } from '../../src/main/core/client';
import { stepNotifications, type PolicyMemory, type PolicyResult } from '../../src/main/core/viewers/notify-policy';
import {
  channelChangeMarks,
  nextSessionsSupport,
  sessionsOutcome,
  shouldAskSessions,
  type SessionsSupport,
} from '../../src/main/core/viewers/session-semantics';
import type { Viewer, ViewerList } from '../../src/main/core/viewers/viewers';
import { sessionViewer } from '../support/viewer-fixtures';

// Session semantics as real servers have them (issue 13, items 4 and 5), through the notification
// policy the app runs on every viewer list.

const ON: NotificationSettings = { enabled: true, quietHours: null, mutedUsers: [], pausedUntil: null };
const T0 = Date.parse('2026-11-23T20:00:00Z');
const iso = (ms: number) => new Date(ms).toISOString();

const viewer = (user: string, extra: Partial<Viewer> = {}): Viewer => sessionViewer(user, { startedAt: iso(T0 - 3_600_000), ...extra });
const list = (...viewers: Viewer[]): ViewerList => ({ scheme: 'session', viewers });

interface Step {
  list: ViewerList;
  at: number;
  epoch?: number;
  awaySince?: number;
  changedChannel?: Set<string>;
  settings?: Partial<NotificationSettings>;
}

function run(steps: Step[]): PolicyResult[] {
  let memory: PolicyMemory | null = null;
  return steps.map((step) => {
    const result = stepNotifications(memory, {
      epoch: step.epoch ?? 1,
      list: step.list,
      now: step.at,
      settings: { ...ON, ...step.settings },
      minuteOfDay: 12 * 60,
      awaySince: step.awaySince,
      changedChannel: step.changedChannel,
    });
    memory = result.memory;
    return result;
  });
}

const titles = (results: PolicyResult[]) => results.map((r) => r.requests.map((q) => q.title));

describe('departures across reconnects', () => {
  it('does not announce someone back within a minute when a reconnect fell in between', () => {
    const results = run([
      { list: list(viewer('Ann'), viewer('Bo')), at: T0 },
      { list: list(viewer('Bo')), at: T0 + 15_000 }, // Ann leaves
      { list: list(viewer('Bo')), at: T0 + 30_000, epoch: 2 }, // reconnect
      { list: list(viewer('Ann'), viewer('Bo')), at: T0 + 50_000, epoch: 2 }, // Ann back 35 s later
    ]);
    expect(titles(results)).toEqual([[], [], [], []]);
    expect(results[3]?.suppressed.map((s) => [s.viewer.user, s.reason])).toEqual([['Ann', 'rejoined']]);
  });

  it('counts whoever vanished during the gap as leaving at the reconnect', () => {
    const results = run([
      { list: list(viewer('Ann')), at: T0 },
      { list: list(), at: T0 + 120_000, epoch: 2 }, // Ann gone while the app was away
      { list: list(viewer('Ann')), at: T0 + 150_000, epoch: 2 },
      { list: list(), at: T0 + 165_000, epoch: 2 },
      { list: list(viewer('Ann')), at: T0 + 400_000, epoch: 2 }, // back much later: news again
    ]);
    expect(titles(results)).toEqual([[], [], [], [], ['Ann started watching Friends']]);
  });

  it('does not announce a viewer missing from /sessions for under a minute (no session.ended) who comes back', () => {
    const results = run([
      { list: list(viewer('Ann')), at: T0 },
      { list: list(), at: T0 + 15_000 },
      { list: list(viewer('Ann')), at: T0 + 55_000 },
    ]);
    expect(titles(results)).toEqual([[], [], []]);
  });
});

describe('channel.tuned', () => {
  it('is a channel change, never a new viewer, even under a new identity', () => {
    const moved = viewer('Ann', { key: 'device:ann|tvos|apple tv', person: 'ann|tvos|apple tv#moved', channelNumber: 102 });
    const tuned = channelChangeMarks([{ change: 'tuned', who: { sessionId: null, user: 'ANN ' } }]);
    const results = run([
      { list: list(viewer('Ann')), at: T0 },
      { list: list(moved), at: T0 + 15_000, changedChannel: tuned },
    ]);
    expect(titles(results)).toEqual([[], []]);
    expect(results[1]?.suppressed.map((s) => s.reason)).toEqual(['channel-change']);
    // without the signal, the same lists would announce her (so the mark is what keeps it quiet)
    expect(titles(run([{ list: list(viewer('Ann')), at: T0 }, { list: list(moved), at: T0 + 15_000 }]))).toEqual([[], ['Ann started watching Friends']]);
  });

  it('marks by session id and by name, and only for channel.tuned', () => {
    const marks = channelChangeMarks([
      { change: 'tuned', who: { sessionId: 's9', user: null } },
      { change: 'started', who: { sessionId: 's1', user: 'Bo' } },
      { change: 'playback', who: { sessionId: null, user: 'Cy' } },
    ]);
    expect([...marks]).toEqual(['session:s9']);
  });
});

describe('while you were away', () => {
  const lastSync = T0 + 60_000;
  const back = T0 + 600_000;

  it('announces viewers who started during the gap once, as one summary, and the ones present before stay baseline', () => {
    const bo = viewer('Bo', { startedAt: iso(lastSync + 60_000) });
    const cy = viewer('Cy', { startedAt: iso(lastSync + 120_000), watching: 'Night Train' });
    const dee = viewer('Dee', { startedAt: iso(lastSync - 30_000) }); // started before the last look
    const results = run([
      { list: list(viewer('Ann')), at: lastSync },
      { list: list(viewer('Ann'), bo, cy, dee), at: back, epoch: 2, awaySince: lastSync },
      { list: list(viewer('Ann'), bo, cy, dee), at: back + 15_000, epoch: 2 },
    ]);
    expect(titles(results)).toEqual([[], ['While you were away, 2 people started watching'], []]);
    const summary = results[1]?.requests[0];
    expect(summary?.body).toBe('Bo, Cy');
    expect(summary?.target).toEqual({ view: 'activity', section: 'log' });
    expect(summary?.artworkUrl).toBeNull();
  });

  it('names a single viewer, with what and where, and lands on the Activity log like any summary', () => {
    const bo = viewer('Bo', { startedAt: iso(lastSync + 60_000) });
    const [, after] = run([
      { list: list(viewer('Ann')), at: lastSync },
      { list: list(viewer('Ann'), bo), at: back, epoch: 2, awaySince: lastSync },
    ]);
    expect(after?.requests).toHaveLength(1);
    expect(after?.requests[0]).toMatchObject({
      title: 'While you were away, Bo started watching Friends',
      body: '90s Sitcoms · Apple TV',
      target: { view: 'activity', section: 'log' },
    });
  });

  it('says nothing at start-up, without a last sync, or for viewers without a start time', () => {
    const bo = viewer('Bo', { startedAt: iso(lastSync + 60_000) });
    expect(titles(run([{ list: list(bo), at: back, awaySince: lastSync }]))).toEqual([[]]);
    expect(titles(run([{ list: list(viewer('Ann')), at: lastSync }, { list: list(viewer('Ann'), bo), at: back, epoch: 2 }]))).toEqual([[], []]);
    const unknown = viewer('Bo', { startedAt: null });
    const results = run([
      { list: list(viewer('Ann')), at: lastSync },
      { list: list(viewer('Ann'), unknown), at: back, epoch: 2, awaySince: lastSync },
    ]);
    expect(titles(results)).toEqual([[], []]);
  });

  it('honours mute and pause for the summary too', () => {
    const bo = viewer('Bo', { startedAt: iso(lastSync + 60_000) });
    const cy = viewer('Cy', { startedAt: iso(lastSync + 60_000) });
    const results = run([
      { list: list(viewer('Ann')), at: lastSync },
      { list: list(viewer('Ann'), bo, cy), at: back, epoch: 2, awaySince: lastSync, settings: { mutedUsers: ['bo'] } },
    ]);
    expect(titles(results)).toEqual([[], ['While you were away, Cy started watching Friends']]);
    expect(results[1]?.suppressed.map((s) => [s.viewer.user, s.reason])).toEqual([['Bo', 'muted']]);
    const paused = run([
      { list: list(viewer('Ann')), at: lastSync },
      { list: list(viewer('Ann'), bo), at: back, epoch: 2, awaySince: lastSync, settings: { pausedUntil: back + 1 } },
    ]);
    expect(titles(paused)).toEqual([[], []]);
  });
});

describe('/sessions after a bad answer', () => {
  it('asks again after a pause that doubles up to 16 minutes, and goes back to sessions when it answers', () => {
    let support: SessionsSupport = { state: 'supported' };
    const waits: number[] = [];
    let now = T0;
    for (let i = 0; i < 7; i++) {
      support = nextSessionsSupport(support, 'malformed', now);
      expect(shouldAskSessions(support, now)).toBe(false);
      if (support.state !== 'retry') throw new Error('expected a retry');
      waits.push((support.at - now) / 60_000);
      now = support.at;
      expect(shouldAskSessions(support, now)).toBe(true);
    }
    expect(waits).toEqual([1, 2, 4, 8, 16, 16, 16]);
    support = nextSessionsSupport(support, 'ok', now);
    expect(support).toEqual({ state: 'supported' });
    expect(nextSessionsSupport(support, 'malformed', now)).toEqual({ state: 'retry', at: now + 60_000, failures: 1 });
  });

  it('stops asking a server that has no /sessions, and ignores passing trouble', () => {
    expect(shouldAskSessions(nextSessionsSupport({ state: 'unknown' }, 'absent', T0), T0 + 3_600_000)).toBe(false);
    const retry: SessionsSupport = { state: 'retry', at: T0 + 5, failures: 2 };
    expect(nextSessionsSupport(retry, 'transient', T0)).toBe(retry);
  });

  it('reads a failed request as absent, malformed or passing trouble', () => {
    const error = (kind: ConstructorParameters<typeof ApiError>[0]) => new ApiError(kind, 'x', { endpoint: 'GET /sessions' });
    expect(sessionsOutcome(error('not-found'))).toBe('absent');
    expect(sessionsOutcome(error('bad-response'))).toBe('malformed');
    expect(sessionsOutcome(error('timeout'))).toBe('transient');
    expect(sessionsOutcome(new Error('bug'))).toBe('transient');
  });
});
