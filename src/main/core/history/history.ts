/**
 * History, composed: it watches each followed server's state (the same viewer lists the activity
 * log and notifications read, core/viewers/viewers.ts), records when each server was followed and
 * every viewing, keeps the record within the retention, and answers History's questions. A server
 * counts as followed while it is connected (live or polling, not asleep) and its viewer list has
 * been read since it connected; everything else is a gap. A heartbeat every few minutes bounds what
 * a crash can cost (the follow ends at the last one written); the timer runs only while following.
 */
import { DEFAULT_HISTORY_RETENTION, type HistoryAway, type HistoryMoment, type HistoryRetention, type HistorySpan, type HistoryStatus, type HistoryView } from '../../../shared/bridge-history';
import type { Clock, TimerHandle } from '../../common/clock';
import type { AppState, ServerTag } from '../state';
import { viewersOf, type Viewer } from '../viewers/viewers';
import { momentAt } from './compute';
import { exportRows, toCsv } from './csv';
import { HistoryFiles } from './history-files';
import { messages, t } from '../../common/words';
import { HistoryIndex } from './history-index';
import { HistoryRecord, type ViewingFields } from './history-record';
import { toSecond } from './record-format';
import { awaySummary, chosen, followedSince, peakSince, spanView } from './views';

/** A heartbeat this often while any server is followed (a crash costs at most this much followed time). */
export const HEARTBEAT_MS = 5 * 60_000;
/** Memory holds this much (the longest span and a day more); older months stay on disk until the retention drops them. */
export const HELD_MS = 31 * 24 * 3_600_000;
/** "While you were away" needs at least this much followed time since the popover was last open. */
export const AWAY_MIN_MS = 3_600_000;
const DAY_MS = 24 * 3_600_000;

export interface HistoryDeps {
  clock: Clock;
  /** the folder for the record (`<user data>/history`); null keeps it in memory */
  dir: string | null;
  /** local midnight of the day `ms` falls in (injected: tests need no time zone) */
  dayStart: (ms: number) => number;
  /** the server names for people (the slot's name) */
  serverName: (id: string) => string;
  /** the record changed (the snapshot's `history` part) */
  changed: () => void;
  problem: (text: string) => void;
}

export class History {
  readonly #d: HistoryDeps;
  readonly #files: HistoryFiles | null;
  readonly #index = new HistoryIndex();
  readonly #record: HistoryRecord;
  #retention: HistoryRetention;
  #heartbeat: TimerHandle | null = null;
  #pruneDay = -1;
  /** when the popover was last open (or the app started): the "while you were away" span starts here */
  #lastOpen: number;
  #away: HistoryAway | null = null;
  #peakCache: { key: string; value: number | null } | null = null;
  #disposed = false;

  constructor(deps: HistoryDeps) {
    this.#d = deps;
    let reported = false;
    this.#files = deps.dir
      ? new HistoryFiles(deps.dir, (text) => {
          if (reported) return; // a full disk is said once, not at every event
          reported = true;
          deps.problem(text);
        })
      : null;
    this.#record = new HistoryRecord(this.#index, this.#files);
    this.#retention = this.#files?.readRetention() ?? DEFAULT_HISTORY_RETENTION;
    const now = deps.clock.now();
    this.#lastOpen = now;
    this.#files?.dropBefore(now - this.#retention * DAY_MS);
    const { skipped } = this.#record.load(now - HELD_MS);
    if (skipped > 0) deps.problem(t(messages().stored.historyDamaged, { n: skipped }));
  }

  get revision(): number {
    return this.#record.revision;
  }

  status(badgeServer: string | null): HistoryStatus {
    return { revision: this.#record.revision, retentionDays: this.#retention, peakToday: this.peakToday(badgeServer), away: this.#away };
  }

  /**
   * A followed server's state changed: whether it is followed now, and who started, stopped or
   * changed what they watch (a change of channel or programme ends one viewing and starts the next).
   */
  observe(server: ServerTag, state: AppState, changed: ReadonlySet<keyof AppState>): void {
    if (this.#disposed) return;
    if (!(changed.has('connection') || changed.has('nowPlaying') || changed.has('sessions') || changed.has('viewerEpoch'))) return;
    const now = toSecond(this.#d.clock.now());
    const c = state.connection;
    const list = viewersOf(state);
    const source = state.sessions.supported && state.sessions.data ? state.sessions : state.nowPlaying;
    const fresh = list !== null && source.updatedAt !== null && source.updatedAt >= c.since;
    const followed = (c.state === 'live' || c.state === 'polling') && !c.suspended && fresh;
    const before = this.#record.revision;
    this.#record.batch(() => this.#apply(server.id, followed ? list.viewers : null, now));
    this.#planHeartbeat();
    if (this.#record.revision !== before) this.#d.changed();
  }

  /**
   * Records one update of a server: followed with these viewers, or not followed (null). Viewers
   * are taken by stretch (person, device, channel: two sessions of one stretch are one viewing,
   * the one on a programme before one on a break); the viewing rule (clean-viewings.ts) decides
   * the rows.
   */
  #apply(serverId: string, viewers: readonly Viewer[] | null, now: number): void {
    if (viewers === null) {
      this.#record.followEnd(serverId, now);
      return;
    }
    this.#record.followStart(serverId, this.#d.serverName(serverId), now);
    const seen = new Map<string, ViewingFields>();
    for (const viewer of viewers) {
      const fields = fieldsOf(viewer);
      const key = stretchKey(fields);
      const held = seen.get(key);
      if (!held || (held.onBreak && !fields.onBreak)) seen.set(key, fields);
    }
    for (const [key, fields] of seen) this.#record.seen(serverId, key, now, fields);
    for (const key of [...this.#record.openViewers(serverId).keys()]) if (!seen.has(key)) this.#record.gone(serverId, key, now);
  }

  /** A server is no longer followed at all (removed): its follow ends now. */
  forget(serverId: string): void {
    this.#record.followEnd(serverId, toSecond(this.#d.clock.now()));
    this.#planHeartbeat();
  }

  /** The popover opened or closed: on opening after an hour or more of following, the away line. */
  popoverOpen(open: boolean): void {
    const now = this.#d.clock.now();
    if (open) {
      const since = this.#lastOpen;
      this.#away = followedSince(this.#index, since, now) >= AWAY_MIN_MS ? awaySummary(this.#index, since, now) : null;
    } else this.#away = null; // read: it goes with the popover
    this.#lastOpen = now;
    this.#d.changed();
  }

  view(span: HistorySpan, server?: string): HistoryView {
    return spanView(this.#index, span, this.#d.clock.now(), server);
  }

  moment(at: number, server?: string): HistoryMoment {
    return momentAt(this.#index, at, this.#d.clock.now(), chosen(this.#index, server));
  }

  /** The span as CSV, and how many viewings it holds. */
  csv(span: HistorySpan, server?: string): { text: string; rows: number } {
    const rows = exportRows(this.#index, span, this.#d.clock.now(), chosen(this.#index, server));
    return { text: toCsv(rows), rows: rows.length };
  }

  /** The most at once today on the badge's server (or all); cached per change and per minute. */
  peakToday(server: string | null): number | null {
    const now = this.#d.clock.now();
    const key = `${this.#record.revision}:${server}:${Math.floor(now / 60_000)}`;
    if (this.#peakCache?.key !== key) this.#peakCache = { key, value: peakSince(this.#index, this.#d.dayStart(now), now, server) };
    return this.#peakCache.value;
  }

  setRetention(days: HistoryRetention): void {
    this.#retention = days;
    this.#files?.writeRetention(days);
    this.#files?.dropBefore(this.#d.clock.now() - days * DAY_MS);
    this.#d.changed();
  }

  clear(): void {
    this.#record.clear(toSecond(this.#d.clock.now()));
    this.#away = null;
    this.#d.changed();
  }

  /** Names held in memory (the daily trim drops those nothing held uses). */
  heldNames(): number {
    return this.#index.names.size;
  }

  /** Bytes the record takes on disk. */
  size(): number {
    return this.#files?.size() ?? 0;
  }

  /** Ends every follow (written as a clean stop) and stops the heartbeat. */
  dispose(): void {
    if (this.#disposed) return;
    const now = toSecond(this.#d.clock.now());
    this.#record.batch(() => {
      for (const id of this.#record.followedServers()) this.#record.followEnd(id, now);
    });
    this.#disposed = true;
    this.#heartbeat?.cancel();
    this.#heartbeat = null;
  }

  #planHeartbeat(): void {
    const following = this.#record.followedServers().length > 0;
    if (!following || this.#disposed) {
      this.#heartbeat?.cancel();
      this.#heartbeat = null;
      return;
    }
    if (this.#heartbeat) return;
    this.#heartbeat = this.#d.clock.setTimeout(() => {
      this.#heartbeat = null;
      const now = toSecond(this.#d.clock.now());
      this.#record.heartbeat(now);
      // once a day: what memory holds and what the retention keeps on disk are trimmed
      const day = Math.floor(now / DAY_MS);
      if (day !== this.#pruneDay) {
        this.#pruneDay = day;
        this.#index.prune(now - HELD_MS);
        this.#files?.dropBefore(now - this.#retention * DAY_MS);
      }
      this.#planHeartbeat();
    }, HEARTBEAT_MS);
  }
}

/** What the record keeps of a viewer: on a break (a bumper) no programme is named (the next one seen names it). */
function fieldsOf(viewer: Viewer): ViewingFields {
  const onBreak = viewer.onBumper === true;
  return { person: viewer.user, device: viewer.device, channelNumber: viewer.channelNumber, channel: viewer.channelName, programme: onBreak ? null : viewer.watching, ...(onBreak ? { onBreak } : {}) };
}

const stretchKey = (f: ViewingFields): string => `${f.person}\n${f.device ?? ''}\n${f.channelNumber ?? ''}\n${f.channel ?? ''}`;
