import type { PlacedGuide, GuideChannel, Program } from '../../../shared/airwave';
import type { ProgrammeTimes } from '../../../shared/programme-times';
import type { AiringEvidence } from '../features/episode-record';
import type { GuideRows, GuideRowsRequest, GuideSearch, GuideSearchHit, GuideSearchTitle, GuideView } from '../../../shared/bridge';
import { GUIDE_ROWS_MAX, groupOf, listedGroups } from '../../../shared/bridge';
import type { Clock } from '../../common/clock';
import { ApiError, isApiError, type AirwaveClient } from '../client';
import { loadGuide, searchTitles, type GuideStore, type GuideSummary } from '../guide';
import { emptyGuideView, listedPackages, type StateStore } from '../state';
import type { Connection } from './connection';
import { searchNeedle } from '../../../shared/search-match';
import { messages } from '../../common/words';

/**
 * Owns the guide windows the engine holds: the one shown (a streamed store) and the one being
 * fetched, what the state says about them (window, size, progress, error, never the programmes),
 * and the answers to row and search queries. A window being fetched takes over the screen as soon
 * as its first rows are in; one that fails before that leaves the shown window in place.
 */


/** What a guide load runs against: the followed server's client and its current connection. */
export interface GuideTarget {
  client: AirwaveClient;
  connection: Connection;
}

/** Search looks this far ahead, whatever window the guide shows. */
export const SEARCH_AHEAD_MS = 24 * 60 * 60_000;
/** A day of the guide loaded for search is used for this long before it is loaded again. */
const SEARCH_DAY_FRESH_MS = 60 * 60_000;
/** After a day guide for search failed, it is asked again no sooner than this, doubling with each failure in a row up to SEARCH_DAY_FRESH_MS. */
export const SEARCH_DAY_RETRY_MS = 5 * 60_000;
/** How long after a day-guide load (`failures` failed in a row before it) the next may start. */
export const searchDayPace = (failed: boolean, failures: number): number =>
  failed ? Math.min(SEARCH_DAY_FRESH_MS, SEARCH_DAY_RETRY_MS * 2 ** Math.min(failures, 8)) : SEARCH_DAY_FRESH_MS;

const gone = () => messages().client.guideGone;
const NETWORK: readonly string[] = ['unreachable', 'timeout', 'cancelled'];

/**
 * Loads a window for the user. A reconnect while it loads never leaves it hanging: a load whose
 * connection was replaced (a new key, server or auth style, or a dropped network) is tried once
 * more on the connection now current, and otherwise settles with a message saying what happened.
 * Resolves when the window is shown (or another was asked for); rejects with an ApiError.
 */
export async function loadGuideWindow(windows: GuideWindows, forwardMinutes: number, current: () => GuideTarget | null, log?: (line: string) => void): Promise<void> {
  const signal = windows.ask(forwardMinutes);
  for (let attempt = 0; attempt < 2; attempt++) {
    const target = current();
    if (!target) break;
    let failure: unknown = null;
    const store = loadGuide(target.client, forwardMinutes, { signal, user: true, onError: (error) => (failure = error), log });
    const valid = () => current()?.client === target.client;
    const outcome = await windows.follow(store, signal, valid);
    if (outcome === 'overtaken') return;
    if (outcome === 'stale') continue;
    if (failure === null) return;
    const renewed = current()?.connection !== target.connection;
    if (renewed && isApiError(failure) && NETWORK.includes(failure.kind)) continue;
    if (isApiError(failure) && failure.kind === 'unauthorized') target.connection.fail(failure, 'guide');
    throw failure;
  }
  windows.settleWithout(gone());
  throw new ApiError('unreachable', gone(), { endpoint: 'GET /guide' });
}

/** Progress while a window streams in is written to the state at most this often (the first screen and the end always are). */
const PROGRESS_MS = 200;
/**
 * Until this many channels are held, every network chunk that brings rows is written to the state
 * at once, so the page fills its first screen as the rows arrive (a 24 h chunk holds about three
 * channels) rather than 200 ms later. More than a popover shows, even scrolled a little.
 */
const FIRST_SCREEN = 40;

export class GuideWindows {
  #shown: GuideStore | null = null;
  #pending: { store: GuideStore; stop: () => void } | null = null;
  /** cancels the fetch of the window asked for last */
  #abort: AbortController | null = null;
  #lastProgress = 0;
  /** the next 24 hours, loaded for search when the window shown reaches less far */
  /** the day guide loaded for search: `at` on the monotonic clock, `failures` the failed loads in a row before it */
  #day: { store: GuideStore; client: AirwaveClient; at: number; failures: number } | null = null;
  /** the windows already read into the episode record */
  readonly #recorded = new WeakSet<GuideStore>();
  /** each group's channels in the shown window, as last worked out (see #members) */
  #groups: { store: GuideStore; channels: number; listed: string; byGroup: Map<string, number[]> } | null = null;

  constructor(
    private readonly state: StateStore,
    private readonly clock: Clock,
    /** the programmes' own times held: rows and hits say the rule's ends (shared/programme-times.ts) */
    private readonly times: ProgrammeTimes<Program> | null = null,
    /** this server's episode record: every window read whole goes into it, and it alone says NEW (features/episode-record.ts) */
    private readonly airings: () => AiringEvidence | null = () => null,
  ) {}

  /** A window read whole goes into the server's episode record (each store once). */
  #record(store: GuideStore): void {
    const summary = store.summary();
    if (summary.state !== 'loaded' || !summary.window || this.#recorded.has(store)) return;
    this.#recorded.add(store);
    this.airings()?.read(store.episodes(), summary.window);
  }

  /** The app learned programmes' own times: rows and hits may say other ends now (the page asks again). */
  timesMoved(version: number): void {
    if (this.state.state.guide.times !== version) this.#patch({ times: version });
  }

  /** A row with the rule's times: `/guide` stretches each programme over the break after it. */
  #timed(row: GuideChannel): GuideChannel {
    const times = this.times;
    if (!times) return row;
    let programs: Program[] | null = null;
    row.programs.forEach((program, i) => {
      const timed = times.timed(program, row.id);
      if (timed !== program) (programs ??= [...row.programs])[i] = timed;
    });
    return programs ? { ...row, programs } : row;
  }

  /** A search hit with the rule's times. */
  #timedHit(hit: GuideSearchHit): GuideSearchHit {
    const program = this.times ? this.times.timed(hit.program, hit.channel.id) : hit.program;
    return program === hit.program ? hit : { ...hit, program };
  }

  /** The window on screen (for the features that read the held guide). */
  get shown(): GuideStore | null {
    return this.#shown;
  }

  /** A new window is asked for: loading, and any window still being fetched is abandoned. */
  ask(forwardMinutes: number): AbortSignal {
    this.#abandonPending();
    this.#abort = new AbortController();
    this.#lastProgress = 0;
    this.#patch({ forwardMinutes, loading: true, receivedBytes: 0, lacking: false });
    return this.#abort.signal;
  }

  /**
   * Follows `store` (started with the signal from `ask`) until it settles; returns false when it
   * was overtaken (another window asked for, or the guide forgotten) before it did.
   */
  async follow(store: GuideStore, signal: AbortSignal, valid: () => boolean): Promise<'overtaken' | 'settled' | 'stale'> {
    if (signal.aborted) return 'overtaken';
    const stop = store.subscribe((summary) => {
      if (valid()) this.#progress(store, summary);
    });
    const pending = { store, stop };
    this.#pending = pending;
    await store.settled;
    stop();
    if (valid()) this.#record(store);
    if (this.#pending !== pending) return 'overtaken';
    this.#pending = null;
    if (!valid()) {
      // fetched for a key or server no longer followed: never shown, whatever arrived
      if (this.#shown === store) this.#shown = null;
      return 'stale';
    }
    const summary = store.summary();
    if (summary.state === 'loaded' || (summary.channels > 0 && this.#shown === store)) {
      this.#show(store, { loading: false, updatedAt: this.clock.now(), error: summary.error });
    } else {
      // nothing arrived: the shown window stays, with the reason beside it
      this.#patch({ loading: false, error: summary.error ?? messages().client.guideNotLoaded, receivedBytes: summary.receivedBytes });
    }
    return 'settled';
  }

  /** A load that could not settle on its own (its connection was replaced): the state says why. */
  settleWithout(message: string, lacking = false): void {
    this.#abandonPending();
    this.#patch({ loading: false, error: message, lacking });
  }

  /** The guide belongs to a server no longer followed: everything goes. */
  clear(): void {
    this.#abandonPending();
    this.#shown = null;
    this.#day = null;
    this.state.update((s) => ({ guide: { ...emptyGuideView(s.guide.forwardMinutes), revision: s.guide.revision + 1 } }));
  }

  rows(request: GuideRowsRequest): GuideRows {
    const untimed = this.#rows(request);
    const answer = { ...untimed, rows: untimed.rows.map((row) => this.#timed(row)) };
    const store = this.#shown;
    if (!store) return answer;
    // NEW: only what the episode record stands behind, and only once the whole window is in it
    const evidence = store.summary().state === 'loaded' ? this.airings() : null;
    const firstAirings = answer.rows.map((row) => (evidence ? row.programs.flatMap((program, i) => (evidence.isNew(program) ? [i] : [])) : []));
    return { ...answer, firstAirings };
  }

  #rows(request: GuideRowsRequest): GuideRows {
    const store = this.#shown;
    const revision = this.state.state.guide.revision;
    if (!store) return { revision, total: 0, from: 0, rows: [], indexes: [] };
    const span = { startsAt: request.startsAt, endsAt: request.endsAt };
    const members = request.group === undefined ? null : this.#members(store, request.group);
    if (request.numbers) {
      const inGroup = members ? new Set(members) : null;
      const indexes = request.numbers
        .slice(0, GUIDE_ROWS_MAX)
        .map((number) => store.indexOf({ number }))
        .filter((i) => i >= 0 && (!inGroup || inGroup.has(i)));
      const rows = indexes.map((i) => store.rows({ from: i, to: i + 1, ...span })[0]!);
      return { revision, total: members?.length ?? store.channelCount, from: indexes[0] ?? 0, rows, indexes };
    }
    if (members) {
      // places in the group's list: each row is read by its guide index
      const from = Math.min(request.from, members.length);
      const to = Math.min(request.to, from + GUIDE_ROWS_MAX, members.length);
      const indexes = members.slice(from, Math.max(from, to));
      const rows = indexes.map((i) => store.rows({ from: i, to: i + 1, ...span })[0]!);
      return { revision, total: members.length, from, rows, indexes };
    }
    const from = Math.min(request.from, store.channelCount);
    const to = Math.min(request.to, from + GUIDE_ROWS_MAX, store.channelCount);
    const rows = store.rows({ from, to, ...span });
    return { revision, total: store.channelCount, from, rows, indexes: rows.map((_, i) => from + i) };
  }

  /**
   * The guide indexes of `group`'s channels in the shown window (a package listed by `/packages`,
   * or OTHER_GROUP), kept until the window, its size or the packages listed change.
   */
  #members(store: GuideStore, group: string): number[] {
    const listed = listedGroups(listedPackages(this.state.state));
    const held = this.#groups;
    if (!held || held.store !== store || held.channels !== store.channelCount || held.listed !== listed.key) {
      this.#groups = { store, channels: store.channelCount, listed: listed.key, byGroup: new Map() };
    }
    const groups = this.#groups!;
    let members = groups.byGroup.get(group);
    if (!members) {
      members = [];
      for (let i = 0; i < store.channelCount; i++) if (groupOf(store.packageAt(i), listed.ids) === group) members.push(i);
      // a page asks for one group at a time: a bridge asking for many cannot grow this
      if (groups.byGroup.size >= 8) groups.byGroup.clear();
      groups.byGroup.set(group, members);
    }
    return members;
  }

  /** One channel's row (all its programmes) in the shown window, by id. */
  row(channelId: string): GuideChannel | null {
    const store = this.#shown;
    const index = store ? store.indexOf({ id: channelId }) : -1;
    return index < 0 ? null : this.#timed(store!.rows({ from: index, to: index + 1 })[0]!);
  }

  /**
   * Programmes whose title or show contains `query`, from the window shown, one per title they are
   * followed under (core/guide/search-titles.ts): at most `limit` on air at `after`, then at most
   * `limit` still to start, each with its airings counted (so one group cannot crowd out the
   * other, however many channels are on air with a match); with `title`, that title's airings.
   */
  search(query: string, after: number, limit: number, store = this.#shown, title?: string): GuideSearchTitle[] {
    const needle = searchNeedle(query);
    if (!store || needle === '') return [];
    const hits = store.search(needle, after, Number.MAX_SAFE_INTEGER).filter((hit) => hit.start < after + SEARCH_AHEAD_MS);
    // each airing sent says the rule's times (shared/programme-times.ts), as a row does
    return searchTitles(store, hits, after, limit, title).map((found) => ({ ...found, first: found.first.map((hit) => this.#timedHit(hit)) }));
  }

  /**
   * Search over the next 24 hours whatever window is shown: the shown one when it reaches that
   * far, else a day of the guide loaded for search (once an hour at most, kept beside the shown
   * window, forgotten with it). Without a client, what is shown.
   */
  async searchDay(client: AirwaveClient | null, query: string, after: number, limit: number, { title, log }: { title?: string; log?: (line: string) => void } = {}): Promise<GuideSearch> {
    const shown = this.#shown;
    const now = this.clock.now();
    const window = shown?.summary().window;
    if (!client || (shown && window && window.to >= now + SEARCH_AHEAD_MS - 30 * 60_000)) {
      return this.#searched(this.search(query, after, limit, shown ?? undefined, title), shown, window ? Math.max(0, Math.round((window.to - now) / 3_600_000)) : 0);
    }
    let day = this.#day;
    // a failed day (a server failing /guide) is not asked again at the next keystroke: it backs off
    const failed = day?.store.summary().state === 'error';
    const at = this.clock.monotonic();
    if (!day || day.client !== client || at - day.at >= searchDayPace(failed, day.failures)) {
      const failures = day && failed && day.client === client ? day.failures + 1 : 0;
      day = { store: loadGuide(client, SEARCH_AHEAD_MS / 60_000, { user: true, log }), client, at, failures };
      this.#day = day;
    }
    await day.store.settled;
    if (day.client === client) this.#record(day.store);
    if (this.#day !== day || day.store.summary().channels === 0) return this.#searched(this.search(query, after, limit, this.#shown ?? undefined, title), this.#shown, window ? Math.max(0, Math.round((window.to - now) / 3_600_000)) : 0);
    return this.#searched(this.search(query, after, limit, day.store, title), day.store, 24);
  }

  /** What a search found, with what it searched: `hours` of `store`'s channels (none without a store: no guide was searched). */
  #searched(titles: GuideSearchTitle[], store: GuideStore | null, hours: number): GuideSearch {
    const channels = store?.summary().channels ?? 0;
    return { titles, searched: channels > 0 ? { hours, channels } : { hours: 0, channels: 0 } };
  }

  /**
   * The shown window as a guide holding only the programmes whose title or show contains one of
   * `needles` (lower case) and that end after `after`: enough for the watchlist to find its
   * titles without the whole guide being rebuilt as objects. Null before a window has loaded.
   */
  matching(needles: readonly string[], after: number): PlacedGuide | null {
    const store = this.#shown;
    const window = store?.summary().window;
    if (!store || !window || store.summary().state !== 'loaded') return null;
    const channels = new Map<number, GuideChannel>();
    for (const needle of new Set(needles)) {
      for (const at of store.search(needle, after, 100_000)) {
        let row = channels.get(at.channel);
        if (!row) channels.set(at.channel, (row = { ...store.rows({ from: at.channel, to: at.channel + 1, startsAt: 0, endsAt: 0 })[0]!, programs: [] }));
        const { program } = this.#timedHit(store.hit(at));
        if (!row.programs.some((p) => p.startsAt === program.startsAt)) row.programs.push(program);
      }
    }
    return { serverTime: window.serverTime, windowMinutes: window.windowMinutes, backMinutes: window.backMinutes, channels: [...channels.values()] };
  }

  /** when the shown window finished loading (null while it has not) */
  get loadedAt(): number | null {
    return this.#shown?.summary().state === 'loaded' ? this.state.state.guide.updatedAt : null;
  }

  #progress(store: GuideStore, summary: GuideSummary): void {
    if (this.#pending?.store !== store) return;
    const first = this.#shown !== store && summary.channels > 0;
    if (first) {
      this.#show(store, {});
      return;
    }
    const now = this.clock.monotonic();
    const filling = this.#shown === store && this.state.state.guide.channels < FIRST_SCREEN;
    if (summary.state === 'loading' && !filling && now - this.#lastProgress < PROGRESS_MS) return;
    this.#lastProgress = now;
    if (this.#shown === store) this.#show(store, {});
    else this.#patch({ receivedBytes: summary.receivedBytes });
  }

  /** `store` is the shown window from now on; the state describes it. */
  #show(store: GuideStore, extra: Partial<GuideView>): void {
    // rows never change once they have arrived: the revision moves only for another window
    const another = this.#shown !== store;
    this.#shown = store;
    this.#lastProgress = this.clock.monotonic();
    const summary = store.summary();
    const window = summary.window;
    this.#patch({
      window: window
        ? { serverTime: window.serverTime, windowMinutes: window.windowMinutes, backMinutes: window.backMinutes, from: window.from, to: window.to }
        : null,
      state: summary.state,
      channels: summary.channels,
      programmes: summary.programmes,
      receivedBytes: summary.receivedBytes,
      ...extra,
      bump: another,
    });
  }

  #abandonPending(): void {
    this.#abort?.abort();
    this.#abort = null;
    const pending = this.#pending;
    if (!pending) return;
    this.#pending = null;
    pending.stop();
  }

  #patch(patch: Partial<GuideView> & { bump?: boolean }): void {
    const { bump, ...fields } = patch;
    this.state.update((s) => ({ guide: { ...s.guide, ...fields, revision: bump ? s.guide.revision + 1 : s.guide.revision } }));
  }
}
