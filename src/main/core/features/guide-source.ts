/**
 * What the features read of a server's schedule, in one place: the followed titles' airings in the
 * next 24 hours of the guide (for the watchlist) and one channel's next hour (to check a reminder).
 */
import { hasRoute, ROUTES, type Guide, type GuideChannel, type Program } from '../../../shared/airwave';
import type { FollowedTitle } from '../../../shared/bridge';
import type { AppState } from '../state';
import { isApiError, type AirwaveClient } from '../client';
import { streamGuide, type GuideHeader, type GuideSink } from '../client/guide-stream';
import { windowOf, type ScheduleWindow } from './schedule-check';
import { airingRank, DAY_MS, MAX_AIRINGS_PER_TITLE, norm } from './watchlist';
import { noteAiring, type EpisodeAirings } from '../../../shared/episode-identity';

/**
 * The next 24 hours of the guide (one `/guide?forwardMinutes=1440&backMinutes=0` request, read as
 * it streams in, whatever its size), keeping only what the watchlist can use: the programmes that
 * are airings of `followed`, at most the first few per title. So a 67 MB day of 3,000 channels is
 * never held whole. The guide returned says which span it covers (its `backMinutes` reach back
 * to the earliest programme the server sent), so airings that vanished from that span are dropped.
 */
export async function fetchDayGuide(
  client: AirwaveClient,
  followed: readonly Pick<FollowedTitle, 'title'>[],
  now: number,
  o: { signal?: AbortSignal; read?: (episodes: EpisodeAirings, span: { from: number; to: number }) => void } = {},
): Promise<Guide> {
  const sink = new AiringsSink(followed, now);
  await streamGuide(client, { forwardMinutes: 1440, backMinutes: 0 }, sink, { signal: o.signal });
  const guide = sink.guide();
  // the whole day was read: each numbered episode's airings in it, for the episode record (NEW)
  const at = Date.parse(guide.serverTime);
  o.read?.(sink.episodes, { from: at - guide.backMinutes * 60_000, to: at + guide.windowMinutes * 60_000 });
  return guide;
}

interface Kept {
  start: number;
  /** which to keep first (`airingRank`: still to start, then on now) */
  rank: number;
  /** the channel's place in the guide */
  order: number;
  channel: Omit<GuideChannel, 'programs'>;
  program: Program;
}

/**
 * Receives the guide channel by channel and keeps, per followed title, the first airings (by
 * `airingRank`) that have not ended by `now` and start within a day of it: the same ones the watchlist's own scan
 * would pick (it takes the soonest few per title), and never more than followed × that few.
 */
export class AiringsSink implements GuideSink {
  readonly #titles = new Map<string, number>();
  readonly #kept: Kept[][];
  /** every numbered episode of the day with its first and last airing: what the episode record reads */
  readonly episodes: EpisodeAirings = new Map();
  #header: GuideHeader | null = null;
  #earliest = Infinity;
  #order = 0;

  constructor(
    followed: readonly Pick<FollowedTitle, 'title'>[],
    private readonly now: number,
  ) {
    followed.forEach((f, i) => {
      const key = norm(f.title);
      if (!this.#titles.has(key)) this.#titles.set(key, i);
    });
    this.#kept = followed.map(() => []);
  }

  header(header: GuideHeader): void {
    this.#header = header;
  }

  channel(channel: GuideChannel): void {
    const order = this.#order++;
    let head: Omit<GuideChannel, 'programs'> | null = null;
    for (const program of channel.programs) {
      const start = Date.parse(program.startsAt);
      if (start < this.#earliest) this.#earliest = start;
      noteAiring(this.episodes, program, start);
      if (program.ratingKey === null || Date.parse(program.endsAt) <= this.now || start > this.now + DAY_MS) continue;
      // the first followed title (in the order followed) that is the programme's show or title
      const title = Math.min(this.#titles.get(norm(program.showTitle)) ?? Infinity, this.#titles.get(norm(program.title)) ?? Infinity);
      if (title === Infinity) continue;
      if (!head) {
        const { programs: _, ...rest } = channel;
        head = rest;
      }
      this.#keep(this.#kept[title]!, { start, rank: airingRank(start, this.now), order, channel: head, program });
    }
  }

  /** The airings kept, as a guide (channels in guide order, each with its kept programmes by start). */
  guide(): Guide {
    const header = this.#header;
    if (!header) throw new Error('the guide has not been read');
    const at = Date.parse(header.serverTime);
    const reach = Number.isFinite(this.#earliest) && this.#earliest < at ? Math.ceil((at - this.#earliest) / 60_000) : 0;
    const kept = this.#kept.flat().sort((a, b) => a.order - b.order || a.start - b.start);
    const channels: GuideChannel[] = [];
    let last = -1;
    for (const k of kept) {
      if (k.order !== last) channels.push({ ...k.channel, programs: [] });
      last = k.order;
      channels[channels.length - 1]!.programs.push(k.program);
    }
    return { serverTime: header.serverTime, windowMinutes: header.windowMinutes, backMinutes: Math.max(header.backMinutes, reach), channels };
  }

  /** Keeps `item` among the soonest MAX_AIRINGS_PER_TITLE of one title (earlier in the guide wins a tie, as in the watchlist's sort). */
  #keep(list: Kept[], item: Kept): void {
    if (list.length >= MAX_AIRINGS_PER_TITLE && list[list.length - 1]!.rank <= item.rank) return;
    let at = list.length;
    while (at > 0 && list[at - 1]!.rank > item.rank) at--;
    list.splice(at, 0, item);
    if (list.length > MAX_AIRINGS_PER_TITLE) list.pop();
  }
}

/** A server's client, state and held guide rows: the schedule route is remembered per server (by root), so one source serves every server. */
export type ChannelWindow = (client: AirwaveClient | null, state: AppState, held: HeldRow, channelId: string, at: number, now: number) => Promise<ScheduleWindow | null>;

/**
 * One channel's programmes around `at`: `/channels/{id}/schedule?hours=1` where the server has it,
 * else the guide the app holds, else the now/next row of `/guide/now`. Null when none covers it.
 * A server whose router has no schedule route (a plain 404) is not asked again.
 */
export function channelWindowSource(): ChannelWindow {
  const noScheduleRoute = new Set<string>();
  return (client, state, held, channelId, at, now) => channelWindow(noScheduleRoute, held, client, state, channelId, at, now);
}

/** A channel's row in the guide window the app holds (null when it holds none, or not that channel). */
export type HeldRow = (channelId: string) => GuideChannel | null;

async function channelWindow(noScheduleRoute: Set<string>, heldRow: HeldRow, client: AirwaveClient | null, state: AppState, channelId: string, at: number, now: number): Promise<ScheduleWindow | null> {
  const root = client?.server.root ?? '';
  // a server whose /openapi.json does not list the schedule route is not asked
  const listed = hasRoute(state.routes, ROUTES.schedule) !== false;
  if (client && listed && !noScheduleRoute.has(root) && channelId !== '.' && channelId !== '..') {
    try {
      const { programs } = await client.channelSchedule(channelId, 1);
      return { programs, from: now, to: now + 60 * 60_000 };
    } catch (error) {
      if (isApiError(error) && error.kind === 'unauthorized') throw error;
      if (isApiError(error) && error.kind === 'not-found' && error.serverCode === undefined) {
        if (noScheduleRoute.size > 100) noScheduleRoute.clear();
        noScheduleRoute.add(root);
      }
      // otherwise (a missing channel, a bad answer, no network): what the app holds decides
    }
  }
  const held = heldRow(channelId);
  const fromGuide = held ? windowOf(held.programs) : null;
  if (fromGuide && fromGuide.from <= at && at < fromGuide.to) return fromGuide;
  const row = state.onNow.data?.channels.find((c) => c.id === channelId);
  return row ? windowOf([row.now, row.next]) : fromGuide;
}
