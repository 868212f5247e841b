import { describe, expect, it } from 'vitest';
import type { GuideNowRow, PackageRef } from '../../src/shared/airwave';
import { channelGroups, groupOf, GROUP_LIMITS, GROUPS_MAX, listedGroups, OTHER_GROUP } from '../../src/shared/bridge';
import { REQUEST_SCHEMAS } from '../../src/shared/bridge-schema';
import * as v from 'valibot';
import { OnNowView } from '../../src/main/core/app/on-now-view';
import { packagesDelay, LIMITS } from '../../src/main/core/sync/schedules';

// The groups' shapes and rules without a server: the list the snapshot carries is capped and its
// texts bounded; a channel's group; On now's per-group counts and version when the package list
// changes; how often /packages is asked.

const pkg = (id: string, extra: Partial<PackageRef> = {}): PackageRef & { channelCount: number | null } => ({ id, key: null, name: id, icon: null, tint: null, channelCount: 1, ...extra });
const row = (number: number, packageId: string | null): GuideNowRow => ({
  id: `ch_${number}`,
  number,
  name: `Channel ${number}`,
  callsign: null,
  icon: null,
  tint: null,
  package: packageId ? { id: packageId, key: null, name: packageId, icon: null, tint: null } : null,
  now: null,
  next: null,
});

describe('channelGroups', () => {
  it('lists at most GROUPS_MAX, bounds every text, and drops empty, duplicate and reserved ids', () => {
    const many = Array.from({ length: GROUPS_MAX + 10 }, (_, i) => pkg(`pkg_${i}`));
    expect(channelGroups(many)).toHaveLength(GROUPS_MAX);
    const [long] = channelGroups([pkg('a', { name: 'n'.repeat(500), icon: `lucide:${'x'.repeat(500)}`, tint: 't'.repeat(500) })]);
    expect(long!.name.length).toBeLessThanOrEqual(GROUP_LIMITS.name);
    expect(long!.icon!.length).toBeLessThanOrEqual(GROUP_LIMITS.icon);
    expect(long!.tint!.length).toBeLessThanOrEqual(GROUP_LIMITS.tint);
    expect(channelGroups([pkg(''), pkg('a'), pkg('a'), pkg(OTHER_GROUP), pkg('x'.repeat(GROUP_LIMITS.id + 1))]).map((g) => g.id)).toEqual(['a']);
  });

  it('offers every listed package up to GROUPS_MAX: a channel of one past it is in Other, so it can still be shown', () => {
    const many = Array.from({ length: GROUPS_MAX + 1 }, (_, i) => pkg(`pkg_${i}`));
    const listed = listedGroups(many);
    expect(listed).toBe(listedGroups(many));
    expect(listed.ids.size).toBe(GROUPS_MAX);
    expect(groupOf(row(1, `pkg_${GROUPS_MAX - 1}`).package, listed.ids)).toBe(`pkg_${GROUPS_MAX - 1}`);
    expect(groupOf(row(2, `pkg_${GROUPS_MAX}`).package, listed.ids)).toBe(OTHER_GROUP);
  });

  it('puts a channel in its package when the server lists it, else in Other', () => {
    const listed = new Set(['pkg_a']);
    expect(groupOf(row(1, 'pkg_a').package, listed)).toBe('pkg_a');
    expect(groupOf(row(2, 'pkg_gone').package, listed)).toBe(OTHER_GROUP);
    expect(groupOf(null, listed)).toBe(OTHER_GROUP);
  });

  it('lets the popover ask for a group by an id within the limit only', () => {
    const ok = v.safeParse(REQUEST_SCHEMAS.getOnNowRows, { group: 'pkg_a', from: 0, to: 10 });
    expect(ok.success).toBe(true);
    expect(v.safeParse(REQUEST_SCHEMAS.getOnNowRows, { group: 'x'.repeat(GROUP_LIMITS.id + 1) }).success).toBe(false);
    expect(v.safeParse(REQUEST_SCHEMAS.getGuideRows, { from: 0, to: 1, group: '' }).success).toBe(false);
    expect(v.safeParse(REQUEST_SCHEMAS.getGuideRows, { from: 0, to: 1, group: OTHER_GROUP }).success).toBe(true);
  });
});

describe('On now by group', () => {
  const held = { serverTime: null, channels: [row(101, 'pkg_a'), row(102, 'pkg_b'), row(103, null), row(104, 'pkg_a')] };
  const resource = { data: held, updatedAt: 1, error: null };

  it('counts each group, and ranges, finds and counts within one', () => {
    const view = new OnNowView();
    const packages = [pkg('pkg_a'), pkg('pkg_b')];
    expect(view.summary(resource, new Set(), packages).data!.groups).toEqual({ pkg_a: 2, pkg_b: 1, [OTHER_GROUP]: 1 });
    const a = view.rows({ group: 'pkg_a' }, held, new Set(), packages);
    expect(a.rows.map((r) => [r.number, r.index])).toEqual([
      [101, 0],
      [104, 1],
    ]);
    expect(a.count).toBe(2);
    expect(view.rows({ group: 'pkg_a', numbers: [104, 102] }, held, new Set(), packages).rows.map((r) => r.number)).toEqual([104]);
    expect(view.find('channel', held, new Set(), packages, OTHER_GROUP).channels.map((c) => c.number)).toEqual([103]);
  });

  it('moves the version (every row to read again) when the package list changes, and a package no longer listed is Other', () => {
    const view = new OnNowView();
    const before = view.summary(resource, new Set(), [pkg('pkg_a'), pkg('pkg_b')]).data!;
    expect(view.summary(resource, new Set(), [pkg('pkg_a'), pkg('pkg_b')]).data).toBe(before);
    const after = view.summary(resource, new Set(), [pkg('pkg_a')]).data!;
    expect(after.version).toBe(before.version + 1);
    expect(after.changed).toBeNull();
    expect(after.groups).toEqual({ pkg_a: 2, [OTHER_GROUP]: 2 });
    expect(view.rows({ group: OTHER_GROUP }, held, new Set(), [pkg('pkg_a')]).rows.map((r) => r.number)).toEqual([102, 103]);
  });
});

describe('packagesDelay', () => {
  it('asks at once on connect unless it was read within the minute, then hourly, never sooner than a minute', () => {
    expect(packagesDelay(Number.POSITIVE_INFINITY, true)).toBe(0);
    expect(packagesDelay(2 * 60_000, true)).toBe(0);
    expect(packagesDelay(10_000, true)).toBe(LIMITS.packages.max - 10_000);
    expect(packagesDelay(0, false)).toBe(60 * 60_000);
    expect(packagesDelay(59 * 60_000 + 30_000, false)).toBe(LIMITS.packages.min);
    expect(packagesDelay(Number.POSITIVE_INFINITY, false)).toBe(LIMITS.packages.min);
  });
});
