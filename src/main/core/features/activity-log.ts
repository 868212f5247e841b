/**
 * The activity log: viewers starting, stopping and changing channel, read from each viewer list
 * the core computes, kept in activity.jsonl (rotated) for at most 7 days and 5,000 entries, and
 * the query behind the Activity view (today or yesterday, newest first, by user). A browser or
 * TV-web player changing channel ends its session and starts a new one: a stop is held back for a
 * few seconds (RESTART_WINDOW_MS), and the same user on the same device starting again meanwhile
 * is one "changed" line, not a stop and a start.
 */
import * as v from 'valibot';
import type { ActivityEntry, ActivityKind, ActivityPage } from '../../../shared/bridge';
import { instant } from '../../../shared/shapes';
import { orDefault, readKept } from '../../../shared/tolerant';
import type { TimerHandle } from '../../common/clock';
import { RESTART_WINDOW_MS, sameViewerRestarted } from '../viewers/session-semantics';
import type { Viewer, ViewerList } from '../viewers/viewers';
import { ONLY_SERVER, type ServerTag } from '../state';
import type { FeatureStore } from './json-store';
import { foldName } from '../../../shared/viewer-identity';
import { messages, t } from '../../common/words';

export const ACTIVITY_FILE = 'activity.jsonl';
export const MAX_ACTIVITY = 5_000;
export const ACTIVITY_DAYS = 7;
/** Lines per log file before it is rotated (the current file and one predecessor hold at most MAX_ACTIVITY). */
export const ROTATE_AFTER = MAX_ACTIVITY / 2;

/** A local calendar day: from its midnight to the next (23 or 25 hours across a clock change). */
export function localDay(at: number, daysBack = 0): { from: number; to: number } {
  const start = new Date(at);
  start.setHours(0, 0, 0, 0);
  start.setDate(start.getDate() - daysBack);
  const end = new Date(start);
  end.setDate(end.getDate() + 1);
  return { from: start.getTime(), to: end.getTime() };
}

export interface ActivityLogOptions {
  store: FeatureStore;
  now: () => number;
  changed: () => void;
  problem: (text: string) => void;
  /** runs `fn` after `ms` (the core's clock): a held-back stop is written when its window is over */
  later: (fn: () => void, ms: number) => TimerHandle;
}

/** A viewer whose session ended, held back in case it is a browser player restarting on another channel. */
interface Leaving {
  viewer: Viewer;
  at: number;
  whileAway: boolean;
  server: ServerTag;
  timer: TimerHandle;
}

interface Seen {
  epoch: number;
  scheme: ViewerList['scheme'];
  viewers: Map<string, Viewer>;
}

export class ActivityLog {
  readonly #o: ActivityLogOptions;
  #entries: ActivityEntry[];
  /** who was watching at the last list, per server (slot id) */
  readonly #seen = new Map<string, Seen>();
  /** stops held back for RESTART_WINDOW_MS, per server (slot id) */
  readonly #leaving = new Map<string, Leaving[]>();
  #revision = 0;

  constructor(options: ActivityLogOptions) {
    this.#o = options;
    const loaded = options.store.readLog(ACTIVITY_FILE);
    const entries: ActivityEntry[] = [];
    let skipped = loaded.skipped;
    let partly = 0;
    for (const line of loaded.lines) {
      const read = readKept(ACTIVITY_LINE, line);
      if (!read.ok) skipped++;
      else {
        if (read.dropped.length > 0) partly++;
        entries.push(read.value);
      }
    }
    const damaged = [
      ...(skipped > 0 ? [t(messages().stored.damagedLines, { n: skipped })] : []),
      ...(partly > 0 ? [t(messages().stored.damagedFields, { n: partly })] : []),
    ];
    if (loaded.problem) options.problem(loaded.problem);
    else if (damaged.length > 0) options.problem(damaged.join(' '));
    this.#entries = this.#bounded(entries.sort((a, b) => a.at - b.at));
  }

  /** Moves whenever an entry is added (the snapshot's `activity` part). */
  get revision(): number {
    return this.#revision;
  }

  get size(): number {
    return this.#entries.length;
  }

  /**
   * A viewer list the core computed. The first one is a baseline (nothing is known of before it);
   * the first one of a new epoch (after a reconnect or a wake) logs what changed while away.
   */
  observe(list: ViewerList | null, epoch: number, server: ServerTag = ONLY_SERVER): void {
    if (!list) return;
    const viewers = new Map(list.viewers.map((v) => [v.key, v]));
    const before = this.#seen.get(server.id);
    this.#seen.set(server.id, { epoch, scheme: list.scheme, viewers });
    if (!before || before.scheme !== list.scheme) return;
    const whileAway = before.epoch !== epoch;
    const at = this.#o.now();
    const added: ActivityEntry[] = [];
    const arrived: Viewer[] = [];
    for (const [key, viewer] of viewers) {
      const was = before.viewers.get(key);
      if (!was) arrived.push(viewer);
      else if (was.channelNumber !== viewer.channelNumber) added.push(changedEntry(was, viewer, at, whileAway));
    }
    const departed = [...before.viewers].filter(([key]) => !viewers.has(key)).map(([, was]) => was);
    const leaving = this.#leaving.get(server.id) ?? [];
    for (const viewer of arrived) {
      // a new session of someone whose session just ended (now or a few seconds ago) is that viewer moving
      const inUpdate = departed.findIndex((was) => sameViewerRestarted(was, viewer));
      const held = inUpdate >= 0 ? -1 : leaving.findIndex((item) => at - item.at <= RESTART_WINDOW_MS && sameViewerRestarted(item.viewer, viewer));
      const heldItem = held >= 0 ? leaving.splice(held, 1)[0] : undefined;
      heldItem?.timer.cancel();
      const was = inUpdate >= 0 ? departed.splice(inUpdate, 1)[0] : heldItem?.viewer;
      if (!was) added.push(entry('started', viewer, at, whileAway));
      else if (was.channelNumber !== viewer.channelNumber) added.push(changedEntry(was, viewer, at, whileAway));
    }
    for (const was of departed) this.#holdStop(was, at, whileAway, server);
    this.#write(added, server);
  }

  /** Writes a stop once its window is over, unless the same viewer started again meanwhile. */
  #holdStop(viewer: Viewer, at: number, whileAway: boolean, server: ServerTag): void {
    const leaving = this.#leaving.get(server.id) ?? [];
    this.#leaving.set(server.id, leaving);
    const item: Leaving = { viewer, at, whileAway, server, timer: this.#o.later(() => this.#flush(server.id, item), RESTART_WINDOW_MS) };
    leaving.push(item);
  }

  /** Writes held stops of a server (one, or all of them): their window is over, or the server is forgotten. */
  #flush(id: string, only?: Leaving): void {
    const leaving = this.#leaving.get(id) ?? [];
    const due = only ? leaving.filter((item) => item === only) : leaving.slice();
    if (due.length === 0) return;
    this.#leaving.set(id, leaving.filter((item) => !due.includes(item)));
    for (const item of due) {
      item.timer.cancel();
      this.#write([entry('stopped', item.viewer, item.at, item.whileAway)], item.server);
    }
  }

  #write(added: ActivityEntry[], server: ServerTag): void {
    if (added.length === 0) return;
    for (const item of added) {
      if (server.label !== null) item.server = server.label;
      if (server.id !== ONLY_SERVER.id) item.serverId = server.id;
    }
    for (const item of added) this.#o.store.appendLog(ACTIVITY_FILE, item, ROTATE_AFTER);
    const entries = [...this.#entries, ...added];
    // a held-back stop may be older than a line written meanwhile
    if (added.some((item, i) => item.at < (entries[this.#entries.length + i - 1]?.at ?? -Infinity))) entries.sort((a, b) => a.at - b.at);
    this.#entries = this.#bounded(entries);
    this.#revision++;
    this.#o.changed();
  }

  /** Writes every held-back stop now (the core is closing). */
  dispose(): void {
    for (const id of [...this.#leaving.keys()]) this.#flush(id);
  }

  /** Forgets who was watching on a server (or on all): its next list is a baseline again. */
  forgetViewers(id?: string): void {
    for (const server of id === undefined ? [...this.#leaving.keys()] : [id]) this.#flush(server);
    if (id === undefined) this.#seen.clear();
    else this.#seen.delete(id);
  }

  /** One local day of the log, newest first, optionally for one user (any case). */
  query(day: ActivityPage['day'], user?: string): ActivityPage {
    const { from, to } = localDay(this.#o.now(), day === 'today' ? 0 : 1);
    const inDay = this.#entries.filter((e) => e.at >= from && e.at < to);
    const users = [...new Set(inDay.map((e) => e.user))].sort((a, b) => a.localeCompare(b));
    const wanted = user === undefined ? '' : foldName(user);
    const entries = (wanted ? inDay.filter((e) => foldName(e.user) === wanted) : inDay).reverse();
    return { day, from, to, entries, users };
  }

  /** Entries within the last 7 days, at most MAX_ACTIVITY (the newest). */
  #bounded(entries: ActivityEntry[]): ActivityEntry[] {
    const oldest = this.#o.now() - ACTIVITY_DAYS * 24 * 60 * 60_000;
    const recent = entries.filter((e) => e.at >= oldest);
    return recent.length > MAX_ACTIVITY ? recent.slice(recent.length - MAX_ACTIVITY) : recent;
  }
}

function changedEntry(was: Viewer, viewer: Viewer, at: number, whileAway: boolean): ActivityEntry {
  return { ...entry('changed', viewer, at, whileAway), fromChannelNumber: was.channelNumber, fromChannelName: was.channelName };
}

function entry(kind: ActivityKind, viewer: Viewer, at: number, whileAway: boolean): ActivityEntry {
  return {
    at,
    kind,
    user: viewer.user,
    device: viewer.device,
    channelNumber: viewer.channelNumber,
    channelName: viewer.channelName,
    fromChannelNumber: null,
    fromChannelName: null,
    watching: viewer.watching,
    whileAway,
  };
}

/** Text the server sent, clipped to what the log keeps. */
const clipped = (max: number) => v.pipe(v.string(), v.transform((text) => text.slice(0, max)));
const optionalText = orDefault(v.nullable(clipped(300)), null);
const optionalNumber = orDefault(v.nullable(v.pipe(v.number(), v.safeInteger())), null);

/** One line of activity.jsonl: without its time, kind or user it is skipped; another damaged field reads as unknown. */
const ACTIVITY_LINE = v.object({
  at: instant,
  kind: v.picklist(['started', 'stopped', 'changed']),
  user: clipped(300),
  device: optionalText,
  channelNumber: optionalNumber,
  channelName: optionalText,
  fromChannelNumber: optionalNumber,
  fromChannelName: optionalText,
  watching: optionalText,
  whileAway: orDefault(v.boolean(), false),
  server: orDefault(v.optional(clipped(80)), undefined),
  serverId: orDefault(v.optional(clipped(80)), undefined),
});
