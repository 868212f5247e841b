/**
 * The demo's profiles: which server it imitates. `seed` is the published interface as this app was
 * first built against; `airwave` behaves like Airwave's own server code (airwave-api.md: compact
 * events, real session semantics, no by-number/now route); `legacy` is an Airwave 0.14 server.
 */

export const DEMO_PROFILES = ['seed', 'airwave', 'legacy'] as const;
export type DemoProfileName = (typeof DEMO_PROFILES)[number];

export interface DemoProfile {
  name: DemoProfileName;
  /** what /status and /capabilities say the version is */
  version: string;
  /** events carry Airwave's compact record instead of the /sessions record */
  compactEvents: boolean;
  /** a key that sees only some channels gets only events about those (seed); real servers send all */
  eventsFollowKey: boolean;
  /** one session per (user, device), heartbeats, listed for 30 s after the last one, ended after 60 s */
  heartbeats: boolean;
  /** `/channels/by-number/{n}/now` exists */
  byNumberNow: boolean;
  /** `/channels/{id}/now` adds the channel record */
  channelInNow: boolean;
  /** unknown routes answer a plain-text 404 instead of the JSON envelope */
  plainTextNotFound: boolean;
  /** `/status` has uptimeSeconds and counts */
  fullStatus: boolean;
  /** the `/events` route exists at all */
  eventStream: boolean;
}

const SEED: DemoProfile = {
  name: 'seed',
  version: '0.9.0-demo',
  compactEvents: false,
  eventsFollowKey: true,
  heartbeats: false,
  byNumberNow: true,
  channelInNow: true,
  plainTextNotFound: false,
  fullStatus: true,
  eventStream: true,
};

const AIRWAVE: DemoProfile = {
  name: 'airwave',
  version: '0.16.0-demo',
  compactEvents: true,
  eventsFollowKey: false,
  heartbeats: true,
  byNumberNow: false,
  channelInNow: false,
  plainTextNotFound: true,
  fullStatus: true,
  eventStream: true,
};

const LEGACY: DemoProfile = { ...AIRWAVE, name: 'legacy', version: '0.14.3-demo', fullStatus: false, eventStream: false };

export function demoProfile(name: DemoProfileName = 'seed'): DemoProfile {
  switch (name) {
    case 'seed':
      return SEED;
    case 'airwave':
      return AIRWAVE;
    case 'legacy':
      return LEGACY;
    default:
      throw new RangeError(`Unknown demo profile "${String(name)}": use ${DEMO_PROFILES.join(', ')}.`);
  }
}
