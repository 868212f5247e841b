import { PlaybackStates, sessionDevice, type NowPlayingEntry, type Session } from '../../../shared/airwave';
import type { ViewerEntry } from '../../../shared/bridge';
import { recordedDevice } from '../../../shared/device-label';
import { personKey } from '../../../shared/viewer-identity';
import type { AppState } from '../state';

/**
 * Who is watching, with an identity that survives refetches. With `/sessions` a viewer is a
 * session id; without it (only `/now-playing`), a user on a device (platform, model). Changing
 * channel keeps the identity either way.
 */
export interface Viewer {
  /** identity for "is this a new viewer?" */
  key: string;
  /** the person on the device, to recognise someone who left and came straight back */
  person: string;
  /** the device's own id (`/sessions` from Airwave 0.15.10), to pair a browser player's session restart */
  deviceId?: string | null;
  user: string;
  /** the device as recorded: its model, else its platform as sent ("Apple TV 4K", "webos"); named for people by shared/device-label.ts `deviceName` */
  device: string | null;
  channelNumber: number | null;
  channelName: string | null;
  /** the show for an episode, else the title */
  watching: string | null;
  artworkUrl: string | null;
  /** when the session started (`/sessions` only); `/now-playing` does not say */
  startedAt?: string | null;
  /** on an interstitial bumper (known only from `/sessions`' state) */
  onBumper?: boolean;
  /** on a channel with nothing on (`/sessions`' state `off`): watching all the same */
  nothingOn?: boolean;
}

export type IdentityScheme = 'session' | 'device';

export interface ViewerList {
  scheme: IdentityScheme;
  viewers: Viewer[];
}

export function viewerFromSession(session: Session): Viewer {
  // `deviceId: "legacy"` merges a user's devices into one session: no device is read there
  const device = sessionDevice(session);
  return {
    key: `session:${session.id}`,
    person: personKey(session.user, device),
    deviceId: device ? (session.deviceId ?? device.id ?? null) : null,
    user: session.user,
    device: recordedDevice(device),
    channelNumber: session.channel?.number ?? null,
    channelName: session.channel?.name ?? null,
    watching: session.showTitle ?? session.title,
    artworkUrl: session.artworkUrl,
    startedAt: session.startedAt,
    onBumper: session.state === 'bumper',
    nothingOn: session.state === 'off',
  };
}

/** Now-playing entries keyed by person; two identical devices of one user get #2, #3 … */
export function viewersFromNowPlaying(entries: readonly NowPlayingEntry[]): Viewer[] {
  const seen = new Map<string, number>();
  return entries.map((entry) => {
    const person = personKey(entry.user, entry.device);
    const n = (seen.get(person) ?? 0) + 1;
    seen.set(person, n);
    return {
      key: n === 1 ? `device:${person}` : `device:${person}#${n}`,
      person,
      user: entry.user,
      device: recordedDevice(entry.device),
      channelNumber: entry.channelNumber,
      channelName: entry.channelName,
      watching: entry.showTitle ?? entry.title,
      artworkUrl: entry.artworkUrl,
    };
  });
}

/** The viewer list worked out from each list the server sent, so every reader of one update shares it. */
const listed = new WeakMap<readonly Session[] | readonly NowPlayingEntry[], ViewerList>();

/**
 * The viewers in a state, or null before the first viewer list has arrived. Worked out once per
 * list the server sent (the notifications, the activity log, the tray and the features all ask
 * on every update, with tens of thousands of viewers too); callers must not change what they get.
 */
export function viewersOf(state: AppState): ViewerList | null {
  const sessions = state.sessions;
  const source = sessions.supported && sessions.data ? sessions.data : state.nowPlaying.data;
  if (!source) return null;
  const known = listed.get(source);
  if (known) return known;
  const list: ViewerList =
    source === sessions.data
      ? { scheme: 'session', viewers: (source as readonly Session[]).map(viewerFromSession) }
      : { scheme: 'device', viewers: viewersFromNowPlaying(source as readonly NowPlayingEntry[]) };
  listed.set(source, list);
  return list;
}

/**
 * `/now-playing` entries with what `/sessions` says about the same person (user on a device); for
 * two identical devices of one user, the session on the entry's channel first. An entry without a
 * matching session is left as it is (its extras unknown, not guessed). The sessions on a channel
 * with nothing on (state `off`, which `/now-playing` leaves out) follow, marked `nothingOn`: they
 * are watching, and counted (issue 33).
 */
export function withSessionFields(entries: readonly NowPlayingEntry[], sessions: readonly Session[]): ViewerEntry[] {
  const byPerson = new Map<string, Session[]>();
  const nothingOn: ViewerEntry[] = [];
  for (const session of sessions) {
    if (session.state === 'off') {
      nothingOn.push(entryWithNothingOn(session));
      continue;
    }
    const person = personKey(session.user, session.device);
    const same = byPerson.get(person);
    if (same) same.push(session);
    else byPerson.set(person, [session]);
  }
  const joined = entries.map((entry): ViewerEntry => {
    const candidates = byPerson.get(personKey(entry.user, entry.device));
    if (!candidates?.length) return entry;
    const at = Math.max(0, candidates.findIndex((session) => (session.channel?.number ?? null) === entry.channelNumber));
    const session = candidates.splice(at, 1)[0]!;
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
  });
  return nothingOn.length === 0 ? joined : [...joined, ...nothingOn];
}

/** A session on a channel with nothing on, as a viewer entry: who, where and on what device; nothing to show. */
function entryWithNothingOn(session: Session): ViewerEntry {
  return {
    user: session.user,
    channelNumber: session.channel?.number ?? null,
    channelName: session.channel?.name ?? null,
    title: null,
    showTitle: null,
    artworkUrl: null,
    progress: null,
    device: session.device ? { model: session.device.model, platform: session.device.platform } : null,
    startedAt: session.startedAt,
    nothingOn: true,
  };
}
