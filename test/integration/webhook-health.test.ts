import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { AppController } from '../../src/main/core/app';
import { WEBHOOK_CHECK_EVERY_MS, WEBHOOK_FIRST_CHECK_MS, WEBHOOK_SETTINGS_GAP_MS } from '../../src/main/core/features/webhook-check';
import type { NotificationRequest } from '../../src/main/core/viewers/notify-policy';
import { sleep, type CoreHarness, type HarnessOptions } from '../support/core-harness';
import { useCoreHarness } from '../support/use-core-harness';

// Webhook health in the whole core against the demo server (Airwave's own profile) over loopback,
// on the fake clock: an endpoint the server turned off is told once (per time it was turned off,
// across restarts), in words that name it without its URL's path; a viewer's key is refused once
// and never asked again until the key changes; Settings opened again and again is held to the
// flood guard; a stage before webhooks, and the alert turned off, never ask.

const core = useCoreHarness('airwave-webhooks');
const HOUR = 60 * 60_000;
const connected = (options: HarnessOptions = {}, dataDir?: string) => core.connected({ ...options, demo: { profile: 'airwave', ...options.demo } }, dataDir);
const tempDir = core.tempDir;

const hookRequests = (harness: CoreHarness) => harness.apiRequests()['/webhooks'] ?? 0;
const webhookNotes = (notes: readonly NotificationRequest[]) => notes.filter((n) => n.id.startsWith('health-webhook-'));

/** Steps the fake clock (letting loopback answers land) until `check` holds; bounded. */
async function until(harness: CoreHarness, check: () => boolean, what: string, stepMs = 5_000): Promise<void> {
  for (let i = 0; i < 400; i++) {
    if (check()) return;
    harness.clock.advance(stepMs);
    await sleep(i < 5 ? 1 : 5);
  }
  throw new Error(`timed out waiting for ${what}`);
}

/** Lets whatever was sent land (real time only), so a request that should not be there would be counted. */
const landed = () => sleep(60);

describe('a webhook the server turned off, with an admin key', () => {
  it('is told once, not again an hour later nor after a restart, and again when turned off anew', { timeout: 60_000 }, async () => {
    const dataDir = tempDir();
    const harness = await connected({}, dataDir);
    const name = harness.app.store.state.server!.name!;
    await until(harness, () => hookRequests(harness) === 1, 'the first check');
    expect(webhookNotes(harness.notifications)).toEqual([]);

    harness.demo.controls.setWebhookEnabled('wh_home_assistant', false, 'Disabled after 15 consecutive failed deliveries.');
    harness.clock.advance(HOUR - 10_000);
    await landed();
    expect(hookRequests(harness)).toBe(1); // hourly: not before the hour is up
    await until(harness, () => webhookNotes(harness.notifications).length > 0, 'the notification');
    expect(hookRequests(harness)).toBe(2);
    expect(webhookNotes(harness.notifications)).toEqual([
      expect.objectContaining({
        title: `${name} turned off the webhook “Home Assistant”`,
        body: 'Airwave said: “Disabled after 15 consecutive failed deliveries.” Re-enable it in Airwave under “Settings → Webhooks”.',
        target: { view: 'settings' },
      }),
    ]);

    // the next hourly check reads it still disabled: nothing new
    await until(harness, () => hookRequests(harness) === 3, 'the next hourly check', 60_000);
    await landed();
    expect(webhookNotes(harness.notifications)).toHaveLength(1);
    const saved = JSON.parse(readFileSync(join(dataDir, 'health.json'), 'utf8')) as { webhooks: string[][] };
    expect(saved.webhooks).toEqual([[expect.any(String), 'wh_home_assistant', harness.demo.controls.webhooks()[0]!.disabledAt]]);

    // a restart with the same data folder remembers it
    await harness.app.close();
    const app = new AppController({ clock: harness.clock, settings: harness.settings, dataDir, random: () => 0.5, minuteOfDay: () => 12 * 60 });
    core.closeAfter(app);
    const notes: NotificationRequest[] = [];
    app.onNotification((n) => notes.push(n));
    await app.start();
    await until(harness, () => hookRequests(harness) === 4, 'the check after the restart');
    await landed();
    expect(webhookNotes(notes)).toEqual([]);

    // re-enabled in Airwave, later turned off again (a new disabledAt): told again
    harness.demo.controls.setWebhookEnabled('wh_home_assistant', true);
    await until(harness, () => hookRequests(harness) === 5, 'the check while enabled', 60_000);
    harness.demo.controls.setWebhookEnabled('wh_home_assistant', false, 'Disabled after 15 consecutive failed deliveries.');
    await until(harness, () => webhookNotes(notes).length > 0, 'the second notification', 60_000);
    expect(hookRequests(harness)).toBe(6);
    expect(webhookNotes(notes)).toHaveLength(1);
    expect(webhookNotes(notes)[0]!.title).toContain('“Home Assistant”');
  });

  it('names an endpoint without a description by its host alone, and says why in short when the server does not', async () => {
    const harness = await connected();
    harness.demo.controls.setWebhookEnabled('wh_logger', false, '');
    await until(harness, () => webhookNotes(harness.notifications).length > 0, 'the notification');
    const [note] = webhookNotes(harness.notifications);
    expect(note!.title).toMatch(/ turned off the webhook “hooks\.example\.net”$/);
    expect(note!.body).toBe('Airwave turned it off after repeated failed deliveries. Re-enable it in Airwave under “Settings → Webhooks”.');
    expect(`${note!.title} ${note!.body}`).not.toContain('/airwave/log');
    expect(`${note!.title} ${note!.body}`).not.toContain(harness.demo.key);
  });

  it('says nothing, and asks nothing, while its alert is off', async () => {
    const harness = await connected();
    const off = await harness.app.handlers.updateFeatureSettings({ health: { webhookDisabled: false } });
    expect(off).toMatchObject({ ok: true, value: { health: { webhookDisabled: false } } });
    harness.demo.controls.setWebhookEnabled('wh_home_assistant', false);
    for (let i = 0; i < 3; i++) {
      await harness.app.handlers.settingsOpened({});
      harness.clock.advance(HOUR);
      await landed();
    }
    expect(hookRequests(harness)).toBe(0);
    expect(webhookNotes(harness.notifications)).toEqual([]);
  });
});

describe('asking /webhooks', () => {
  it('holds Settings opened 50 times in a minute to the flood guard: one request', async () => {
    expect(WEBHOOK_SETTINGS_GAP_MS).toBe(60_000);
    const harness = await connected();
    await until(harness, () => hookRequests(harness) === 1, 'the first check');
    harness.clock.advance(WEBHOOK_SETTINGS_GAP_MS);
    for (let i = 0; i < 50; i++) {
      await harness.app.handlers.settingsOpened({});
      await sleep(2);
      harness.clock.advance(1_000); // 50 opens within 50 s
    }
    await landed();
    expect(hookRequests(harness)).toBe(2);
    // once the gap has passed, Settings asks again
    harness.clock.advance(WEBHOOK_SETTINGS_GAP_MS);
    await harness.app.handlers.settingsOpened({});
    await until(harness, () => hookRequests(harness) === 3, 'the check after the gap', 1);
  });

  it('with a viewer’s key: one 403 in hours of checks and Settings opens; a new (admin) key resumes the checks', { timeout: 30_000 }, async () => {
    const harness = await connected({ viewerKey: true });
    await until(harness, () => hookRequests(harness) === 1, 'the first check');
    for (let i = 0; i < 5; i++) {
      await harness.app.handlers.settingsOpened({});
      harness.clock.advance(HOUR);
      await landed();
    }
    expect(hookRequests(harness)).toBe(1);
    // the 403 cost nothing else: the connection follows the server (an hour's jump of the clock may
    // have left a silent stream reconnecting, so it is given a few seconds of its clock to settle)
    await until(harness, () => /live|polling/.test(harness.app.store.state.connection.state), 'the connection to follow the server', 1_000);
    expect(hookRequests(harness)).toBe(1);

    // the key is replaced by the admin's
    const result = await harness.app.handlers.connect({ server: harness.demo.url, apiKey: harness.demo.key, authStyle: 'x-api-key' });
    expect(result.saved).toBe(true);
    harness.demo.controls.setWebhookEnabled('wh_home_assistant', false);
    await until(harness, () => webhookNotes(harness.notifications).length > 0, 'the notification with the admin key');
    expect(hookRequests(harness)).toBe(2);
    expect(harness.app.snapshot().webhookNotes).toEqual([expect.objectContaining({ name: 'Home Assistant' })]);

    // back to a viewer's key: Settings no longer shows what the admin's key read
    const back = await harness.app.handlers.connect({ server: harness.demo.url, apiKey: harness.demo.viewerKey, authStyle: 'x-api-key' });
    expect(back.saved).toBe(true);
    await until(harness, () => harness.app.snapshot().webhookNotes.length === 0, 'the notes to go with the admin key');
  });

  it('never asks a server before webhooks (Airwave 0.14.70)', async () => {
    const harness = await connected({ demo: { serverVersion: '0.14.70' } });
    for (let i = 0; i < 4; i++) {
      await harness.app.handlers.settingsOpened({});
      harness.clock.advance(HOUR);
      await landed();
    }
    expect(hookRequests(harness)).toBe(0);
  });

  it('asks Airwave 0.14.71, which has webhooks but no OpenAPI document, at the first check', async () => {
    const harness = await connected({ demo: { serverVersion: '0.14.71' } });
    expect(harness.app.store.state.routes).toBeNull();
    harness.clock.advance(WEBHOOK_FIRST_CHECK_MS - 1_000);
    await landed();
    expect(hookRequests(harness)).toBe(0);
    await until(harness, () => hookRequests(harness) === 1, 'the first check', 1_000);
    harness.clock.advance(WEBHOOK_CHECK_EVERY_MS - 2_000);
    await landed();
    expect(hookRequests(harness)).toBe(1);
  });
});
