/**
 * The bridge contract's part for channel groups: the server's packages (`/packages`) as the
 * snapshot lists them, the one value that stands for "Other" (channels in no listed package), and
 * the rule that says which group a channel is in, shared by On now and the guide so both filter
 * alike.
 */
import type { PackageRef } from './airwave';
import { boundText } from './text';

/** One package of the server, as the popover offers it for filtering On now and the guide. */
export interface ChannelGroup {
  id: string;
  name: string;
  /** a name like "lucide:Laugh" (the popover shows only names it knows) */
  icon: string | null;
  /** a colour name from the server's palette */
  tint: string | null;
  /** channels the key may see in it, as the server counts them (null: the server did not say) */
  channelCount: number | null;
}

/** Most groups the snapshot lists (a server with more lists its first ones). */
export const GROUPS_MAX = 50;
/** The longest group id the popover may ask for, and the text limits of what the snapshot lists. */
export const GROUP_LIMITS = { id: 200, name: 80, icon: 80, tint: 40 } as const;
/** The group of channels in no package, or in one the server does not list: "Other". No package id starts with a colon. */
export const OTHER_GROUP = ':other';

/** The server's packages as the snapshot lists them: at most GROUPS_MAX, each text bounded, ids unique. */
export function channelGroups(packages: readonly (PackageRef & { channelCount?: number | null })[]): ChannelGroup[] {
  const seen = new Set<string>();
  const groups: ChannelGroup[] = [];
  for (const pkg of packages) {
    if (groups.length >= GROUPS_MAX) break;
    if (pkg.id === '' || pkg.id.length > GROUP_LIMITS.id || pkg.id === OTHER_GROUP || seen.has(pkg.id)) continue;
    seen.add(pkg.id);
    groups.push({
      id: pkg.id,
      name: boundText(pkg.name, GROUP_LIMITS.name),
      icon: pkg.icon === null ? null : pkg.icon.slice(0, GROUP_LIMITS.icon),
      tint: pkg.tint === null ? null : pkg.tint.slice(0, GROUP_LIMITS.tint),
      channelCount: pkg.channelCount ?? null,
    });
  }
  return groups;
}

/** The ids of the groups a package list offers (those channelGroups keeps), and the same as one string to compare. */
export interface ListedGroups {
  ids: ReadonlySet<string>;
  key: string;
}

const NO_GROUPS: ListedGroups = { ids: new Set(), key: '' };
const listedOf = new WeakMap<object, ListedGroups>();

/**
 * The groups a package list offers, worked out once per list. A channel of a package past
 * GROUPS_MAX is in Other, like one of a package the server does not list: every channel can be
 * reached through a group the popover offers.
 */
export function listedGroups(packages: readonly PackageRef[] | null): ListedGroups {
  if (!packages) return NO_GROUPS;
  let listed = listedOf.get(packages);
  if (!listed) {
    const ids = channelGroups(packages).map((group) => group.id);
    listedOf.set(packages, (listed = { ids: new Set(ids), key: [...ids].sort().join('\n') }));
  }
  return listed;
}

/** The group a channel is in: its package's id when the server lists that package, else OTHER_GROUP. */
export function groupOf(pkg: PackageRef | null | undefined, listed: ReadonlySet<string>): string {
  return pkg && listed.has(pkg.id) ? pkg.id : OTHER_GROUP;
}
