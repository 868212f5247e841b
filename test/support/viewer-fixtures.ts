import type { Viewer } from '../../src/main/core/viewers/viewers';

/**
 * A viewer as the core holds one, for unit tests of what is said about viewers: `user` on one
 * session (`session:<user>-1`) on an Apple TV, watching Friends on 101 · 90s Sitcoms. A test names
 * what it needs on top.
 */
export function sessionViewer(user: string, extra: Partial<Viewer> = {}): Viewer {
  return {
    key: `session:${user.toLowerCase()}-1`,
    person: `${user.toLowerCase()}|tvos|apple tv`,
    user,
    device: 'Apple TV',
    channelNumber: 101,
    channelName: '90s Sitcoms',
    watching: 'Friends',
    artworkUrl: `/api/public/v1/channels/ch1/artwork/${user}`,
    ...extra,
  };
}
