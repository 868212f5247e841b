/// <reference lib="dom" />
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { Clock } from '../../src/main/common/clock';
import type { DemoServer } from '../../src/main/demo';
import type { PreviewHost } from '../../src/main/preview/host';
import type { FocusTarget } from '../../src/shared/bridge';
import { axeFindings, focused, getJson, openPopover, screenshot } from '../support/browser';
import { onAirChannel } from '../support/core-harness';
import { e2eSetup, poll } from './setup';

// Several servers in the popover: the header's switcher (click, keyboard menu, Alt+1…9) moving On
// now, the guide, lookup and search to another server; Watching merging the viewers of every
// server, each card labelled; Settings → Servers; axe over both, light and dark. Two demo servers
// with different channel counts, so what each one shows can be told apart.
const e2e = e2eSetup();

/** What `/__preview/notifications` lists: each notification raised, with where a click on it lands. */
interface PreviewNotification {
  title: string;
  target: (FocusTarget & { server?: string }) | null;
}

interface Pair {
  host: PreviewHost;
  home: DemoServer;
  cabin: DemoServer;
  homeId: string;
  cabinId: string;
}

/** Home (8 channels) followed from the start; Cabin (14 channels) added through the bridge, as Settings does. */
async function twoServers(viewers = 1, clock?: Clock): Promise<Pair> {
  const home = await e2e.demo({ seed: 7, channels: 8, viewers, name: 'Home', ...(clock ? { clock } : {}) });
  const cabin = await e2e.demo({ seed: 23, channels: 14, viewers, name: 'Cabin', ...(clock ? { clock } : {}) });
  const host = await e2e.preview({ server: home.url, apiKey: home.key, ...(clock ? { clock } : {}) });
  await poll(() => host.app.snapshot().connection.state).toMatch(/live|polling/);
  const added = await host.app.handlers.addServer({ server: cabin.url, apiKey: cabin.key, authStyle: 'x-api-key' });
  expect(added.kind).toBe('added');
  const entries = host.app.snapshot().settings.servers;
  const homeId = entries.find((entry) => entry.name === 'Home')!.id;
  const cabinId = (added as { id: string }).id;
  await poll(() => host.app.snapshot().servers.filter((server) => server.connection.state === 'live' || server.connection.state === 'polling').length).toBe(2);
  return { host, home, cabin, homeId, cabinId };
}

const switcher = (page: Page) => page.locator('.switcher-button');
const menuItems = (page: Page) => page.getByRole('menuitemradio');
const shown = (host: PreviewHost) => host.app.snapshot().settings.selectedServer;
/** On now's list, named by its channel count: 8 on Home, 14 on Cabin */
const onNowCount = (page: Page) => page.locator('[role=list][aria-label$=channels]').getAttribute('aria-label');

describe('the server switcher', () => {
  it('appears with a second server, and switching by click, menu keys and Alt+1/Alt+2 moves On now, the guide and lookup', async () => {
    const { host, homeId, cabinId } = await twoServers();
    await host.app.handlers.selectServer({ id: homeId });
    const page = await openPopover(e2e.browser, `${host.url}/#on-now`);
    await poll(() => onNowCount(page)).toBe('8 channels');
    await poll(() => switcher(page).textContent()).toContain('Home');

    // by click
    await switcher(page).click();
    await poll(() => menuItems(page).count()).toBe(2);
    expect(await menuItems(page).allTextContents()).toEqual([expect.stringMatching(/^Home.*Alt\+1$/), expect.stringMatching(/^Cabin.*Alt\+2$/)]);
    expect(await menuItems(page).first().getAttribute('aria-checked')).toBe('true');
    await screenshot(page, 'servers-switcher-light');
    await menuItems(page).nth(1).click();
    await poll(() => onNowCount(page)).toBe('14 channels');
    expect(shown(host)).toBe(cabinId);
    await poll(() => switcher(page).textContent()).toContain('Cabin');
    await poll(async () => (await focused(page)).className).toContain('switcher-button'); // focus back where the menu came from

    // Alt+1 and Alt+2 from anywhere (here: a channel row)
    await page.locator('.channel-row').first().focus();
    await page.keyboard.press('Alt+Digit1');
    await poll(() => onNowCount(page)).toBe('8 channels');
    expect(shown(host)).toBe(homeId);
    await page.keyboard.press('Alt+Digit2');
    await poll(() => onNowCount(page)).toBe('14 channels');
    // Alt+3: there is no third server, nothing changes
    await page.keyboard.press('Alt+Digit3');
    await page.waitForTimeout(300);
    expect(shown(host)).toBe(cabinId);

    // the menu from the keyboard: opens on the shown server, arrows move, Escape gives focus back
    await switcher(page).focus();
    await page.keyboard.press('ArrowDown');
    await poll(async () => (await focused(page)).className).toContain('switcher-item');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-checked'))).toBe('true');
    await page.keyboard.press('Escape');
    await poll(() => menuItems(page).count()).toBe(0);
    await poll(async () => (await focused(page)).className).toContain('switcher-button');
    await page.keyboard.press('Enter');
    await poll(() => menuItems(page).count()).toBe(2);
    await page.keyboard.press('Home');
    await page.keyboard.press('Enter');
    await poll(() => onNowCount(page)).toBe('8 channels');
    expect(shown(host)).toBe(homeId);

    // the guide follows: its grid is named by the channels of the server shown
    await page.getByRole('tab', { name: 'Guide' }).click();
    const grid = page.locator('.guide-scroll');
    await poll(() => grid.getAttribute('aria-label')).toBe('Guide, 8 channels');
    await page.keyboard.press('Alt+Digit2');
    await poll(() => grid.getAttribute('aria-label')).toBe('Guide, 14 channels');
    // rows of Cabin's own: channel 114 exists only there
    await grid.evaluate((el) => el.scrollTo({ top: 10_000 }));
    await poll(() => page.locator('.guide-row[aria-label^="Channel 114,"]').count()).toBe(1);
    await screenshot(page, 'servers-guide-cabin-light');

    // a typed number is looked up on the server shown; its sheet closes when another is chosen
    await page.getByRole('tab', { name: 'On now' }).click();
    await page.locator('.channel-row').first().focus();
    await page.keyboard.type('114');
    const sheet = page.getByRole('dialog', { name: 'Channel 114' });
    await sheet.waitFor();
    await poll(() => sheet.locator('.slot-title').count()).toBeGreaterThan(0);
    expect(await sheet.getByTestId('channel-server').textContent()).toBe('on Cabin');
    await page.keyboard.press('Alt+Digit1');
    await sheet.waitFor({ state: 'detached' });
    await poll(() => onNowCount(page)).toBe('8 channels');
    await poll(async () => (await focused(page)).tag).not.toBe('body');
    // Home has no channel 114
    await page.locator('.channel-row').first().focus();
    await page.keyboard.type('114');
    const missing = page.getByRole('dialog', { name: 'Channel 114' });
    await missing.locator('.inline-error').waitFor();
    expect(await missing.getByTestId('channel-server').textContent()).toBe('on Home');
    await page.keyboard.press('Escape');

    // search belongs to the server shown too: it closes on a switch
    await page.keyboard.press('/');
    await page.getByRole('searchbox').waitFor();
    await page.keyboard.press('Alt+Digit2');
    await page.getByRole('searchbox').waitFor({ state: 'detached' });
    await poll(() => onNowCount(page)).toBe('14 channels');
  });

  it('is not there with one server', async () => {
    const home = await e2e.demo({ seed: 7, channels: 8, viewers: 1, name: 'Home' });
    const host = await e2e.preview({ server: home.url, apiKey: home.key });
    const page = await openPopover(e2e.browser, `${host.url}/#on-now`);
    await poll(() => onNowCount(page)).toBe('8 channels');
    expect(await switcher(page).count()).toBe(0);
    await page.keyboard.press('Alt+Digit1');
    await page.keyboard.press('Alt+Digit2');
    await page.waitForTimeout(200);
    expect(await onNowCount(page)).toBe('8 channels');
    // no server chip on the viewer's card either
    await page.getByRole('tab', { name: /Watching/ }).click();
    await poll(() => page.locator('li.card').count()).toBe(1);
    expect(await page.locator('.server-chip').count()).toBe(0);
  });
});

describe('Watching with several servers', () => {
  it('merges the viewers of both servers, each labelled; equal viewers on two servers stay apart; one server stale marks only its own', async () => {
    // posters: clear of the demo's schedule edge, where every programme ends at once and a viewer
    // put on a channel then sits on a break, which has none (at 23:58:49 UTC no poster loaded)
    const clock = e2e.clearOfScheduleEdge();
    const { host, home, cabin, homeId, cabinId } = await twoServers(0, clock);
    // the same person on the same device on both servers, and one more on Cabin
    home.controls.startSession({ user: 'Ann', channelNumber: onAirChannel(home), platform: 'tvOS', model: 'Apple TV 4K' });
    cabin.controls.startSession({ user: 'Ann', channelNumber: onAirChannel(cabin), platform: 'tvOS', model: 'Apple TV 4K' });
    await poll(() => host.app.snapshot().nowPlaying.data?.length).toBe(2);
    // Ann's notification from Cabin, said at once (Bob starts after it: he is its follow-up, not in it)
    const fromCabin = async () => (await getJson<PreviewNotification[]>(`${host.url}/__preview/notifications`)).find((n) => n.target?.view === 'watching' && n.target.server === cabinId && n.target.viewer);
    // a start is said as soon as the app knows (notifications/storms.ts)
    await expect.poll(fromCabin, { timeout: 10_000, interval: 200 }).toBeDefined();
    cabin.controls.startSession({ user: 'Bob', channelNumber: onAirChannel(cabin, 1), platform: 'webOS', model: 'LG OLED C3' });
    await poll(() => host.app.snapshot().nowPlaying.data?.length).toBe(3);
    for (const scheme of ['light', 'dark'] as const) {
      const page = await openPopover(e2e.browser, host.url, { colorScheme: scheme, clock });
      await poll(() => page.locator('li.card').count()).toBe(3);
      const chips = await page.locator('li.card').evaluateAll((cards) => cards.map((card) => `${card.querySelector('.card-user-name')?.textContent} ${card.querySelector('.server-chip-name')?.textContent}`).sort());
      expect(chips).toEqual(['Ann Cabin', 'Ann Home', 'Bob Cabin']);
      // the tab counts everyone
      expect(await page.locator('.tab .count').textContent()).toBe('3');
      await screenshot(page, `servers-watching-${scheme}`);
      await page.close();
    }

    const page = await openPopover(e2e.browser, host.url, { clock });
    await poll(() => page.locator('li.card').count()).toBe(3);
    // each poster comes from its own server, and loads
    const posters = () =>
      page.locator('li.card').evaluateAll((cards) =>
        cards.map((card) => {
          const img = card.querySelector<HTMLImageElement>('img.poster');
          return { server: card.querySelector('.server-chip-name')?.textContent, src: img?.getAttribute('src') ?? null, loaded: !!img && img.complete && img.naturalWidth > 0 };
        }),
      );
    // (a viewer on a station break has no poster: at least one of Cabin's two, not the server shown, loads)
    await poll(async () => (await posters()).some((poster) => poster.loaded && poster.server === 'Cabin')).toBe(true);
    for (const poster of await posters()) if (poster.src) expect(poster.src).toMatch(new RegExp(`^/art/~${poster.server === 'Cabin' ? cabinId : homeId}/api/`));
    // the activity log holds every server's arrivals, each tagged with its server
    await page.getByRole('tab', { name: 'Activity' }).click();
    await page.getByRole('button', { name: 'Log' }).click();
    const lines = () => page.locator('.log-line').allTextContents();
    await poll(async () => (await lines()).filter((line) => line.includes('Ann started watching')).map((line) => (/on (Home|Cabin)$/.exec(line) ?? [])[1]).sort()).toEqual(['Cabin', 'Home']);
    // a reminder says which server its programme is on
    // (a programme ahead from Home's guide: what On now holds as "next" may be a break, or starting now)
    expect((await host.app.handlers.loadGuide({ forwardMinutes: 180 })).ok).toBe(true);
    const ahead = (p: { ratingKey: string | null; startsAt: string }) => p.ratingKey !== null && Date.parse(p.startsAt) > e2e.now() + 5 * 60_000;
    const row = host.app.engine.guide.rows({ from: 0, to: 50 }).rows.find((channel) => channel.programs.some(ahead))!;
    const next = row.programs.find(ahead)!;
    const reminder = await host.app.handlers.addReminder({ channelId: row.id, channelNumber: row.number, channelName: row.name, title: next.title, showTitle: next.showTitle, ratingKey: next.ratingKey, startsAt: next.startsAt, endsAt: next.endsAt });
    expect(reminder.ok).toBe(true);
    await page.getByRole('button', { name: /^Reminders/ }).click();
    await poll(() => page.locator('.feature-item').first().textContent()).toMatch(/ · on Home/);
    await page.getByRole('tab', { name: /Watching/ }).click();
    await poll(() => page.locator('li.card').count()).toBe(3);
    // Cabin's Ann opens Cabin's Ann: the sheet names the server
    const cabinAnn = page.locator('li.card', { hasText: 'Ann', has: page.locator('.server-chip-name', { hasText: 'Cabin' }) });
    await cabinAnn.locator('.card-button').click();
    const sheet = page.getByRole('dialog');
    await sheet.waitFor();
    expect(await sheet.getByTestId('viewer-server').textContent()).toBe('Cabin');
    await page.keyboard.press('Escape');
    await sheet.waitFor({ state: 'detached' });


    // Cabin goes away: its cards are marked stale with its name; Home's stay live
    await e2e.drop(cabin);
    await poll(() => host.app.snapshot().servers.find((server) => server.id === cabinId)?.staleSince ?? null).not.toBe(null);
    await poll(() => page.locator('.watching-bar .stale-note').textContent()).toMatch(/^Cabin: as of /);
    expect(await page.locator('li.card.stale .server-chip-name').allTextContents()).toEqual(['Cabin', 'Cabin']);
    expect(await page.locator('li.card:not(.stale) .server-chip-name').allTextContents()).toEqual(['Home']);
    await screenshot(page, 'servers-watching-stale-light');
  });

  it('lands a notification click on the viewer of the server it names, not the same person on another', async () => {
    const { host, home, cabin, homeId, cabinId } = await twoServers(0);
    await host.app.handlers.selectServer({ id: homeId });
    home.controls.startSession({ user: 'Ann', channelNumber: onAirChannel(home), platform: 'tvOS', model: 'Apple TV 4K' });
    cabin.controls.startSession({ user: 'Ann', channelNumber: onAirChannel(cabin), platform: 'tvOS', model: 'Apple TV 4K' });
    await poll(() => host.app.snapshot().nowPlaying.data?.length).toBe(2);
    const fromCabin = async () => (await getJson<PreviewNotification[]>(`${host.url}/__preview/notifications`)).find((n) => n.target?.view === 'watching' && n.target.server === cabinId);
    // a start is said as soon as the app knows (notifications/storms.ts)
    await expect.poll(fromCabin, { timeout: 10_000, interval: 200 }).toBeDefined();
    const note = (await fromCabin())!;
    const page = await openPopover(e2e.browser, host.url);
    await poll(() => page.locator('li.card').count()).toBe(2);
    // the click, as the Electron host's notifier makes it: the core opens the popover on the request's target
    host.app.focus(note.target!);
    await poll(() => page.locator('li.card').count()).toBe(2);
    await poll(() => page.locator('li.card.card-focused .server-chip-name').textContent()).toBe('Cabin');
    expect(await page.locator('li.card.card-focused').count()).toBe(1);
    await poll(() => page.evaluate(() => document.activeElement?.closest('li.card')?.querySelector('.server-chip-name')?.textContent)).toBe('Cabin');
  });
});

describe('Settings → Servers', () => {
  it('lists the servers; renames, pauses, and offers another address of a server already listed', async () => {
    const { host, cabin, cabinId, homeId } = await twoServers();
    const page = await openPopover(e2e.browser, host.url);
    await page.getByRole('button', { name: 'Settings' }).click();
    const section = page.locator('section[aria-labelledby=settings-servers]');
    await poll(() => section.locator('.server-entry-name').allTextContents()).toEqual(['Home', 'Cabin']);
    const cabinEntry = section.locator(`.server-entry[data-server="${cabinId}"]`);
    expect(await cabinEntry.locator('.server-entry-facts').textContent()).toContain(cabin.url);
    // one place per server: the shown server's entry holds its address and key, another's offers them; Remove… replaces Forget
    expect(await section.locator(`.server-entry[data-server="${homeId}"] form input[name=apiKey]`).count()).toBe(1);
    expect(await cabinEntry.getByRole('button', { name: 'Address and key of Cabin' }).count()).toBe(1);
    expect(await page.locator('input[name=apiKey]').count()).toBe(1);
    expect(await page.getByRole('button', { name: 'Forget server…' }).count()).toBe(0);

    // rename: Escape cancels, an empty name is refused, Enter saves
    await cabinEntry.getByRole('button', { name: 'Rename Cabin' }).click();
    const nameField = cabinEntry.getByRole('textbox', { name: 'New name for Cabin' });
    await poll(() => nameField.evaluate((el) => el === document.activeElement)).toBe(true);
    await nameField.fill('Nope');
    await nameField.press('Escape');
    await poll(() => nameField.count()).toBe(0);
    expect(await page.getByRole('heading', { name: 'Notifications' }).count()).toBe(1); // Escape closed the rename, not Settings
    await poll(async () => (await focused(page)).label).toBe('Rename Cabin');
    await page.keyboard.press('Enter');
    await nameField.fill('   ');
    await nameField.press('Enter');
    await poll(() => cabinEntry.getByRole('alert').textContent()).toBe('A server needs a name.');
    await nameField.fill('Lake house');
    await nameField.press('Enter');
    await poll(() => host.app.snapshot().settings.servers.find((entry) => entry.id === cabinId)?.name).toBe('Lake house');
    await poll(() => cabinEntry.locator('.server-entry-name').textContent()).toBe('Lake house');
    await poll(async () => (await focused(page)).label).toBe('Rename Lake house');

    // pause and resume
    const homeEntry = section.locator(`.server-entry[data-server="${homeId}"]`);
    await homeEntry.getByRole('button', { name: 'Pause Home' }).click();
    await poll(() => host.app.snapshot().settings.servers.find((entry) => entry.id === homeId)?.paused).toBe(true);
    await poll(() => homeEntry.getByTestId('server-state').textContent()).toBe('Paused');
    await homeEntry.getByRole('button', { name: 'Resume Home' }).click();
    await poll(() => host.app.snapshot().settings.servers.find((entry) => entry.id === homeId)?.paused).toBe(false);

    // the badge: all servers, or one
    const badge = section.locator('select[name=badgeServer]');
    expect(await badge.inputValue()).toBe('');
    await badge.selectOption(cabinId);
    await poll(() => host.app.snapshot().settings.badgeServer).toBe(cabinId);

    // Cabin again, as localhost: recognised, and offered as another address
    const other = cabin.url.replace('127.0.0.1', 'localhost');
    await section.getByRole('button', { name: 'Add a server…' }).click();
    const form = page.locator('form.add-server');
    await form.locator('input[name=add-server]').fill(other);
    await form.locator('input[name=add-apiKey]').fill(cabin.key);
    await form.getByRole('button', { name: 'Add server' }).click();
    const offer = form.getByTestId('same-server');
    await poll(() => offer.textContent()).toMatch(/^This is Lake house \(already listed\) at another address\. Add .*localhost.* as another address of Lake house\?/);
    await screenshot(page, 'servers-same-server-light');
    await offer.getByRole('button', { name: 'Add as another address of Lake house' }).click();
    await poll(() => host.app.snapshot().settings.servers.find((entry) => entry.id === cabinId)?.addresses.length).toBe(2);
    await poll(() => form.locator('.inline-ok').textContent()).toMatch(/as another address of Lake house/);
    expect(host.app.snapshot().settings.servers).toHaveLength(2); // not added twice
    await poll(() => cabinEntry.getByRole('combobox').count()).toBe(1);

    // remove asks first, naming the server
    await cabinEntry.getByRole('button', { name: 'Remove Lake house' }).click();
    await cabinEntry.getByRole('button', { name: 'Keep' }).click();
    expect(host.app.snapshot().settings.servers).toHaveLength(2);
    await cabinEntry.getByRole('button', { name: 'Remove Lake house' }).click();
    await cabinEntry.getByRole('button', { name: 'Remove Lake house and delete its key' }).click();
    await poll(() => host.app.snapshot().settings.servers.length).toBe(1);
    await poll(() => switcher(page).count()).toBe(0);
    // one server again: its one place has Forget, and no Remove… beside it
    await page.getByRole('button', { name: 'Forget server…' }).waitFor();
    expect(await page.getByRole('button', { name: /^Remove/ }).count()).toBe(0);
  });
});

describe('first run', () => {
  it('offers Airwave found on this computer without holding up the form; Use it fills the address and moves to the key', async () => {
    const desk = await e2e.demo({ seed: 5, channels: 6, viewers: 1, name: 'Desk' });
    // the host's look for a local server (localhost:36020 on a desktop) answers after a while here
    const host = await e2e.preview({
      app: { findLocalServer: () => new Promise((resolve) => setTimeout(() => resolve({ url: desk.url, name: 'Desk' }), 1_500)) },
    });
    const page = await openPopover(e2e.browser, host.url);
    await page.getByRole('heading', { name: 'Connect to your Airwave server' }).waitFor();
    // nothing waits for the look: the address field has the cursor and takes typing meanwhile
    await poll(async () => (await focused(page)).name).toBe('server');
    await page.keyboard.type('nas.local');
    expect(await page.locator('.local-offer').count()).toBe(0);
    const offer = page.locator('.local-offer');
    await poll(() => offer.textContent()).toMatch(/^Airwave is running on this computer \(Desk\)\./);
    await screenshot(page, 'servers-first-run-offer-light');
    await offer.getByRole('button', { name: 'Use it' }).click();
    await poll(() => page.locator('input[name=server]').inputValue()).toBe(desk.url);
    await poll(async () => (await focused(page)).name).toBe('apiKey');
    await poll(() => offer.count()).toBe(0);
    await page.keyboard.type(desk.key);
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('tab', { name: /Watching/ }).waitFor();
    await poll(() => host.app.snapshot().settings.servers.map((entry) => entry.name)).toEqual(['Desk']);
  });

  for (const scheme of ['light', 'dark'] as const) {
    it(`names the Airwave server at the typed address before a key is given (${scheme})`, async () => {
      const home = await e2e.demo({ seed: 5, channels: 6, viewers: 1, name: 'Home', profile: 'airwave' });
      const host = await e2e.preview();
      const page = await openPopover(e2e.browser, host.url, scheme);
      await page.getByRole('heading', { name: 'Connect to your Airwave server' }).waitFor();
      await page.locator('input[name=server]').fill(home.url);
      const hint = page.getByTestId('identity-hint');
      await poll(() => hint.textContent()).toBe('Found Airwave Home 0.15.12 — now paste an API key.');
      expect(Object.keys(home.controls.requestCounts()).filter((path) => path.startsWith('/api/public/v1/'))).toEqual([]);
      await screenshot(page, `setup-identity-${scheme}`);
    });
  }

  it('shows no offer when nothing answers', async () => {
    let asked = 0;
    const host = await e2e.preview({ app: { findLocalServer: async () => (asked++, null) } });
    const page = await openPopover(e2e.browser, host.url);
    await page.getByRole('heading', { name: 'Connect to your Airwave server' }).waitFor();
    await poll(() => asked).toBe(1);
    await page.waitForTimeout(200);
    expect(await page.locator('.local-offer').count()).toBe(0);
  });
});

describe.each(['light', 'dark'] as const)('accessibility with several servers (%s)', (scheme) => {
  it('the open switcher and Settings → Servers have no serious or critical finding', async () => {
    const { host } = await twoServers();
    const page = await openPopover(e2e.browser, host.url, scheme);
    await poll(() => page.locator('li.card').count()).toBe(2);
    expect(await axeFindings(page)).toEqual([]);
    await switcher(page).click();
    await poll(() => menuItems(page).count()).toBe(2);
    expect(await axeFindings(page)).toEqual([]);
    await screenshot(page, `servers-switcher-${scheme}`);
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Settings' }).click();
    await page.locator('section[aria-labelledby=settings-servers]').waitFor();
    await page.getByRole('button', { name: 'Add a server…' }).click();
    await page.locator('form.add-server').waitFor();
    expect(await axeFindings(page)).toEqual([]);
    await screenshot(page, `servers-settings-${scheme}`);
  });
});
