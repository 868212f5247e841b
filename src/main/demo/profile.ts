/**
 * The demo's profiles and version stages: which server it imitates. `seed` is the published
 * interface as this app was first built against; `airwave` behaves like Airwave's own server code
 * (airwave-api.md: compact events, real session semantics, breaks only in now/next answers, no
 * by-number/now route before 0.15.13); `legacy` is an Airwave 0.14 server. `airwaveStage(version)`
 * plays one stage of the page's version table (`--server-version`).
 */

export const DEMO_PROFILES = ['seed', 'airwave', 'legacy'] as const;
export type DemoProfileName = (typeof DEMO_PROFILES)[number];

/** The stages of airwave-api.md's version table with a public API the demo plays (any version from 0.14.0 is read; before 0.14.65 only /api/identity answers). */
export const SERVER_VERSIONS = ['0.14.65', '0.14.67', '0.14.68', '0.14.70', '0.14.71', '0.14.76', '0.15.0', '0.15.10', '0.15.12', '0.15.13'] as const;

export interface DemoProfile {
  name: DemoProfileName;
  /** what /status, /capabilities and /api/identity say the version is */
  version: string;
  /** events carry Airwave's compact record instead of the /sessions record */
  compactEvents: boolean;
  /** a key that sees only some channels gets only events about those (seed); real servers send all */
  eventsFollowKey: boolean;
  /** one session per (user, device), heartbeats, listed for 30 s after the last one, ended after 60 s */
  heartbeats: boolean;
  /** `/channels/by-number/{n}/now` exists */
  byNumberNow: boolean;
  /** `/channels/by-number/{n}/schedule` exists */
  byNumberSchedule: boolean;
  /** `/channels/{id}/now` adds the channel record */
  channelInNow: boolean;
  /** unknown routes answer a plain-text 404 instead of the JSON envelope */
  plainTextNotFound: boolean;
  /** `/status` has uptimeSeconds and counts */
  fullStatus: boolean;
  /** anything under `/api/public/v1` exists (0.14.65); before, every path there is a plain-text 404 */
  publicApi: boolean;
  /** `/capabilities` exists (0.14.67) */
  capabilities: boolean;
  /** `/channels` and its sub-routes exist (0.14.67) */
  channels: boolean;
  /** `/guide`, `/guide/now`, `/packages`, `/sessions`, `/sessions/count` and `/now-playing` exist (0.14.68) */
  guide: boolean;
  /** programmes and sessions carry `artworkUrl` and the artwork route exists (0.14.70), or a raw `artworkPath` */
  artwork: 'url' | 'path';
  /** the admin key may read `/webhooks` (0.14.71) */
  webhooks: boolean;
  /** the `/events` route exists at all (0.14.76) */
  eventStream: boolean;
  /** `/capabilities` says `sse.supported: true` (about 0.15.0) */
  sseSupported: boolean;
  /** sessions carry deviceId, playbackState and the full device, and playback.* events fire (0.15.10) */
  deviceDetails: boolean;
  /**
   * Breaks as real servers have them: bumpers only in now/next answers (carrying the programme they
   * introduce); `/guide` and `/guide/now` stretch programmes over breaks (`now` is the programme before a break during it),
   * `/schedule` lists programmes only; a now answer's `endsAt` is when the prepared schedule runs out.
   */
  realBreaks: boolean;
  /** artwork the media server lacks is a text/plain 404; an admin key gets 200 and nulls for an unknown channel id's now/schedule */
  realRouter: boolean;
  /** keepalives are `{"t":<epoch ms>}` rather than `{"serverTime":…}` */
  epochKeepalive: boolean;
  /** `device.platform` is lowercase (`webos`, `roku`, `browser`, …) */
  lowercasePlatforms: boolean;
  /** `/api/identity` and `/api/health` answer without a key */
  identity: boolean;
  /** `/openapi.json` answers without a key and lists the routes */
  openapi: boolean;
  /** browser and TV-web players end their session and start a new one when they change channel */
  browserRestarts: boolean;
  /**
   * No `channel.tuned`: every player's channel change is `session.ended` + `session.started`
   * (Airwave 0.14.75 to 0.15.1), and event `data` is the older, smaller record (0.14.76 to 0.15.1).
   */
  noTunedEvents?: boolean;
  /** sessions carry the bare device record `{ id, model, platform }`: `osVersion` and `hdr` are null (0.15.10 to 0.15.12) */
  bareDevices?: boolean;
}

const SEED: DemoProfile = {
  name: 'seed',
  version: '0.9.0-demo',
  compactEvents: false,
  eventsFollowKey: true,
  heartbeats: false,
  byNumberNow: true,
  byNumberSchedule: false,
  channelInNow: true,
  plainTextNotFound: false,
  fullStatus: true,
  publicApi: true,
  capabilities: true,
  channels: true,
  guide: true,
  artwork: 'url',
  webhooks: false,
  eventStream: true,
  sseSupported: true,
  deviceDetails: true,
  realBreaks: false,
  realRouter: false,
  epochKeepalive: false,
  lowercasePlatforms: false,
  identity: false,
  openapi: false,
  browserRestarts: false,
};

/** The airwave profile's version when no stage is asked for: the last one without by-number now. */
export const AIRWAVE_DEFAULT_VERSION = '0.15.12';

const LEGACY: DemoProfile = {
  ...airwaveStage(AIRWAVE_DEFAULT_VERSION),
  name: 'legacy',
  version: '0.14.3-demo',
  fullStatus: false,
  eventStream: false,
  sseSupported: false,
  webhooks: false,
  openapi: false,
};

/** `[major, minor, patch]` of "0.15.12" (a suffix such as "-demo" is ignored), or null. */
function versionParts(version: string): [number, number, number] | null {
  const match = /^(\d{1,4})\.(\d{1,4})\.(\d{1,4})(?:[-+][\w.-]*)?$/.exec(version.trim());
  return match ? [Number(match[1]), Number(match[2]), Number(match[3])] : null;
}

function compare(a: [number, number, number], b: [number, number, number]): number {
  return a[0] - b[0] || a[1] - b[1] || a[2] - b[2];
}

/** The airwave profile as the server of `version` has it (airwave-api.md, *Versions differ*). */
export function airwaveStage(version: string): DemoProfile {
  const parts = versionParts(version);
  if (!parts || compare(parts, [0, 14, 0]) < 0) {
    throw new RangeError(`--server-version takes an Airwave version from 0.14.0 on (before 0.14.65 it has no public API), such as ${SERVER_VERSIONS.join(', ')} (got "${version}").`);
  }
  const from = (v: string) => compare(parts, versionParts(v)!) >= 0;
  return {
    name: 'airwave',
    version,
    compactEvents: true,
    eventsFollowKey: false,
    heartbeats: true,
    byNumberNow: from('0.15.13'),
    byNumberSchedule: from('0.15.13'),
    channelInNow: false,
    plainTextNotFound: true,
    fullStatus: from('0.14.68'),
    publicApi: from('0.14.65'),
    capabilities: from('0.14.67'),
    channels: from('0.14.67'),
    guide: from('0.14.68'),
    artwork: from('0.14.70') ? 'url' : 'path',
    webhooks: from('0.14.71'),
    eventStream: from('0.14.76'),
    // 0.14.76 is 0.15.0: the stream is offered from it
    sseSupported: from('0.14.76'),
    deviceDetails: from('0.15.10'),
    realBreaks: true,
    realRouter: true,
    epochKeepalive: true,
    lowercasePlatforms: true,
    identity: true,
    // The page does not say when /openapi.json came; the demo offers it from 0.15.0.
    openapi: from('0.15.0'),
    browserRestarts: true,
    noTunedEvents: from('0.14.75') && !from('0.15.2'),
    bareDevices: from('0.15.10') && !from('0.15.13'),
  };
}

export function demoProfile(name: DemoProfileName = 'seed', serverVersion?: string): DemoProfile {
  if (serverVersion !== undefined) {
    if (name !== 'airwave') throw new RangeError(`--server-version plays Airwave's stages: use it with --profile airwave (got "${name}").`);
    return airwaveStage(serverVersion);
  }
  switch (name) {
    case 'seed':
      return SEED;
    case 'airwave':
      return airwaveStage(AIRWAVE_DEFAULT_VERSION);
    case 'legacy':
      return LEGACY;
    default:
      throw new RangeError(`Unknown demo profile "${String(name)}": use ${DEMO_PROFILES.join(', ')}.`);
  }
}
