import type { GuideNowRow, ViewerSignal } from '../../../shared/airwave';
import { channelChangeMarks } from '../viewers/session-semantics';
import type { Viewer } from '../viewers/viewers';
import { foldName } from '../../../shared/viewer-identity';

/**
 * What a burst of viewer events asks the app to do. Events only say who and what changed; the app
 * refetches the key's own `/sessions` and `/now-playing` for records, and those REST answers are
 * the only thing ever shown or announced. Airwave does not filter the stream by key, so an event
 * about a channel this key cannot see, and about nobody it holds, costs no request at all.
 */

/** The channels this key may see: those in its own `/guide/now`. */
export interface Visibility {
  numbers: ReadonlySet<number>;
  ids: ReadonlySet<string>;
}

export function visibilityOf(rows: readonly Pick<GuideNowRow, 'id' | 'number'>[] | null | undefined): Visibility | null {
  if (!rows) return null;
  return { numbers: new Set(rows.map((row) => row.number)), ids: new Set(rows.map((row) => row.id)) };
}

export interface SignalPlan {
  /** refetch `/now-playing` and `/sessions` (someone started, ended or moved) */
  viewers: boolean;
  /** refetch `/now-playing` only (playback state or progress changed) */
  nowPlaying: boolean;
  /** signals about channels this key cannot see and viewers it does not hold: no request */
  ignored: number;
  /** viewers who changed channel, for the notification policy */
  changedChannel: Set<string>;
}

/**
 * Whether a signal may concern what this key sees: its channel is one of the key's, or the event
 * does not say which channel, or it is about a viewer the key's REST answers already show (who may
 * just have moved to a channel the key cannot see, and must then disappear). Before the channel
 * list is loaded every signal counts.
 */
export function concernsKey(signal: ViewerSignal, visibility: Visibility | null, held: readonly Viewer[]): boolean {
  if (!visibility) return true;
  const channel = signal.channel;
  if (!channel || (channel.number === null && channel.id === null)) return true;
  if (channel.number !== null && visibility.numbers.has(channel.number)) return true;
  if (channel.id !== null && visibility.ids.has(channel.id)) return true;
  return held.some((viewer) => holds(viewer, signal));
}

function holds(viewer: Viewer, signal: ViewerSignal): boolean {
  if (signal.who.sessionId && viewer.key === `session:${signal.who.sessionId}`) return true;
  const name = signal.who.user == null ? undefined : foldName(signal.who.user);
  // Without a name (a compact event may have none) nobody can be ruled out.
  return name === undefined || foldName(viewer.user) === name;
}

export function planSignals(signals: readonly ViewerSignal[], visibility: Visibility | null, held: readonly Viewer[]): SignalPlan {
  const relevant = signals.filter((signal) => concernsKey(signal, visibility, held));
  const viewers = relevant.some((signal) => signal.change !== 'playback');
  return {
    viewers,
    nowPlaying: !viewers && relevant.length > 0,
    ignored: signals.length - relevant.length,
    changedChannel: channelChangeMarks(relevant),
  };
}
