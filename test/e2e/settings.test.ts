/// <reference lib="dom" />
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { focused, openPopover, screenshot } from '../support/browser';
import { e2eSetup, poll } from './setup';
import { CATALOGUES } from '../../src/shared/i18n/catalogues';

// First run and Settings: where focus starts, what a test result says, the recorded shortcut,
// muted names from viewers seen, leaving the demo, and "Fix the key".
const e2e = e2eSetup();

/** A plain web server that answers 404 to everything, like a NAS's web page on the wrong port. */
async function plainWebServer(): Promise<{ url: string; close: () => Promise<void> }> {
  const server: Server = createServer((_req, res) => {
    res.writeHead(404, { 'content-type': 'text/html' });
    res.end('<h1>Not Found</h1>');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return { url: `http://127.0.0.1:${port}`, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

describe('first run', () => {
  it('focuses the address, keeps the auth style under Advanced, and says whether the test passed', async () => {
    const demo = await e2e.demo({ viewers: 1 });
    const host = await e2e.preview();
    const page = await openPopover(e2e.browser, host.url);
    await page.getByRole('heading', { name: 'Connect to your Airwave server' }).waitFor();
    await poll(async () => (await focused(page)).name).toBe('server');
    expect(await page.locator('select[name=authStyle]').isVisible()).toBe(false);
    await screenshot(page, 'first-run-light');

    const web = await plainWebServer();
    try {
      await page.fill('input[name=server]', web.url);
      await page.fill('input[name=apiKey]', demo.key);
      await page.getByRole('button', { name: 'Test connection' }).click();
      const headline = page.locator('.probe > p');
      await poll(() => headline.textContent()).toMatch(/^Test failed\./);
      const steps = await page.locator('.step').allTextContents();
      expect(steps.join('\n')).not.toMatch(/✕\s*Reachable/); // it was reached: what is missing is the API
      expect(steps.join('\n')).toMatch(/Airwave API/);
      // each piece of advice once
      const fixes = await page.locator('.step-fix').allTextContents();
      expect(new Set(fixes).size).toBe(fixes.length);
      const headlineText = (await headline.textContent())!;
      for (const fix of fixes) expect(headlineText).not.toContain(fix.trim());
      // the failing step is in view, above the 560 px edge
      const failing = await page.locator('.step-fail').first().boundingBox();
      expect(failing!.y + failing!.height).toBeLessThanOrEqual(560);
      await screenshot(page, 'first-run-not-airwave-light');
      await page.emulateMedia({ colorScheme: 'dark' });
      await screenshot(page, 'first-run-not-airwave-dark');
      await page.emulateMedia({ colorScheme: 'light' });
    } finally {
      await web.close();
    }

    // a port nothing listens on: the advice is given once, not in the error and again as the fix
    const closed = await plainWebServer();
    await closed.close();
    await page.fill('input[name=server]', closed.url);
    await page.getByRole('button', { name: 'Test connection' }).click();
    await poll(() => page.locator('.step-fail').textContent()).toMatch(/Nothing is listening/);
    const step = (await page.locator('.step-fail').textContent())!;
    expect(step).toMatch(/check the address and port/);
    expect(step).not.toMatch(/Check that the server is running/);

    await page.fill('input[name=server]', demo.url);
    await page.getByRole('button', { name: 'Test connection' }).click();
    await poll(() => page.locator('.probe > p').textContent()).toMatch(/^Test passed\./);
    // one session is singular
    expect(await page.locator('.step', { hasText: 'Status' }).textContent()).toMatch(/\b1 active session(?!s)/);
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('tab', { name: /Watching/ }).waitFor();
    await page.locator('.settings-gear, [aria-label=Settings]').first().click();
    await page.getByRole('heading', { name: 'Notifications' }).waitFor();
    // one confirmation, not two green boxes
    expect(await page.locator('.inline-ok').count()).toBeLessThanOrEqual(1);
  });
});

describe('first run in German', () => {
  it('a failed test says the finding and the fix once each, both in German (no advice cut from an English sentence)', async () => {
    const host = await e2e.preview({ languages: ['de'] });
    const page = await openPopover(e2e.browser, host.url);
    const closed = await plainWebServer();
    await closed.close();
    await page.locator('input[name=server]').waitFor();
    await page.fill('input[name=server]', closed.url);
    await page.fill('input[name=apiKey]', 'airwave_0123456789abcdef');
    await page.getByRole('button', { name: 'Verbindung testen' }).click();
    await poll(() => page.locator('.step-fail').textContent()).toMatch(/lauscht nichts \(Verbindung abgelehnt\)\./);
    const step = (await page.locator('.step-fail').textContent())!;
    expect(step).toMatch(/Starten Sie den Airwave-Server/);
    // the client's own advice is not said beside the step's fix
    expect(step).not.toMatch(/Prüfen Sie, ob der Server läuft/);
    await screenshot(page, 'first-run-refused-de-light');
    await page.emulateMedia({ colorScheme: 'dark' });
    await screenshot(page, 'first-run-refused-de-dark');
  });
});

describe('settings', () => {
  it('records the shortcut from key presses and refuses what is not a shortcut', async () => {
    const host = await e2e.preview({ demo: true, demoOptions: { seed: 7, channels: 8, viewers: 2, churn: 0 } });
    const page = await openPopover(e2e.browser, host.url, 'dark');
    await page.getByRole('button', { name: 'Settings' }).click();
    await page.getByRole('heading', { name: 'General' }).waitFor(); // Settings loads with its first opening
    // the field is hidden while the shortcut is off
    expect(await page.getByRole('button', { name: /Shortcut Record/ }).count()).toBe(0);
    // the box follows the saved setting (a controlled input): click, then wait for the core to have it
    await page.getByRole('checkbox', { name: /keyboard shortcut/ }).click();
    await poll(() => host.app.snapshot().settings.shortcut.enabled).toBe(true);
    const record = page.getByRole('button', { name: /Shortcut Record/ });
    await record.click();
    await page.keyboard.press('Control+Shift+KeyK');
    await poll(() => host.app.snapshot().settings.shortcut.accelerator).toBe('CommandOrControl+Shift+K');
    // shown as key caps, as this platform prints them
    await poll(() => page.locator('.shortcut-keys').getAttribute('aria-label')).toBe('Ctrl+Shift+K');
    expect(await page.locator('.shortcut-keys .keycap').allTextContents()).toEqual(['Ctrl', 'Shift', 'K']);
    // a key without a modifier is refused with a reason, and the saved one stays
    await record.click();
    await page.keyboard.press('KeyB');
    await poll(() => page.getByRole('alert').textContent()).toMatch(/needs a modifier/);
    expect(host.app.snapshot().settings.shortcut.accelerator).toBe('CommandOrControl+Shift+K');
    // Escape cancels recording without closing anything else
    await record.click();
    await page.keyboard.press('Escape');
    await poll(() => record.getAttribute('aria-pressed')).toBe('false');
    await screenshot(page, 'settings-dark');
  });

  it.each([
    ['de', /Tastenkürzel/, 'Tastenkürzel Aufnehmen', /^„B“ kann nicht verwendet werden: Ein globales Tastenkürzel braucht eine Sondertaste \(Ctrl, Alt, Shift oder Command\)/],
    ['fr', /raccourci clavier/, 'Raccourci Saisir', /^«\u202fB\u202f» ne peut pas être utilisé\u00a0: un raccourci global a besoin d’une touche de modification/],
  ] as const)('in %s, a refused shortcut is one sentence of that language (settings.shortcutProblem)', async (locale, toggle, recordName, sentence) => {
    const host = await e2e.preview({ demo: true, languages: [locale], demoOptions: { seed: 7, channels: 8, viewers: 2, churn: 0 } });
    const page = await openPopover(e2e.browser, host.url);
    await page.getByRole('button', { name: CATALOGUES[locale].common.settings, exact: true }).click();
    await page.getByRole('checkbox', { name: toggle }).click();
    await poll(() => host.app.snapshot().settings.shortcut.enabled).toBe(true);
    await page.getByRole('button', { name: recordName }).click();
    await page.keyboard.press('KeyB');
    await poll(() => page.getByRole('alert').textContent()).toMatch(sentence);
    const said = (await page.getByRole('alert').textContent())!;
    // no English left, nothing glued before it ("B: …")
    expect(said).not.toMatch(/cannot be used|modifier|^B:/);
    await page.getByRole('alert').scrollIntoViewIfNeeded();
    await screenshot(page, `settings-shortcut-refused-${locale}`);
  });

  it('offers the viewers seen as muted names, and says the check interval is unused while live', async () => {
    const host = await e2e.preview({ demo: true, demoOptions: { seed: 7, channels: 8, viewers: 2, churn: 0 } });
    const page = await openPopover(e2e.browser, host.url);
    await poll(() => page.locator('li.card').count()).toBe(2);
    const user = host.app.snapshot().nowPlaying.data![0]!.user;
    await page.getByRole('button', { name: 'Settings' }).click();
    await poll(() => page.locator('.footer-state').textContent()).toMatch(/Live/);
    expect(await page.locator('#poll-hint').textContent()).toMatch(/not checking on a timer/);
    await page.getByRole('group', { name: 'Never tell me about' }).getByRole('checkbox', { name: user }).check();
    await poll(() => host.app.snapshot().settings.notifications.mutedUsers).toEqual([user]);
    await page.getByPlaceholder('Another name').fill('Zed');
    await page.keyboard.press('Enter');
    await poll(() => host.app.snapshot().settings.notifications.mutedUsers).toEqual([user, 'Zed']);
    await screenshot(page, 'settings-light');
  });

  it("shows a name muted for a day from a notification's button, with its end, and unmutes it", async () => {
    const host = await e2e.preview({ demo: true, demoOptions: { seed: 7, channels: 8, viewers: 0, churn: 0 } });
    const page = await openPopover(e2e.browser, host.url);
    await poll(() => page.locator('.footer-state').textContent()).toMatch(/Live/);
    const channel = host.demo!.controls.listChannels().find((c) => !c.empty)!.number;
    host.demo!.controls.startSession({ user: 'James', channelNumber: channel });
    // a start is said as soon as the app knows (notifications/storms.ts)
    await expect.poll(() => host.app.notifications.find((n) => n.subject?.kind === 'viewers'), { timeout: 10_000, interval: 200 }).toBeDefined();
    const note = host.app.notifications.find((n) => n.subject?.kind === 'viewers')!;
    expect(note.buttons?.map((b) => b.label)).toEqual(['Open', 'Mute James for a day', 'Always mute James', 'James’s history']);
    expect(host.app.notificationAction(note.id, 'mute-day')).toBe('mute');
    await page.getByRole('button', { name: 'Settings' }).click();
    const line = page.locator('.muted-day li');
    await poll(() => line.count()).toBe(1);
    expect(await line.locator('span').textContent()).toMatch(/^James: muted until .+ tomorrow$/);
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      await line.scrollIntoViewIfNeeded();
      await screenshot(page, `settings-muted-for-a-day-${scheme}`);
    }
    await page.getByRole('button', { name: 'Unmute James' }).click();
    await poll(() => host.app.snapshot().settings.notifications.mutedUntil).toEqual([]);
    await poll(() => line.count()).toBe(0);
  });

  it('leaves the demo', async () => {
    const host = await e2e.preview({ demo: true, demoOptions: { seed: 7, channels: 8, viewers: 1, churn: 0 } });
    const page = await openPopover(e2e.browser, host.url);
    await page.getByRole('button', { name: 'Settings' }).click();
    await page.getByRole('button', { name: 'Leave demo' }).click();
    await page.getByRole('heading', { name: 'Connect to your Airwave server' }).waitFor();
    expect(host.app.snapshot().settings.demo).toBe(false);
    await poll(async () => (await focused(page)).name).toBe('server');
  });

  it('"Fix the key" opens Settings with focus in the key field', async () => {
    const demo = await e2e.demo();
    const host = await e2e.preview({ server: demo.url, apiKey: demo.key });
    const page = await openPopover(e2e.browser, host.url);
    await poll(() => page.locator('li.card').count()).toBe(2);
    demo.controls.revokeKey();
    await page.getByRole('button', { name: 'Refresh' }).click();
    await page.getByRole('button', { name: 'Fix the key' }).click();
    await poll(async () => (await focused(page)).name).toBe('apiKey');
    await screenshot(page, 'fix-key-light');
  });
});
