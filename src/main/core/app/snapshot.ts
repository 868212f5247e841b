/**
 * Snapshot publishing: the AppSnapshot read from state, settings, notices and focus; which parts a
 * state change touches; and the updates pushed to subscribers (full at first, then changed parts).
 */
import type { NowPlayingEntry, Session } from '../../../shared/airwave';
import { channelGroups, type AppSnapshot, type ChannelGroup, type FeaturesView, type Resource, type SnapshotUpdate, type ViewerEntry } from '../../../shared/bridge';
import { listedPackages, type AppState, type HeldOnNow } from '../state';
import { withSessionFields } from '../viewers/viewers';
import { endFromDuration, programmeWatched } from '../../../shared/programme-times';
import { Emitter } from '../../common/emitter';

export type SnapshotPart = keyof AppSnapshot;

/** Which snapshot parts an AppState change touches. */
const PARTS_OF: Partial<Record<keyof AppState, SnapshotPart[]>> = {
  connection: ['connection'],
  server: ['server'],
  status: ['status'],
  capabilities: ['capabilities'],
  sessionCount: ['sessionCount', 'watching'],
  nowPlaying: ['nowPlaying', 'watching'],
  // the viewers carry what /sessions adds (see withSessionFields), and whether they are on a break
  sessions: ['nowPlaying'],
  onNow: ['onNow', 'nowPlaying'],
  // the groups, and On now's per-group counts (a channel in a package no longer listed is "Other")
  packages: ['groups', 'groupsError', 'onNow'],
  guide: ['guide'],
};

/** The snapshot parts to push for the AppState keys that changed. */
export function partsOf(changed: ReadonlySet<keyof AppState>): SnapshotPart[] {
  const parts = new Set<SnapshotPart>();
  for (const key of changed) for (const part of PARTS_OF[key] ?? []) parts.add(part);
  return [...parts];
}

/** The snapshot: the app state as the renderer sees it, plus what only the controller holds. */
export function snapshotOf(
  state: AppState,
  held: Pick<AppSnapshot, 'settings' | 'notices' | 'focus' | 'seenViewers' | 'servers' | 'nowPlaying' | 'watching' | 'onNow' | 'history'>,
  features: FeaturesView,
): AppSnapshot {
  return {
    ...features,
    connection: state.connection,
    server: state.server,
    status: state.status,
    capabilities: state.capabilities,
    sessionCount: state.sessionCount,
    nowPlaying: held.nowPlaying,
    servers: held.servers,
    watching: held.watching,
    onNow: held.onNow,
    groups: groupsOf(state),
    groupsError: state.packages.supported === true ? state.packages.error : null,
    guide: state.guide,
    settings: held.settings,
    notices: held.notices,
    focus: held.focus,
    seenViewers: held.seenViewers,
    history: held.history,
  };
}

/** The groups per `/packages` answer, so an unchanged list keeps its identity (and is not pushed again). */
const groupLists = new WeakMap<object, ChannelGroup[]>();

/** The server's packages as groups (at most GROUPS_MAX, texts bounded); null where it has no `/packages` or has not answered. */
export function groupsOf(state: Pick<AppState, 'packages'>): ChannelGroup[] | null {
  const packages = listedPackages(state);
  if (!packages) return null;
  let groups = groupLists.get(packages);
  if (!groups) groupLists.set(packages, (groups = channelGroups(packages)));
  return groups;
}

/** The joined list per (now-playing, sessions) pair, so an unchanged list keeps its identity (and is not pushed again). */
const joined = new WeakMap<NowPlayingEntry[], { sessions: Session[]; entries: ViewerEntry[] }>();

/**
 * `/now-playing` with what `/sessions` says of each viewer, where the server offers it, and for a
 * viewer `/sessions` says nothing of, whether their channel is on a station break (from the held
 * On now rows, so the page needs no rows of its own to say so).
 */
export function viewersWithSessions(state: AppState): Resource<ViewerEntry[]> {
  const entries = state.nowPlaying.data;
  if (!entries) return state.nowPlaying;
  const sessions = state.sessions.supported ? state.sessions.data : null;
  let joinedEntries: ViewerEntry[] = entries;
  if (sessions) {
    const held = joined.get(entries);
    if (held?.sessions === sessions) joinedEntries = held.entries;
    else {
      joinedEntries = withSessionFields(entries, sessions);
      joined.set(entries, { sessions, entries: joinedEntries });
    }
  }
  const data = withBumpers(joinedEntries, state.onNow.data);
  return data === state.nowPlaying.data ? state.nowPlaying : { ...state.nowPlaying, data };
}

/** The bumper marks and ends per (entries, held rows), so unchanged marks keep the list's identity. */
const bumpers = new WeakMap<ViewerEntry[], { onNow: HeldOnNow; entries: ViewerEntry[] }>();

/**
 * From the held On now rows: whether a viewer `/sessions` says nothing of is on a station break,
 * and the end of the programme a viewer watches as every view says it (its start plus the length
 * their progress gives: shared/programme-times.ts), where the held row names that programme.
 */
function withBumpers(entries: ViewerEntry[], onNow: HeldOnNow | null): ViewerEntry[] {
  if (!onNow || entries.every((entry) => entry.channelNumber === null)) return entries;
  const held = bumpers.get(entries);
  if (held?.onNow === onNow) return held.entries;
  const rows = new Map(onNow.channels.map((row) => [row.number, row]));
  const marked = entries.map((entry) => {
    if (entry.channelNumber === null) return entry;
    const now = rows.get(entry.channelNumber)?.now ?? null;
    const watched = entry.progress && entry.progress.durationSeconds > 0 ? programmeWatched(entry, now) : null;
    const end = watched ? endFromDuration(watched, entry.progress!.durationSeconds) : null;
    const endsAt = end === null ? {} : { endsAt: new Date(end).toISOString() };
    if (entry.onBumper !== undefined) return end === null ? entry : { ...entry, ...endsAt };
    const onBumper = now !== null && now.ratingKey === null && (entry.title === null || entry.title === now.title);
    return onBumper || end !== null ? { ...entry, ...(onBumper ? { onBumper } : {}), ...endsAt } : entry;
  });
  const same = held && held.entries.length === marked.length && held.entries.every((entry, i) => entry.onBumper === marked[i]!.onBumper && entry.endsAt === marked[i]!.endsAt);
  const result = same ? held.entries : marked.some((entry, i) => entry !== entries[i]) ? marked : entries;
  bumpers.set(entries, { onNow, entries: result });
  return result;
}

/** Sends snapshot updates to subscribers, leaving out resource data they already have. */
export class SnapshotPublisher {
  readonly #read: () => AppSnapshot;
  readonly #updates = new Emitter<SnapshotUpdate>();
  /** the data object of each resource part as last pushed to the renderer */
  readonly #pushedData = new Map<SnapshotPart, unknown>();

  constructor(read: () => AppSnapshot) {
    this.#read = read;
  }

  /** The full snapshot at once, then the changed parts. */
  subscribe(listener: (update: SnapshotUpdate) => void): () => void {
    const off = this.#updates.event(listener);
    const snapshot = this.#read();
    for (const [part, value] of Object.entries(snapshot)) if (isResource(value)) this.#pushedData.set(part as SnapshotPart, value.data);
    listener({ full: true, parts: snapshot });
    return off;
  }

  push(parts: SnapshotPart[]): void {
    if (parts.length === 0 || this.#updates.size === 0) return;
    const snapshot = this.#read();
    const entries = parts.map((part) => {
      const value = snapshot[part];
      if (!isResource(value)) return [part, value];
      // the same data object as last pushed: send only what changed around it (see SnapshotUpdate)
      const unchanged = this.#pushedData.get(part) === value.data && value.data !== null;
      this.#pushedData.set(part, value.data);
      if (!unchanged) return [part, value];
      const { data: _held, ...rest } = value;
      return [part, rest];
    });
    const update: SnapshotUpdate = { full: false, parts: Object.fromEntries(entries) as SnapshotUpdate['parts'] };
    this.#updates.fire(update);
  }

  /** Releases every subscriber (the core is closing). */
  dispose(): void {
    this.#updates.dispose();
    this.#pushedData.clear();
  }
}

function isResource(value: unknown): value is { data: unknown } {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && 'data' in value && 'updatedAt' in value;
}
