import { PlaybackStates, type NowPlayingEntry, type Session } from '../../../shared/airwave';
import type { ViewerEntry } from '../../../shared/bridge';
import { personKey } from '../../../shared/viewer-identity';
import type { AppState } from '../state';
import { viewerFromSession, viewersFromNowPlaying, type IdentityScheme, type Viewer, type ViewerList } from './viewers';

/**
 * The one rule for who is watching and how many (issue 48 item 3): one joined reading of
 * `/sessions`, `/now-playing` and the server's count, which the badge, the tray's menu, Watching,
 * the notifications, the activity log and History all read, so no two of them can name different
 * people or count differently.
 *
 * - The viewers are the two lists joined by the person (a user on a device): every session, each
 *   with its `/now-playing` entry where there is one, and every `/now-playing` entry no session
 *   names. On a server that agrees with itself that is exactly its sessions (a viewer on a channel
 *   with nothing on, state `off`, is in `/sessions` only, and watching: issue 33).
 * - The count is the server's: `/sessions/count` (or `/status`'s active sessions) when it was read
 *   at or after the lists, else the lists' own (the sessions where the server has them, which it
 *   counts the same way, else the joined list). A count that cannot be a count is unknown and the
 *   lists count instead.
 * - Where the count and the list still differ (a server whose answers disagree), the reading says
 *   so (`differs`), and every view shows the count with that sentence, never a badge of 3 over
 *   "Nobody is watching".
 */

export interface WatchingReading {
  scheme: IdentityScheme;
  /** who is watching, with an identity that survives refetches: the sessions' order, then the entries no session names */
  viewers: Viewer[];
  /** the same people as Watching shows them: `/now-playing`'s order (with what `/sessions` adds), then the sessions it leaves out */
  entries: ViewerEntry[];
  /** how many are watching: the server's count (see above) */
  count: number;
  /** the count and the list disagree: how many the server counts and how many its lists name */
  differs: { counted: number; listed: number } | null;
}

/** The join per (now-playing, sessions) pair, and the reading per join and count: a new count never makes a new list (it is not sent again). */
const joins = new WeakMap<object, { sessions: readonly Session[] | null; joined: Joined }>();
const readings = new WeakMap<Joined, { count: AppState['sessionCount']; listedAt: number; reading: WatchingReading }>();

/**
 * Who is watching in a state, by the rule above; null before the first viewer list has arrived.
 * Worked out once per answer the server sent (everything asks on every update, with tens of
 * thousands of viewers too); callers must not change what they get.
 */
export function watchingOf(state: Pick<AppState, 'sessions' | 'nowPlaying' | 'sessionCount'>): WatchingReading | null {
  const sessions = state.sessions.supported ? state.sessions.data : null;
  const entries = state.nowPlaying.data;
  const source: object | null = entries ?? sessions;
  if (!source) return null;
  let joined = joins.get(source);
  if (!joined || joined.sessions !== sessions) {
    joined = { sessions, joined: sessions ? join(entries ?? [], sessions) : { viewers: viewersFromNowPlaying(entries ?? []), entries: entries ?? [] } };
    joins.set(source, joined);
  }
  const listedAt = Math.max(state.nowPlaying.updatedAt ?? 0, sessions ? (state.sessions.updatedAt ?? 0) : 0);
  const held = readings.get(joined.joined);
  if (held && held.count === state.sessionCount && held.listedAt === listedAt) return held.reading;
  const reading = read(joined.joined, sessions, state.sessionCount, listedAt);
  readings.set(joined.joined, { count: state.sessionCount, listedAt, reading });
  return reading;
}

/** The viewers in a state (see watchingOf), or null before the first viewer list has arrived. */
export const viewersOf = (state: Pick<AppState, 'sessions' | 'nowPlaying' | 'sessionCount'>): ViewerList | null => watchingOf(state);

/** The count alone, where no list is held yet (an Airwave without a viewer list, or before the first one): the server's count, else 0. */
export function watchingCount(state: Pick<AppState, 'sessions' | 'nowPlaying' | 'sessionCount'>): number {
  return watchingOf(state)?.count ?? state.sessionCount.data ?? 0;
}

interface Joined {
  viewers: Viewer[];
  entries: ViewerEntry[];
}

/** The reading of a join: the count the server's when it was read at or after the lists (`listedAt`). */
function read(joined: Joined, sessions: readonly Session[] | null, count: AppState['sessionCount'], listedAt: number): WatchingReading {
  const listed = joined.entries.length;
  // the server's own count, when it is at least as new as the lists; else the lists count (the sessions, counted as /sessions/count counts)
  const counted = count.data !== null && count.updatedAt !== null && count.updatedAt >= listedAt ? count.data : sessions ? sessions.length : listed;
  return {
    scheme: sessions ? 'session' : 'device',
    viewers: joined.viewers,
    entries: joined.entries,
    count: counted,
    differs: counted === listed ? null : { counted, listed },
  };
}

/**
 * The two lists joined by the person: each `/now-playing` entry takes what its session says (for
 * two identical devices of one user, the session on the entry's channel first); a session no entry
 * names follows as an entry of its own (marked `nothingOn` for state `off`); an entry no session
 * names stays, with a viewer of its own.
 */
function join(entries: NowPlayingEntry[], sessions: readonly Session[]): Joined {
  const byPerson = new Map<string, number[]>();
  sessions.forEach((session, index) => {
    if (session.state === 'off') return;
    const person = personKey(session.user, session.device);
    const same = byPerson.get(person);
    if (same) same.push(index);
    else byPerson.set(person, [index]);
  });
  const matched = new Set<number>();
  const unmatched: NowPlayingEntry[] = [];
  const joined = entries.map((entry): ViewerEntry => {
    const candidates = byPerson.get(personKey(entry.user, entry.device));
    if (!candidates?.length) {
      unmatched.push(entry);
      return entry;
    }
    const at = Math.max(0, candidates.findIndex((index) => (sessions[index]!.channel?.number ?? null) === entry.channelNumber));
    const index = candidates.splice(at, 1)[0]!;
    matched.add(index);
    return withSession(entry, sessions[index]!);
  });
  const alone = sessions.filter((_, index) => !matched.has(index));
  return {
    viewers: [...sessions.map(viewerFromSession), ...viewersFromNowPlaying(unmatched)],
    entries: alone.length === 0 ? joined : [...joined, ...alone.map(entryFromSession)],
  };
}

/** A `/now-playing` entry with what its session says of it. */
function withSession(entry: NowPlayingEntry, session: Session): ViewerEntry {
  const playback = session.playbackState;
  return {
    ...entry,
    playbackState: (PlaybackStates as readonly string[]).includes(playback ?? '') ? (playback as ViewerEntry['playbackState']) : null,
    season: session.season,
    episode: session.episode,
    year: session.year,
    startedAt: session.startedAt,
    hdr: session.device?.hdr ?? null,
    osVersion: session.device?.osVersion ?? null,
    onBumper: session.state === 'bumper',
  };
}

/** A session `/now-playing` does not name, as an entry: who, where, on what device and, unless nothing is on, what (issue 33, issue 48). */
function entryFromSession(session: Session): ViewerEntry {
  const nothingOn = session.state === 'off';
  return {
    user: session.user,
    channelNumber: session.channel?.number ?? null,
    channelName: session.channel?.name ?? null,
    title: nothingOn ? null : session.title,
    showTitle: nothingOn ? null : session.showTitle,
    artworkUrl: nothingOn ? null : session.artworkUrl,
    progress: nothingOn ? null : session.progress,
    device: session.device ? { model: session.device.model, platform: session.device.platform } : null,
    startedAt: session.startedAt,
    ...(nothingOn ? { nothingOn: true } : { onBumper: session.state === 'bumper', season: session.season, episode: session.episode, year: session.year }),
  };
}
