import { isApiError } from '../client';
import type { Viewer, ViewerList } from './viewers';
import { startedOf, words } from '../notifications/words';
import { deviceName } from '../../../shared/device-label';
import { foldName } from '../../../shared/viewer-identity';

/**
 * How sessions behave on real Airwave servers, as pure rules the notification policy and the sync
 * engine apply: departures remembered across reconnects (a viewer gone for under a minute is not
 * new when they return), a channel change that is never a new viewer (a `channel.tuned`, or a
 * browser or TV-web player ending its session and starting a new one on the same device), who started watching while
 * the app was not looking, and a `/sessions` that answered badly once being asked again later
 * rather than given up for good.
 */

/** A viewer who left and is back within this long is the same viewer, not news. */
export const REJOIN_GRACE_MS = 60_000;

/**
 * Browser and TV-web players end their session and start a new one when the viewer changes
 * channel. A new session of the same user on the same device within this long of the old one
 * ending is that viewer changing channel, not a stop and a start.
 */
export const RESTART_WINDOW_MS = 10_000;

/**
 * Whether `later` may be `earlier` again in a new session: the same person (user on the same kind
 * of device) and, when both say, the same device id.
 */
export function sameViewerRestarted(earlier: Viewer, later: Viewer): boolean {
  if (earlier.person !== later.person) return false;
  return !earlier.deviceId || !later.deviceId || earlier.deviceId === later.deviceId;
}

/** Departures still within the grace at `now` (person → when they were last seen leaving). */
export function recentDepartures(departed: ReadonlyMap<string, number>, now: number): Map<string, number> {
  const kept = new Map<string, number>();
  for (const [person, at] of departed) if (now - at <= REJOIN_GRACE_MS) kept.set(person, at);
  return kept;
}

/**
 * The departures to carry into a new epoch (a reconnect or wake) or identity scheme: the recent
 * ones, plus everyone who was present before the gap and is not now, counted as leaving `now`
 * (they left at some point while the app was away; `now` is the latest that can be, so the grace
 * errs towards silence).
 */
export function departuresAcrossGap(
  before: { present: ReadonlyMap<string, string>; departed: ReadonlyMap<string, number> } | null,
  list: ViewerList,
  now: number,
): Map<string, number> {
  if (!before) return new Map();
  const departed = recentDepartures(before.departed, now);
  const people = new Set(list.viewers.map((viewer) => viewer.person));
  for (const person of before.present.values()) if (!people.has(person)) departed.set(person, now);
  return departed;
}

/**
 * Who started watching while the app was not looking: after a reconnect or wake, the viewers whose
 * `startedAt` is after `since` (the last successful sync before the gap). Anyone who was present
 * before the gap, or left less than a minute ago, stays baseline; so does a viewer without a start
 * time (`/now-playing` has none), since nobody can tell when they started.
 */
export function arrivalsWhileAway(
  list: ViewerList,
  since: number,
  before: { present: ReadonlyMap<string, string>; departed: ReadonlyMap<string, number> },
  now: number,
): Viewer[] {
  const knownPeople = new Set(before.present.values());
  const departed = recentDepartures(before.departed, now);
  return list.viewers.filter((viewer) => {
    if (before.present.has(viewer.key) || knownPeople.has(viewer.person) || departed.has(viewer.person)) return false;
    const started = viewer.startedAt ? Date.parse(viewer.startedAt) : Number.NaN;
    return Number.isFinite(started) && started > since && started <= now;
  });
}

/** "While you were away, 3 people started watching" (one viewer: who and what). */
export function awaySummaryText(viewers: readonly Viewer[]): { title: string; body: string } {
  if (viewers.length === 1) {
    const viewer = viewers[0] as Viewer;
    return {
      title: words.startedWhileAway(viewer.user, startedOf(viewer)),
      body: [viewer.channelName, deviceName(viewer.device)].filter(Boolean).join(' · ') || words.seeMore,
    };
  }
  const shown = viewers.slice(0, 3).map((viewer) => viewer.user);
  return {
    title: words.peopleWhileAway(viewers.length),
    body: words.andMore(shown, viewers.length - shown.length),
  };
}

/**
 * Marks for viewers who changed channel since the last update (from `channel.tuned` signals):
 * `session:<id>` for a known session, `user:<name>` otherwise. Such a viewer, appearing under a
 * new identity, is a channel change, never a new viewer.
 */
export function channelChangeMarks(signals: readonly { change: string; who: { sessionId: string | null; user: string | null } }[]): Set<string> {
  const marks = new Set<string>();
  for (const signal of signals) {
    if (signal.change !== 'tuned') continue;
    if (signal.who.sessionId) marks.add(`session:${signal.who.sessionId}`);
    if (signal.who.user) marks.add(`user:${foldName(signal.who.user)}`);
  }
  return marks;
}

export function changedChannel(viewer: Viewer, marks: ReadonlySet<string> | undefined): boolean {
  if (!marks || marks.size === 0) return false;
  return marks.has(viewer.key) || marks.has(`user:${foldName(viewer.user)}`);
}

// ------------------------------------------------------------ /sessions, asked again later

/**
 * Whether to ask `/sessions` (beyond the documented interface). A missing route means the server
 * has none: viewers are users on devices until the next connection. A malformed answer means
 * "not now": viewers are users on devices for the moment, and `/sessions` is asked again after a
 * pause that doubles from 1 to 16 minutes, so one bad answer never switches identity for good.
 */
export type SessionsSupport =
  | { state: 'unknown' }
  | { state: 'supported' }
  | { state: 'absent' }
  /** `at` is monotonic time (see Clock) */
  | { state: 'retry'; at: number; failures: number };

export type SessionsOutcome = 'ok' | 'absent' | 'malformed' | 'transient';

export const SESSIONS_RETRY_MS = { first: 60_000, max: 16 * 60_000 } as const;

export function nextSessionsSupport(current: SessionsSupport, outcome: SessionsOutcome, now: number): SessionsSupport {
  switch (outcome) {
    case 'ok':
      return { state: 'supported' };
    case 'absent':
      return { state: 'absent' };
    case 'malformed': {
      const failures = current.state === 'retry' ? current.failures + 1 : 1;
      const wait = Math.min(SESSIONS_RETRY_MS.max, SESSIONS_RETRY_MS.first * 2 ** (failures - 1));
      return { state: 'retry', at: now + wait, failures };
    }
    case 'transient':
      return current; // offline or a server hiccup says nothing about /sessions itself
  }
}

/** Ask `/sessions` on this refresh? */
export function shouldAskSessions(support: SessionsSupport, now: number): boolean {
  if (support.state === 'absent') return false;
  if (support.state === 'retry') return now >= support.at;
  return true;
}

/** How a failed `/sessions` request bears on asking it again (a rejected key is the caller's to handle). */
export function sessionsOutcome(error: unknown): SessionsOutcome {
  if (isApiError(error) && error.kind === 'not-found') return 'absent';
  if (isApiError(error) && error.kind === 'bad-response') return 'malformed';
  return 'transient';
}
