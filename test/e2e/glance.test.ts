/// <reference lib="dom" />
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { focused, openPopover, shots } from '../support/browser';
import { e2eSetup, poll } from './setup';

// A glance you can trust (issue 26): trouble you can get out of (the popover's root never scrolls,
// Escape and Back leave Settings, focus on opening), the header at many viewers, several servers
// told apart, and the set-up words.
const e2e = e2eSetup();

/** How far each of the popover's outer boxes is scrolled, and where the header and footer sit. */
function rootScroll(page: Page) {
  return page.evaluate(() => {
    const boxes = [document.scrollingElement, document.documentElement, document.body, document.getElementById('app'), document.querySelector('.app')];
    const header = document.querySelector('.header')!.getBoundingClientRect();
    const footer = document.querySelector('.footer')!.getBoundingClientRect();
    return {
      scrolled: boxes.map((box) => (box ? box.scrollTop + box.scrollLeft : 0)).reduce((a, b) => a + b, 0),
      headerTop: Math.round(header.top),
      footerBottom: Math.round(footer.bottom),
    };
  });
}

describe('trouble you can get out of', () => {
  it('"Fix the key" scrolls only the pane; saving a working key brings the user back, live again', async () => {
    const demo = await e2e.demo({ viewers: 3 });
    const host = await e2e.preview({ server: demo.url, apiKey: demo.key });
    const page = await openPopover(e2e.browser, host.url);
    await poll(() => page.locator('li.card').count()).toBe(3);
    demo.controls.revokeKey();
    await page.getByRole('button', { name: 'Refresh' }).click();
    await page.getByRole('button', { name: 'Fix the key' }).click();
    await poll(async () => (await focused(page)).name).toBe('apiKey');
    expect(await rootScroll(page)).toEqual({ scrolled: 0, headerTop: 0, footerBottom: 560 });
    await expect(page.getByRole('button', { name: 'Settings' }).isVisible()).resolves.toBe(true);
    await shots(page, 'fix-key');

    // a working key: back on Watching, and the app says it is live again
    const fresh = demo.controls.regenerateKey();
    await page.fill('input[name=apiKey]', fresh);
    await page.getByRole('button', { name: 'Save' }).click();
    await poll(() => page.getByRole('tab', { name: /Watching/ }).getAttribute('aria-selected')).toBe('true');
    await poll(() => page.locator('.notice-ok').textContent()).toMatch(/live again/i);
    await poll(() => page.locator('li.card').count()).toBe(3);
    expect(await rootScroll(page)).toEqual({ scrolled: 0, headerTop: 0, footerBottom: 560 });
  });

  it('Escape leaves Settings, from a field too after its own Escape; Back is visible; focus never starts on the body', async () => {
    const host = await e2e.preview({ demo: true, demoOptions: { seed: 7, channels: 8, viewers: 2, churn: 0 } });
    const page = await openPopover(e2e.browser, `${host.url}/#on-now`);
    await page.locator('.channel-row').first().waitFor();
    await poll(async () => (await focused(page)).tag).not.toBe('body');
    await page.getByRole('button', { name: 'Settings' }).click();
    await page.getByRole('heading', { name: 'General' }).waitFor();
    // Escape from the page
    await page.keyboard.press('Escape');
    await poll(() => page.getByRole('tab', { name: 'On now' }).getAttribute('aria-selected')).toBe('true');
    // Back
    await page.getByRole('button', { name: 'Settings' }).click();
    const back = page.getByRole('button', { name: /^Back/ });
    await back.waitFor(); // Settings loads with its first opening
    expect(await back.isVisible()).toBe(true);
    await back.click();
    await poll(() => page.getByRole('tab', { name: 'On now' }).getAttribute('aria-selected')).toBe('true');
    // from a field: the shortcut recorder's own Escape first (cancels recording), then Settings closes
    await page.getByRole('button', { name: 'Settings' }).click();
    // the box follows the saved setting (a controlled input): click, then wait for the core to have it
    await page.getByRole('checkbox', { name: /keyboard shortcut/ }).click();
    await poll(() => host.app.snapshot().settings.shortcut.enabled).toBe(true);
    const record = page.getByRole('button', { name: /Shortcut Record/ });
    await record.click();
    await page.keyboard.press('Escape');
    await poll(() => record.getAttribute('aria-pressed')).toBe('false');
    expect(await page.locator('.settings').count()).toBe(1);
    await page.keyboard.press('Escape');
    await poll(() => page.locator('.settings').count()).toBe(0);
    // from a text field
    await page.getByRole('button', { name: 'Settings' }).click();
    await page.getByPlaceholder('Another name').focus();
    await page.keyboard.press('Escape');
    await poll(() => page.locator('.settings').count()).toBe(0);
    expect((await focused(page)).tag).not.toBe('body');
  });
});

/** Where the header's parts sit: each tab's left and right edge, the search and gear buttons'. */
function headerBoxes(page: Page) {
  return page.evaluate(() => {
    const edges = (el: Element | null) => {
      const box = el!.getBoundingClientRect();
      return [Math.round(box.left), Math.round(box.right)];
    };
    const tabs = [...document.querySelectorAll('[role=tab]')].map(edges);
    const header = document.querySelector('.header')!;
    const buttons = [...header.querySelectorAll(':scope > .icon-button')].map(edges);
    const badge = document.querySelector('.tab .count');
    return {
      tabs,
      buttons,
      overflow: header.scrollWidth - header.clientWidth,
      badge: badge?.textContent ?? null,
      badgeColour: badge ? getComputedStyle(badge).backgroundColor : null,
      errorColour: getComputedStyle(document.documentElement).getPropertyValue('--bad').trim(),
      nowColour: getComputedStyle(document.documentElement).getPropertyValue('--now').trim(),
    };
  });
}

const rgb = (hex: string) => {
  const n = parseInt(hex.slice(1), 16);
  return `rgb(${(n >> 16) & 255}, ${(n >> 8) & 255}, ${n & 255})`;
};

describe('the header', () => {
  it('fits tabs, search and gear in 380 px at 1x and 2x with 100, 12 and 10 viewers; the badge slot holds "100" (three digits fit) and the tabs never shift', async () => {
    const demo = await e2e.demo({ viewers: 100, channels: 40 });
    const host = await e2e.preview({ server: demo.url, apiKey: demo.key });
    await poll(() => host.app.snapshot().watching).toBe(100);
    for (const deviceScaleFactor of [1, 2]) {
      for (const colorScheme of ['light', 'dark'] as const) {
        const page = await openPopover(e2e.browser, host.url, { deviceScaleFactor, colorScheme });
        await poll(() => page.locator('.tab .count').textContent()).toBe('100');
        const boxes = await headerBoxes(page);
        expect(boxes.overflow).toBe(0);
        for (const [left, right] of [...boxes.tabs, ...boxes.buttons]) {
          expect(left).toBeGreaterThanOrEqual(0);
          expect(right).toBeLessThanOrEqual(380);
        }
        // an ordinary count is not in the colour of errors (or of the red "On now")
        expect(boxes.badgeColour).not.toBe(rgb(boxes.errorColour));
        expect(boxes.badgeColour).not.toBe(rgb(boxes.nowColour));
        await page.context().close();
      }
    }
    const page = await openPopover(e2e.browser, host.url);
    await poll(() => page.locator('.tab .count').textContent()).toBe('100');
    const at100 = await headerBoxes(page);
    const sessions = demo.controls.listSessions();
    for (const [count, text] of [
      [12, '12'],
      [10, '10'],
      [1, '1'],
      [0, null],
    ] as const) {
      for (const session of demo.controls.listSessions().slice(count)) demo.controls.endSession(session.id);
      await poll(() => host.app.snapshot().watching).toBe(count);
      await poll(async () => (await headerBoxes(page)).badge).toBe(text === null ? '' : text);
      const boxes = await headerBoxes(page);
      // the tabs and buttons stay where they were with "100": the slot is fixed
      expect(boxes.tabs).toEqual(at100.tabs);
      expect(boxes.buttons).toEqual(at100.buttons);
    }
    expect(sessions.length).toBe(100);
  });
});

describe('several servers at a glance', () => {
  it('tells two servers named Home apart, shows trouble on any server from every view, and the footer is not a green Live meanwhile', async () => {
    const home = await e2e.demo({ seed: 7, channels: 8, viewers: 1, name: 'Home' });
    const cabin = await e2e.demo({ seed: 23, channels: 14, viewers: 1, name: 'Home' });
    const host = await e2e.preview({ servers: [{ url: home.url, apiKey: home.key }, { url: cabin.url, apiKey: cabin.key }] });
    await poll(() => host.app.snapshot().servers.filter((s) => s.connection.state === 'live' || s.connection.state === 'polling').length).toBe(2);
    const page = await openPopover(e2e.browser, host.url);
    await poll(() => page.locator('li.card').count()).toBe(2);
    const first = `Home (127.0.0.1:${home.port})`;
    const second = `Home (127.0.0.1:${cabin.port})`;
    // switcher, footer, cards: never two plain "Home"s
    await poll(() => page.locator('.switcher-button').textContent()).toContain(first);
    expect(await page.locator('.footer-server').textContent()).toBe(first);
    const cardText = (await page.locator('li.card').allTextContents()).join('\n');
    expect(cardText).toContain(first);
    expect(cardText).toContain(second);
    await page.locator('.switcher-button').click();
    expect(await page.getByRole('menuitemradio').allTextContents()).toEqual([expect.stringContaining(first), expect.stringContaining(second)]);
    await page.keyboard.press('Escape');
    // Settings → Badge counts names them the same way
    await page.getByRole('button', { name: 'Settings' }).click();
    // Settings loads with its first opening (its own chunk): wait for it rather than read an empty page
    await poll(() => page.locator('select[name=badgeServer] option').allTextContents()).toEqual(['All servers', first, second]);
    await page.getByRole('heading', { name: 'Servers' }).evaluate((el) => {
      const pane = el.closest('.settings')!;
      pane.scrollTop += el.getBoundingClientRect().top - pane.getBoundingClientRect().top - 8;
    });
    await shots(page, 'settings-servers-several');
    await page.keyboard.press('Escape');

    // the second server rejects its key: one line names it from On now, with its fix
    cabin.controls.revokeKey();
    await page.getByRole('tab', { name: 'On now' }).click();
    await page.getByRole('button', { name: 'Refresh' }).click();
    await poll(() => host.app.snapshot().servers.map((s) => s.connection.state).join()).toMatch(/unauthorized/);
    const line = page.locator('.trouble-line');
    await poll(() => line.count()).toBe(1);
    expect((await line.innerText()).replace(/\s+/g, ' ')).toBe(`${second}: key rejected · Fix`);
    // the shown server is live, but the footer does not say a plain green Live
    expect(await page.locator('.footer .dot').getAttribute('class')).not.toContain('dot-ok');
    expect(await page.locator('.footer-others').textContent()).toBe('another server needs attention');
    // the tab's count leaves out what it cannot vouch for, as the tray's badge does
    await poll(() => page.locator('.tab .count').textContent()).toBe('1+');
    await shots(page, 'servers-trouble-on-now');
    // the guide shows it too
    await page.getByRole('tab', { name: 'Guide' }).click();
    await poll(() => line.count()).toBe(1);

    // Fix: that server is shown, Settings opens on its key; a working key brings the user back to the guide
    await line.getByRole('button', { name: /Fix/ }).click();
    await poll(async () => (await focused(page)).name).toBe('apiKey');
    expect(host.app.snapshot().settings.selectedServer).toBe(host.app.snapshot().servers[1]!.id);
    expect(await rootScroll(page)).toEqual({ scrolled: 0, headerTop: 0, footerBottom: 560 });
    await page.fill('input[name=apiKey]', cabin.controls.regenerateKey());
    await page.getByRole('button', { name: 'Save' }).click();
    await poll(() => page.getByRole('tab', { name: 'Guide' }).getAttribute('aria-selected')).toBe('true');
    await poll(() => page.locator('.notice-ok').textContent()).toMatch(/live again/);
    await poll(() => line.count()).toBe(0);
    await poll(() => page.locator('.footer .dot').getAttribute('class')).toContain('dot-ok');
  });
});

describe('the tray menu', () => {
  it('"Fix the API key of Cabin…" shows Cabin and puts the cursor in its key field', async () => {
    const home = await e2e.demo({ seed: 7, channels: 8, viewers: 1, name: 'Home' });
    const cabin = await e2e.demo({ seed: 23, channels: 14, viewers: 1, name: 'Cabin' });
    const host = await e2e.preview({ servers: [{ url: home.url, apiKey: home.key }, { url: cabin.url, apiKey: cabin.key }] });
    await poll(() => host.app.snapshot().servers.filter((s) => s.connection.state === 'live' || s.connection.state === 'polling').length).toBe(2);
    const page = await openPopover(e2e.browser, `${host.url}/#guide`);
    await page.locator('.switcher-button').waitFor();
    cabin.controls.revokeKey();
    host.app.servers.refresh();
    const cabinId = host.app.snapshot().servers[1]!.id;
    await poll(() => host.app.trayView.menu.some((entry) => entry.id === `fix-key:${cabinId}`)).toBe(true);
    host.app.trayAction(host.app.trayView.menu.find((entry) => entry.id === `fix-key:${cabinId}`)!.action!);
    await poll(async () => (await focused(page)).name).toBe('apiKey');
    expect(await page.locator('.switcher-button').textContent()).toContain('Cabin');
    expect(await page.locator(`.server-entry[data-server="${cabinId}"] input[name=apiKey]`).count()).toBe(1);
    // a working key: back on the guide, live again
    await page.fill('input[name=apiKey]', cabin.controls.regenerateKey());
    await page.getByRole('button', { name: 'Save' }).click();
    await poll(() => page.getByRole('tab', { name: 'Guide' }).getAttribute('aria-selected')).toBe('true');
    await poll(() => page.locator('.notice-ok').textContent()).toMatch(/Cabin is live again/);
  });
});

describe('Settings reads like a desktop app', () => {
  it('has General, Notifications, Servers and Advanced; one place per server; no jargon; no glued labels; a demo key hint that agrees with itself', async () => {
    const host = await e2e.preview({ demo: true, demoOptions: { seed: 7, channels: 8, viewers: 2, churn: 0 } });
    const page = await openPopover(e2e.browser, host.url);
    await page.getByRole('button', { name: 'Settings' }).click();
    await page.getByRole('heading', { name: 'General' }).waitFor();
    expect(await page.locator('.settings > section > h2').allTextContents()).toEqual(['General', 'Notifications', 'Servers', 'Advanced']);
    // polling and the stream alert are under Advanced
    const advanced = page.getByRole('region', { name: 'Advanced' });
    expect(await advanced.getByRole('spinbutton', { name: /Check every/ }).count()).toBe(1);
    expect(await advanced.getByRole('checkbox', { name: /live updates/ }).count()).toBe(1);
    const text = (await page.locator('.settings').innerText()).replace(/\s+/g, ' ');
    expect(text).not.toMatch(/too full/);
    // the demo's key hint does not tell the user both that no key is needed and to go and make one as if it were
    const hint = await page.locator('#key-help').textContent();
    expect(hint).toMatch(/^The demo needs no key\./);
    expect(hint).not.toMatch(/No key saved|Saved, /);
    // "Someone not listed" is a visible label of its own, not read into the button
    const label = page.locator('label[for=muted-other]');
    expect(await label.isVisible()).toBe(true);
    expect(await page.getByRole('button', { name: 'Add name' }).count()).toBe(1);
    // and the field and its button stand apart
    const field = (await page.locator('#muted-other').boundingBox())!;
    const add = (await page.getByRole('button', { name: 'Add name' }).boundingBox())!;
    expect(add.x - (field.x + field.width)).toBeGreaterThanOrEqual(6);
    // the shortcut: no field while it is off; key caps while on
    expect(await page.locator('.shortcut-keys').count()).toBe(0);
    // the box follows the saved setting (a controlled input): click, then wait for the core to have it
    await page.getByRole('checkbox', { name: /keyboard shortcut/ }).click();
    await poll(() => host.app.snapshot().settings.shortcut.enabled).toBe(true);
    await poll(() => page.locator('.shortcut-keys .keycap').allTextContents()).toEqual(['Ctrl', 'Shift', 'A']);
    await page.locator('.settings').evaluate((el) => (el.scrollTop = 0));
    await shots(page, 'settings-general');
    await page.getByRole('heading', { name: 'Notifications' }).evaluate((el) => {
      const pane = el.closest('.settings')!;
      pane.scrollTop += el.getBoundingClientRect().top - pane.getBoundingClientRect().top - 8;
    });
    await shots(page, 'settings-notifications');
    await page.getByRole('heading', { name: 'Servers' }).evaluate((el) => {
      const pane = el.closest('.settings')!;
      pane.scrollTop += el.getBoundingClientRect().top - pane.getBoundingClientRect().top - 8;
    });
    await shots(page, 'settings-servers-demo');
  });

  it('on first run, the key hint does not say "No key saved"', async () => {
    const host = await e2e.preview();
    const page = await openPopover(e2e.browser, host.url);
    await page.getByRole('heading', { name: 'Connect to your Airwave server' }).waitFor();
    expect(await page.locator('#key-help').textContent()).toBe('Create a key in Airwave under “Settings → API Keys” and paste it here.');
  });
});

describe('set-up words', () => {
  it('https:// to a plain-HTTP port offers the http:// address in one click, and never blames a certificate', async () => {
    const demo = await e2e.demo({ viewers: 1 });
    const host = await e2e.preview();
    const page = await openPopover(e2e.browser, host.url);
    await page.getByRole('heading', { name: 'Connect to your Airwave server' }).waitFor();
    await page.fill('input[name=server]', demo.url.replace('http://', 'https://'));
    await page.fill('input[name=apiKey]', demo.key);
    await page.getByRole('button', { name: 'Test connection' }).click();
    const headline = page.locator('.probe > p');
    await poll(() => headline.textContent()).toMatch(/answers plain HTTP, not HTTPS/);
    const all = (await page.locator('.probe').innerText()).replace(/\s+/g, ' ');
    expect(all).not.toMatch(/certificate/i);
    await shots(page, 'first-run-https-plain');
    await page.getByRole('button', { name: `Use ${demo.url}` }).click();
    await poll(() => page.locator('input[name=server]').inputValue()).toBe(demo.url);
    await poll(() => headline.textContent()).toMatch(/^Test passed\./);
  });

  it('a pasted web-app page is retried at the origin and offered; a wrong key says Airwave did not accept it, with no header names', async () => {
    const demo = await e2e.demo({ viewers: 1 });
    const host = await e2e.preview();
    const page = await openPopover(e2e.browser, host.url);
    await page.getByRole('heading', { name: 'Connect to your Airwave server' }).waitFor();
    await page.fill('input[name=server]', `${demo.url}/web/index.html`);
    await page.fill('input[name=apiKey]', 'airwave_wrong');
    await page.getByRole('button', { name: 'Test connection' }).click();
    const headline = page.locator('.probe > p');
    await poll(() => headline.textContent()).toMatch(/web page/);
    await page.getByRole('button', { name: `Use ${demo.url}` }).click();
    await poll(() => page.locator('input[name=server]').inputValue()).toBe(demo.url);
    // now the key: Airwave's own words, no X-API-Key or Authorization
    await poll(() => headline.textContent()).toMatch(/did not accept the API key/);
    const words = (await page.locator('.probe').innerText()).replace(/\s+/g, ' ');
    expect(words).toMatch(/Airwave did not accept this key/);
    expect(words).not.toMatch(/X-API-Key|Authorization|Bearer|header/i);
    await shots(page, 'first-run-key-rejected');
  });

  it('the found local server shows its address as text', async () => {
    const local = await e2e.demo({ viewers: 0, name: 'Desk' });
    const host = await e2e.preview({ app: { findLocalServer: async () => ({ url: local.url, name: 'Desk' }) } });
    const page = await openPopover(e2e.browser, host.url);
    const offer = page.locator('.local-offer');
    await poll(() => offer.locator('.local-offer-address').textContent()).toBe(local.url);
    expect(await offer.locator('.local-offer-address').isVisible()).toBe(true);
    await shots(page, 'first-run-local-offer');
  });

  it('a channel number that does not exist says "No channel 999" and the range, under a plain heading', async () => {
    const host = await e2e.preview({ demo: true, demoOptions: { seed: 7, channels: 12, viewers: 1, churn: 0 } });
    const page = await openPopover(e2e.browser, `${host.url}/#on-now`);
    await page.locator('.channel-row').first().waitFor();
    await page.keyboard.type('999');
    const sheet = page.getByRole('dialog', { name: 'No channel 999' });
    await sheet.waitFor();
    await poll(() => sheet.getByRole('alert').textContent()).toBe("This server's channels run from 101 to 112 (12 channels).");
    expect(await sheet.getByRole('heading').textContent()).toBe('No channel 999');
    expect(await sheet.locator('.channel-heading, .channel-icon, .channel-number').count()).toBe(0);
    await shots(page, 'channel-none');
  });
});
