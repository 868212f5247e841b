import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { TEXT_LIMITS } from '../../src/shared/text';
import { startCoreHarness, type CoreHarness } from '../support/core-harness';

/**
 * A server's words are bounded where they enter the app and made harmless where they are shown:
 * a 4 MB viewer name full of escape sequences must reach the notification, the tray and the
 * activity log cut to size and without a control or bidi character (issue 28, item 6 and 7).
 */

// eslint-disable-next-line no-control-regex -- the point of the test
const UNSAFE = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/;
const hostile = (tag: string) => `${tag}\u202e\u001b]52;c;ZXZpbA==\u0007\u001b[2J${'x'.repeat(4 * 1024 * 1024)}`;

describe('hostile text from a server', () => {
  let h: CoreHarness | undefined;
  let dataDir = '';
  afterEach(async () => {
    await h?.close();
    h = undefined;
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('reaches the notification, the tray and the activity log bounded and without control characters', async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'airwave-hostile-text-'));
    h = await startCoreHarness({ demo: { viewers: 0 }, app: { dataDir } });
    await h.connect();
    await h.runFor(5_000);
    h.demo.controls.startSession({ user: hostile('Mallory'), model: hostile('Phone'), platform: hostile('os') });
    await h.until(() => h!.notifications.length > 0, { stepMs: 1_000, maxSteps: 120, what: 'a notification' });

    const [note] = h.notifications;
    expect(note!.title.length).toBeLessThanOrEqual(TEXT_LIMITS.notificationTitle);
    expect(note!.body.length).toBeLessThanOrEqual(TEXT_LIMITS.notificationBody);
    // cleaned where it entered (cleanServerText): the OSC 52 sequence goes with its payload
    expect(note!.title).toContain('Malloryxxx');
    expect(note!.title).not.toContain('52;c;');
    expect(`${note!.title}\n${note!.body}`).not.toMatch(UNSAFE);

    const tray = h.app.trayView;
    expect(tray.tooltip.length).toBeLessThanOrEqual(TEXT_LIMITS.tooltip);
    expect(tray.tooltip).not.toMatch(UNSAFE);

    // what the app keeps of the viewer is the bounded name, not 4 MB
    const viewer = h.app.store.state.nowPlaying.data?.find((entry) => entry.user.startsWith('Mallory'));
    expect(viewer?.user.length).toBe(TEXT_LIMITS.name);
    await h.runFor(5_000);
    const bytes = readdirSync(dataDir).reduce((sum, name) => sum + statSync(join(dataDir, name)).size, 0);
    expect(bytes).toBeLessThan(64 * 1024);
  });
});
