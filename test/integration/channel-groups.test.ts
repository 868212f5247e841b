import { describe, expect, it } from 'vitest';
import { parseChannels } from '../../src/shared/airwave';
import { OTHER_GROUP, type ChannelGroup } from '../../src/shared/bridge';
import type { CoreHarness } from '../support/core-harness';
import { useCoreHarness } from '../support/use-core-harness';
import { demoGet } from '../support/demo-client';
import { startOlderServer } from '../support/older-server';

// Channel groups from /packages, against the demo over loopback on the fake clock: the groups and
// their counts, On now and the guide filtered by a package or by Other (exactly the demo's channels
// of it), starred channels first within a group, nothing asked of a server without the route, and
// /packages asked on connect and then hourly, never per query.

const core = useCoreHarness();
let h: CoreHarness | null = null;

/** The demo's channel numbers per group (a package id, or OTHER_GROUP), in guide order, from its own /channels. */
async function demoGroups(harness: CoreHarness): Promise<Map<string, number[]>> {
  const { channels } = parseChannels((await demoGet(harness.demo)('/channels')).json);
  const byGroup = new Map<string, number[]>();
  for (const channel of channels) {
    const group = channel.package?.id ?? OTHER_GROUP;
    byGroup.set(group, [...(byGroup.get(group) ?? []), channel.number]);
  }
  return byGroup;
}

const packagesAsked = (harness: CoreHarness) => harness.apiRequests()['/packages'] ?? 0;

async function onNowNumbers(harness: CoreHarness, group: string): Promise<{ numbers: number[]; count: number }> {
  const outcome = await harness.app.handlers.getOnNowRows({ group, from: 0, to: 200 });
  if (!outcome.ok) throw new Error(outcome.error.message);
  return { numbers: outcome.value.rows.map((row) => row.number), count: outcome.value.count };
}

describe('channel groups', () => {
  it('lists the packages with their counts, and filters On now and the guide by a package and by Other', async () => {
    h = await core.start({ demo: { profile: 'airwave', channels: 40 } });
    await h.connect();
    await h.until(() => h!.app.snapshot().groups !== null, { what: 'the groups' });
    const expected = await demoGroups(h);
    const groups = h.app.snapshot().groups as ChannelGroup[];
    expect(groups.map((g) => g.id)).toEqual(['pkg_comedy', 'pkg_movies', 'pkg_family', 'pkg_info', 'pkg_world']);
    for (const group of groups) expect(group.channelCount).toBe(expected.get(group.id)!.length);
    expect(groups.find((g) => g.id === 'pkg_comedy')).toEqual({ id: 'pkg_comedy', name: 'Comedy', icon: 'lucide:Laugh', tint: 'amber', channelCount: expected.get('pkg_comedy')!.length });
    expect(expected.get(OTHER_GROUP)!.length).toBeGreaterThan(0);

    // On now: the summary counts each group; a group's rows are exactly its channels
    const summary = h.app.snapshot().onNow.data!;
    expect(summary.groups).toEqual(Object.fromEntries([...expected].map(([id, numbers]) => [id, numbers.length])));
    for (const [id, numbers] of expected) expect(await onNowNumbers(h, id)).toEqual({ numbers, count: numbers.length });
    expect(await onNowNumbers(h, 'pkg_nobody_has')).toEqual({ numbers: [], count: 0 });

    // the guide: the range counts places in the group's list; numbers outside the group are left out
    const loaded = await h.app.handlers.loadGuide({ forwardMinutes: 180 });
    expect(loaded.ok).toBe(true);
    for (const [id, numbers] of expected) {
      const rows = await h.app.handlers.getGuideRows({ group: id, from: 0, to: 200 });
      if (!rows.ok) throw new Error(rows.error.message);
      expect(rows.value.rows.map((row) => row.number)).toEqual(numbers);
      expect(rows.value.total).toBe(numbers.length);
      expect(rows.value.rows.every((row) => (row.package?.id ?? OTHER_GROUP) === id)).toBe(true);
    }
    const comedy = expected.get('pkg_comedy')!;
    const second = await h.app.handlers.getGuideRows({ group: 'pkg_comedy', from: 1, to: 2 });
    expect(second.ok && second.value.rows.map((row) => row.number)).toEqual([comedy[1]]);
    const mixed = await h.app.handlers.getGuideRows({ group: 'pkg_comedy', from: 0, to: 0, numbers: [comedy[0]!, expected.get(OTHER_GROUP)![0]!] });
    expect(mixed.ok && mixed.value.rows.map((row) => row.number)).toEqual([comedy[0]]);
  });

  it('keeps starred channels first within a group, and moves the version when a star changes the order', async () => {
    h = await core.start({ demo: { profile: 'airwave', channels: 40 } });
    await h.connect();
    await h.until(() => h!.app.snapshot().groups !== null, { what: 'the groups' });
    const movies = (await demoGroups(h)).get('pkg_movies')!;
    const last = movies.at(-1)!;
    const before = h.app.snapshot().onNow.data!.version;
    const rows = await h.app.handlers.getOnNowRows({ group: 'pkg_movies', numbers: [last] });
    const row = rows.ok ? rows.value.rows[0]! : null;
    expect(row?.index).toBe(movies.length - 1);
    await h.app.handlers.setFavourite({ channelId: row!.id, channelNumber: row!.number, channelName: row!.name, favourite: true });
    expect(h.app.snapshot().onNow.data!.version).toBeGreaterThan(before);
    expect((await onNowNumbers(h, 'pkg_movies')).numbers).toEqual([last, ...movies.slice(0, -1)]);
  });

  it('asks /packages on connect and then hourly, never per query', async () => {
    h = await core.start({ demo: { profile: 'airwave', channels: 24 } });
    await h.connect();
    await h.until(() => h!.app.snapshot().groups !== null, { what: 'the groups' });
    expect(packagesAsked(h)).toBe(1);
    h.app.setPopoverOpen(true);
    for (let i = 0; i < 50; i++) {
      await h.app.handlers.getOnNowRows({ group: 'pkg_movies', from: 0, to: 50 });
      await h.app.handlers.getOnNowRows({ group: OTHER_GROUP, from: 0, to: 50 });
    }
    h.app.setPopoverOpen(false);
    h.app.setPopoverOpen(true);
    await h.runFor(50 * 60_000, 10_000);
    expect(packagesAsked(h)).toBe(1);
    await h.runFor(15 * 60_000, 10_000);
    expect(packagesAsked(h)).toBe(2);
  });

  it('reads /packages again soon after /status counts a different number of packages, well before the hour', async () => {
    h = await core.start({ demo: { profile: 'airwave', channels: 24 }, viewerKey: true });
    const groups = await demoGroups(h);
    const packageIds = [...groups.keys()].filter((group) => group !== OTHER_GROUP);
    expect(packageIds.length).toBeGreaterThanOrEqual(2);
    await h.connect();
    await h.until(() => h!.app.snapshot().groups !== null, { what: 'the groups' });
    expect(packagesAsked(h)).toBe(1);
    const listed = () => (h!.app.snapshot().groups ?? []).filter((group) => group.id !== OTHER_GROUP).map((group) => group.id);
    expect(listed()).toHaveLength(packageIds.length);

    // the key loses every channel of one package: /status now counts one package fewer
    const gone = packageIds[0]!;
    h.demo.controls.setViewerChannels(h.demo.controls.listChannels().map((c) => c.number).filter((n) => !groups.get(gone)!.includes(n)));
    await h.runFor(5 * 60_000 + 30_000, 10_000); // the next /status (every 5 minutes) has counted it
    expect(packagesAsked(h)).toBe(2);
    expect(listed()).not.toContain(gone);
    expect(listed()).toHaveLength(packageIds.length - 1);
    // and not again while the count agrees with the list
    await h.runFor(20 * 60_000, 10_000);
    expect(packagesAsked(h)).toBe(2);
  });

  it('on a server whose OpenAPI document lists no /packages: no groups, and /packages is never asked', async () => {
    h = await core.start({ demo: { profile: 'airwave' } });
    const proxy = await startOlderServer(h.demo.url, { noPackages: true, noEvents: true });
    try {
      await h.connect(proxy.url);
      await h.until(() => h!.app.store.state.routes !== null && h!.app.store.state.onNow.data !== null, { what: 'routes and On now' });
      await h.runFor(5 * 60_000, 10_000);
      expect(h.app.store.state.packages.supported).toBe(false);
      expect(h.app.snapshot().groups).toBeNull();
      expect(proxy.requests.filter((r) => r.url.startsWith('/api/public/v1/packages'))).toEqual([]);
      expect(proxy.requests.some((r) => r.url.startsWith('/api/public/v1/guide/now'))).toBe(true);
    } finally {
      await proxy.close();
    }
  });

  it('on Airwave 0.14.67 (no guide, no /packages): no groups, and /packages is never asked', async () => {
    h = await core.start({ demo: { serverVersion: '0.14.67' } });
    const result = await h.app.handlers.connect({ server: h.demo.url, apiKey: h.demo.key, authStyle: 'x-api-key' });
    expect(result.saved).toBe(true);
    await h.runFor(5 * 60_000, 10_000);
    expect(h.app.snapshot().groups).toBeNull();
    expect(packagesAsked(h)).toBe(0);
  });

  it('on Airwave 0.14.68 (no OpenAPI document, the guide): groups from /packages', async () => {
    h = await core.start({ demo: { serverVersion: '0.14.68', channels: 16 } });
    await h.connect();
    await h.until(() => h!.app.snapshot().groups !== null, { what: 'the groups' });
    expect(h.app.snapshot().groups!.length).toBe(5);
    expect(packagesAsked(h)).toBe(1);
  });
});
