import { sessionDevice, type NowPlayingEntry, type Session } from '../../../shared/airwave';
import { recordedDevice } from '../../../shared/device-label';
import { personKey } from '../../../shared/viewer-identity';

/**
 * Who is watching, with an identity that survives refetches. With `/sessions` a viewer is a
 * session id; without it (only `/now-playing`), a user on a device (platform, model). Changing
 * channel keeps the identity either way. Who is watching in a state is read by one rule
 * (watching.ts: `viewersOf`, `watchingOf`).
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
