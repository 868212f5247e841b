/**
 * History, composed: it watches each followed server's state (the same viewer lists the activity
 * log and notifications read, core/viewers/viewers.ts), records when each server was followed and
 * every viewing, keeps the record within the retention, and answers History's questions. A server
 * counts as followed while it is connected (live or polling, not asleep) and its viewer list has
 * been read since it connected; everything else is a gap. A heartbeat every few minutes bounds what
 * a crash can cost (the follow ends at the last one written); the timer runs only while following.
 */
import { DEFAULT_HISTORY_DIGEST, DEFAULT_HISTORY_RETENTION, type HistoryAway, type HistoryDigest, type HistoryMoment, type HistoryPersonView, type HistoryRequest, type HistoryRetention, type HistoryStatus, type HistoryView, type PersonRef } from '../../../shared/bridge-history';
import type { Clock, TimerHandle } from '../../common/clock';
import type { AppState, ServerTag } from '../state';
import type { Viewer } from '../viewers/viewers';
import { viewersOf } from '../viewers/watching';
import type { Calendar } from './calendar';
import { DayKeeper, HELD_MS } from './day-keeper';
import { DayStore } from './day-store';
import { nextTurn } from './record-reader';
import { recordPast, type PastRecord } from './demo-past';
import { digestRequest, digestWeek, dueThisWeek, nextDigestAt } from './digest';
import type { NotificationRequest } from '../viewers/notify-policy';
import { toCsv } from './csv';
import { HistoryFiles, type HistorySettings } from './history-files';
import { messages, t } from '../../common/words';
import { HistoryIndex } from './history-index';
import { HistoryRecord, type ViewingFields } from './history-record';
import { toSecond } from './record-format';
import { resolveRange } from './ranges';
import { join } from 'node:path';
import { awaySummary, csvRows, followedSince, momentView, peakSince, personView, rangeView, type ViewContext } from './views';

/** A heartbeat this often while any server is followed (a crash costs at most this much followed time). */
export const HEARTBEAT_MS = 5 * 60_000;
export { HELD_MS } from './day-keeper';
/** The longest the record waits for the first viewer list before it is read anyway. */
export const OPEN_AFTER_MS = 5_000;
/** "While you were away" needs at least this much followed time since the popover was last open. */
export const AWAY_MIN_MS = 3_600_000;
const DAY_MS = 24 * 3_600_000;

export interface HistoryDeps {
  clock: Clock;
  /** the folder for the record (`<user data>/history`); null keeps it in memory */
  dir: string | null;
  /** where days, months and years start (the computer's zone; tests pass UTC) */
  calendar: Calendar;
  /** a server's name as the app shows it now; null for a server no longer followed (the record's name is kept) */
  serverName: (id: string) => string | null;
  /** the servers whose record is the demo's made-up household */
  demoServers?: ReadonlySet<string>;
  /**
   * read the record only once the first viewer list has been recorded (the badge it makes is drawn
   * first), or OPEN_AFTER_MS at the latest: the app's start-up; tests and the benchmark read at once
   */
  openAfterFirstList?: boolean;
  /** the record changed (the snapshot's `history` part) */
  changed: () => void;
  /** shows a notification (the weekly digest) */
  notify?: (request: NotificationRequest) => void;
  problem: (text: string) => void;
}

export class History {
  readonly #d: HistoryDeps;
  readonly #files: HistoryFiles | null;
  readonly #index = new HistoryIndex();
  readonly #record: HistoryRecord;
  readonly #days: DayStore;
  #settings: HistorySettings;
  #heartbeat: TimerHandle | null = null;
  #digestTimer: TimerHandle | null = null;
  #pruneDay = -1;
  /** when the popover was last open (or the app started): the "while you were away" span starts here */
  #lastOpen: number;
  #away: HistoryAway | null = null;
  #peakCache: { key: string; value: number | null } | null = null;
  #disposed = false;
  #ready = false;
  #opened: Promise<void>;
  /** resolves when the record may be read (at once, or after the first viewer list) */
  #firstList: Promise<void> = Promise.resolve();
  #startOpen: () => void = () => {};
  /** readings of the record so far: a reading is dropped when the record is read again */
  #generation = 0;
  readonly #keeper: DayKeeper;

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
    this.#days = new DayStore(deps.dir ? join(deps.dir, '.days') : null, (text) => deps.problem(t(messages().stored.historyNotWritten, { error: text })));
    this.#keeper = new DayKeeper(this.#index, this.#files, this.#days, deps.calendar);
    this.#settings = this.#files?.readSettings() ?? { retentionDays: DEFAULT_HISTORY_RETENTION, digest: { ...DEFAULT_HISTORY_DIGEST }, digestSent: null };
    this.#lastOpen = deps.clock.now();
    if (deps.openAfterFirstList && this.#files) {
      let start = () => {};
      this.#firstList = new Promise<void>((resolve) => (start = resolve));
      const timer = deps.clock.setTimeout(() => this.#startOpen(), OPEN_AFTER_MS);
      this.#startOpen = () => {
        timer.cancel();
        start();
      };
    }
    this.#opened = this.#files ? this.#open() : Promise.resolve();
    if (!this.#files) {
      this.#ready = true;
      this.#planDigest();
    }
  }

  /**
   * Reads the record off the start-up path: nothing is read before the next turn of the event loop,
   * then the last month's rows and every day summary in slices, while what this run sees is
   * written at once and joins the rows after them. Until then the views say "Reading the
   * history…" and the tray has no peak for today.
   */
  async #open(): Promise<void> {
    const generation = ++this.#generation;
    const stopped = () => this.#disposed || generation !== this.#generation;
    // the record holds back what this run sees from here on, and is read once the first list is in
    const reading = this.#record.open(this.#d.clock.now() - HELD_MS, stopped, this.#firstList);
    await this.#firstList;
    await nextTurn();
    const now = this.#d.clock.now();
    const keepFrom = now - this.#settings.retentionDays * DAY_MS;
    this.#files?.dropBefore(keepFrom);
    this.#days.dropBefore(keepFrom);
    const { skipped } = await reading;
    if (stopped()) return;
    await this.#days.load(keepFrom);
    await this.#keeper.sumUpAll(this.#d.clock.now(), this.#settings.retentionDays, stopped);
    if (stopped()) return;
    this.#ready = true;
    if (skipped > 0) this.#d.problem(t(messages().stored.historyDamaged, { n: skipped }));
    this.#d.changed();
    // a digest due while the app was not running (or reading) is sent now, once
    const d = this.#settings.digest;
    if (d.enabled && dueThisWeek(this.#d.calendar, this.#d.clock.now(), d) !== null) this.#sendDigest();
    this.#planDigest();
  }

  /** The next digest, at its day and hour (one timer, while it is on). */
  #planDigest(): void {
    this.#digestTimer?.cancel();
    this.#digestTimer = null;
    const d = this.#settings.digest;
    if (!d.enabled || this.#disposed || !this.#ready) return;
    const now = this.#d.clock.now();
    const at = nextDigestAt(this.#d.calendar, now + 1_000, d);
    this.#digestTimer = this.#d.clock.setTimeout(() => {
      this.#digestTimer = null;
      this.#sendDigest();
      this.#planDigest();
    }, at - now);
  }

  /** Last week's digest, once per week; none for a week nothing was followed of. */
  #sendDigest(): void {
    const now = this.#d.clock.now();
    const week = digestWeek(this.#d.calendar, now);
    if (this.#settings.digestSent === week.from) return;
    this.#settings = { ...this.#settings, digestSent: week.from };
    this.#files?.writeSettings(this.#settings);
    const view = rangeView(this.#context(), { span: 'custom', from: week.from, to: week.to });
    const servers = this.#index.servers.filter((x) => x.follows.some((f) => f.from < week.to && (f.to ?? now) > week.from));
    const request = digestRequest(view, servers.length === 1 ? servers[0]!.name : null, now);
    if (request) this.#d.notify?.(request);
  }

  /** Resolves once the record has been read (tests, the benchmark). */
  whenReady(): Promise<void> {
    return this.#opened;
  }

  get revision(): number {
    return this.#record.revision;
  }

  status(badgeServer: string | null): HistoryStatus {
    return { revision: this.#record.revision, ready: this.#ready, retentionDays: this.#settings.retentionDays, digest: this.#settings.digest, peakToday: this.peakToday(badgeServer), away: this.#away };
  }

  /** What every query reads: the index with the servers named as the app names them now, the calendar, now. */
  #context(): ViewContext {
    for (const server of this.#index.servers) server.name = this.#d.serverName(server.id) ?? server.name;
    const now = this.#d.clock.now();
    return { index: this.#index, cal: this.#d.calendar, now, heldFrom: this.#keeper.heldFrom(now), day: (from) => this.#keeper.day(from, now), days: () => this.#days.days(), stored: (days, filter) => this.#days.tallies.sum(days, filter), byPerson: (day) => this.#days.tallies.byPerson(day), demo: this.#d.demoServers ?? new Set() };
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
    if (followed) this.#startOpen(); // the badge this list makes is drawn before the record is read
    this.#planHeartbeat();
    if (this.#record.revision !== before) this.#d.changed();
  }

  /** Records one update of a server: followed with these viewers, or not followed (null). */
  #apply(serverId: string, viewers: readonly Viewer[] | null, now: number): void {
    if (viewers === null) this.#record.followEnd(serverId, now);
    else this.#record.list(serverId, this.#d.serverName(serverId) ?? serverId, viewers.map(fieldsOf), now);
  }

  /**
   * The demo starts: a previous demo's record goes, and `past` (the demo household's week) is
   * written as the demo's own, read back with the rest of the record.
   */
  beginDemo(serverId: string, name: string, past: PastRecord | null): void {
    const now = toSecond(this.#d.clock.now());
    this.#record.dropServer(serverId, now);
    if (!this.#files) {
      // in memory only (tests): the index takes the past as it is written
      this.#index.clear();
      this.#record.resetCleaners();
      if (past) recordPast(this.#record, serverId, name, past, now);
      return this.#d.changed();
    }
    if (past) this.#record.writeOnly(() => recordPast(this.#record, serverId, name, past, now));
    this.#reload(serverId);
  }

  /** The demo is left: its record goes (the past and what was followed of it). */
  dropServer(serverId: string): void {
    this.#record.dropServer(serverId, toSecond(this.#d.clock.now()));
    if (!this.#files) {
      this.#index.clear();
      this.#record.resetCleaners();
      return this.#d.changed();
    }
    this.#reload(serverId);
  }

  /**
   * Reads the record again (a server's part was replaced or dropped, while nothing is followed);
   * the days it was in are summed up again. This run's lines up to here are read too: what it
   * writes from now on is a new part, which joins the index after.
   */
  #reload(serverId: string): void {
    for (const day of this.#days.days()) if (day.servers.has(serverId) || day.to > this.#d.clock.now() - 8 * DAY_MS) this.#days.forget(day.from);
    // a reading under way is dropped: this one reads everything it would have
    this.#ready = false;
    this.#index.clear();
    this.#record.resetCleaners();
    this.#record.rotate();
    this.#d.changed();
    this.#opened = this.#open();
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
      this.#away = this.#ready && followedSince(this.#index, since, now) >= AWAY_MIN_MS ? awaySummary(this.#context(), since) : null;
    } else this.#away = null; // read: it goes with the popover
    this.#lastOpen = now;
    this.#d.changed();
  }

  view(request: HistoryRequest): HistoryView {
    return rangeView(this.#context(), request);
  }

  person(request: HistoryRequest & { person: PersonRef }): HistoryPersonView {
    return personView(this.#context(), request);
  }

  moment(request: { from: number; to: number; server?: string; person?: PersonRef }): HistoryMoment {
    return momentView(this.#context(), request);
  }

  /**
   * The range as CSV, and how many viewings it holds. The part older than the rows held is read
   * from its month files into an index of its own, in slices (a viewing across that midnight is
   * two rows).
   */
  async csv(request: HistoryRequest): Promise<{ text: string; rows: number }> {
    const ctx = this.#context();
    const range = resolveRange(request, ctx.now, ctx.cal, ctx.heldFrom);
    let rows = range.to > ctx.heldFrom ? csvRows(ctx, { ...request, span: 'custom', from: Math.max(range.from, ctx.heldFrom), to: range.to }) : [];
    if (range.from < ctx.heldFrom && this.#files) {
      const index = new HistoryIndex();
      await new HistoryRecord(index, this.#files).read(range.from, ctx.heldFrom);
      for (const server of index.servers) server.name = this.#d.serverName(server.id) ?? server.name;
      rows = csvRows({ ...ctx, index }, { ...request, span: 'custom', from: range.from, to: Math.min(range.to, ctx.heldFrom) }).concat(rows);
    }
    return { text: toCsv(rows), rows: rows.length };
  }

  /** The most at once today on the badge's server (or all); cached per change and per minute. */
  peakToday(server: string | null): number | null {
    if (!this.#ready) return null;
    const now = this.#d.clock.now();
    const key = `${this.#record.revision}:${server}:${Math.floor(now / 60_000)}`;
    if (this.#peakCache?.key !== key) this.#peakCache = { key, value: peakSince(this.#index, this.#d.calendar.dayStart(now), now, server) };
    return this.#peakCache.value;
  }

  setRetention(days: HistoryRetention): void {
    this.#settings = { ...this.#settings, retentionDays: days };
    this.#files?.writeSettings(this.#settings);
    this.#files?.dropBefore(this.#d.clock.now() - days * DAY_MS);
    this.#days.dropBefore(this.#d.clock.now() - days * DAY_MS);
    this.#d.changed();
  }

  setDigest(digest: HistoryDigest): void {
    this.#settings = { ...this.#settings, digest: { ...digest } };
    this.#files?.writeSettings(this.#settings);
    this.#planDigest();
    this.#d.changed();
  }

  clear(): void {
    // asked while the record is still being read: cleared once it has been (nothing read after survives)
    if (!this.#ready) return void this.#opened.then(() => this.clear());
    this.#record.clear(toSecond(this.#d.clock.now()));
    this.#days.clear();
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
    this.#startOpen(); // a reading still waiting ends at once (it finds itself stopped)
    const now = toSecond(this.#d.clock.now());
    this.#record.batch(() => {
      for (const id of this.#record.followedServers()) this.#record.followEnd(id, now);
    });
    this.#disposed = true;
    this.#heartbeat?.cancel();
    this.#heartbeat = null;
    this.#digestTimer?.cancel();
    this.#digestTimer = null;
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
      if (day !== this.#pruneDay && this.#ready) {
        this.#pruneDay = day;
        // the days that closed are summed up before their rows go
        this.#keeper.sumUpHeld(now, this.#settings.retentionDays);
        this.#index.prune(now - HELD_MS);
        this.#files?.dropBefore(now - this.#settings.retentionDays * DAY_MS);
        this.#days.dropBefore(now - this.#settings.retentionDays * DAY_MS);
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

