import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { AppController } from '../../src/main/core/app';
import { openSettingsDir, plainSecretBox, SettingsService } from '../../src/main/core/settings/settings';
import type { CoreHarness } from '../support/core-harness';
import { useCoreHarness } from '../support/use-core-harness';

// Issue 28 (8): a settings file that was reset (or a server removed and added back) must not
// orphan what the features keep under the server's id. The same server (same instanceId) gets the
// same id again, so its favourites come back with it.

const core = useCoreHarness('airwave-readopt');
const tempDir = core.tempDir;
let h: CoreHarness | null = null;

describe('re-adopting features by instanceId', () => {
  it('favourites starred before the settings were reset are there again when the same server is added back', async () => {
    const dataDir = tempDir();
    h = await core.start({ app: { dataDir } });
    await h.app.start();
    await h.connect();
    const before = h.settings.selected()!;
    expect(before.instanceId).not.toBeNull();
    const channel = h.demo.controls.listChannels()[0]!;
    const starred = await h.app.handlers.setFavourite({ channelId: channel.id, channelNumber: channel.number, channelName: channel.name, favourite: true });
    expect(starred).toMatchObject({ ok: true, value: [{ channelId: channel.id, server: before.id }] });
    await h.app.close();

    // the settings file is lost; the features' files stay
    const settingsDir = tempDir();
    rmSync(join(h.dataDir, 'settings.json'), { force: true });
    const settings = new SettingsService(openSettingsDir(settingsDir).backend, plainSecretBox);
    const app = new AppController({ clock: h.clock, settings, dataDir, random: () => 0.5, minuteOfDay: () => 12 * 60 });
    core.closeAfter(app);
    await app.start();
    const added = await app.handlers.addServer({ server: h.demo.url, apiKey: h.demo.key, authStyle: 'x-api-key' });
    expect(added).toMatchObject({ kind: 'added', id: before.id });
    expect(app.snapshot().favourites).toMatchObject([{ channelId: channel.id, server: before.id }]);
  });

  it('a server without an instanceId still gets an id of its own, and two entries never share one', async () => {
    const settings = new SettingsService(openSettingsDir(tempDir()).backend, plainSecretBox);
    const a = settings.addServer({ address: 'http://127.0.0.1:1', apiKey: 'k1', authStyle: 'x-api-key', instanceId: null });
    const b = settings.addServer({ address: 'http://127.0.0.1:2', apiKey: 'k2', authStyle: 'x-api-key', instanceId: null });
    const c = settings.addServer({ address: 'http://127.0.0.1:3', apiKey: 'k3', authStyle: 'x-api-key', instanceId: 'same' });
    const d = settings.addServer({ address: 'http://127.0.0.1:4', apiKey: 'k4', authStyle: 'x-api-key', instanceId: 'same' });
    expect(new Set([a, b, c, d]).size).toBe(4);
    for (const id of [a, b, c, d]) expect(id).toMatch(/^srv-[0-9a-f]{10,16}$/);
  });
});
