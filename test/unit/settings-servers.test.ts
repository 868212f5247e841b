import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openSettingsDir, plainSecretBox, SettingsService } from '../../src/main/core/settings/settings';
import { useTempDirs } from '../support/temp-dirs';

// Issue 19: the settings hold a list of servers; a damaged entry costs only that entry.

const tempDir = useTempDirs('airwave-settings-servers');
const NOW = Date.parse('2026-11-24T01:00:00.000Z');
const sealed = (key: string) => ({ data: Buffer.from(key).toString('base64'), protection: 'plain' });

function open(content: object) {
  const dir = tempDir();
  writeFileSync(join(dir, 'settings.json'), JSON.stringify(content));
  const opened = openSettingsDir(dir, NOW);
  return { dir, settings: new SettingsService(opened.backend, plainSecretBox), notices: opened.notices };
}

const entry = (id: string, name: string, address: string, key: string) => ({
  id,
  name,
  address,
  addresses: [address],
  instanceId: `inst_${id}`,
  apiKey: sealed(key),
  authStyle: 'x-api-key',
  paused: false,
});

describe('the server list in the settings', () => {
  it('drops only a damaged entry, mends one with a damaged key, and says which', () => {
    const { settings, notices, dir } = open({
      servers: [
        entry('srv-home', 'Home', 'http://home.local:36020', 'aw_home'),
        { id: 'srv-bad', name: 'Broken', address: 'not a url at all', apiKey: sealed('aw_broken') },
        { ...entry('srv-cabin', 'Cabin', 'http://cabin.local:36020', 'x'), apiKey: { data: '!!!', protection: 'plain' } },
        42,
      ],
      selectedServer: 'srv-cabin',
      pollSeconds: 30,
    });
    expect(settings.servers.map((s) => s.name)).toEqual(['Home', 'Cabin']);
    expect(settings.keyOf('srv-home')).toBe('aw_home');
    expect(settings.entry('srv-cabin')).toMatchObject({ address: 'http://cabin.local:36020', apiKey: null, instanceId: 'inst_srv-cabin' });
    expect(settings.view()).toMatchObject({ selectedServer: 'srv-cabin', hasKey: false, pollSeconds: 30 });
    expect(notices).toHaveLength(1);
    expect(notices[0]!.text).toMatch(/^In the settings file, server 2 \(Broken\), the API key of server 3 \(Cabin\) and server 4 could not be read and were left out \(add a server or paste its key again in Settings\); everything else was kept\./);
    expect(notices[0]!.text).toContain(join(dir, `settings.damaged-${NOW}.json`));
  });

  it('a list that is not a list is set aside whole; the rest of the file stays', () => {
    const { settings, notices } = open({ servers: { id: 'srv-x' }, pollSeconds: 60 });
    expect(settings.servers).toEqual([]);
    expect(settings.values.pollSeconds).toBe(60);
    expect(notices[0]!.text).toMatch(/servers was not usable/);
  });

  it('adds, renames, pauses, re-addresses and removes servers; the selection and the badge move on with a removal', () => {
    const { settings } = open({});
    const home = settings.addServer({ address: 'http://home.local:36020', apiKey: 'aw_home', authStyle: 'x-api-key', instanceId: 'inst_1' });
    const cabin = settings.addServer({ address: 'http://cabin.local:36020', apiKey: 'aw_cabin', authStyle: 'bearer', name: '  Cabin  ' });
    expect(settings.view().selectedServer).toBe(home); // the first added is selected
    expect(settings.servers.map((s) => s.name)).toEqual(['home.local:36020', 'Cabin']);
    expect(settings.updateServer(home, { name: 'Home', paused: true, addAddress: 'http://192.168.1.10:36020' })).toBe(true);
    expect(settings.updateServer(home, { address: 'http://192.168.1.10:36020' })).toBe(true);
    expect(settings.entry(home)).toMatchObject({ name: 'Home', paused: true, address: 'http://192.168.1.10:36020', addresses: ['http://192.168.1.10:36020', 'http://home.local:36020'] });
    expect(settings.selectServer(cabin)).toBe(true);
    settings.update({ badgeServer: cabin }, NOW);
    expect(settings.view()).toMatchObject({ selectedServer: cabin, badgeServer: cabin, server: 'http://cabin.local:36020', authStyle: 'bearer' });
    settings.update({ badgeServer: 'srv-unknown' }, NOW);
    expect(settings.view().badgeServer).toBeNull(); // only a listed server can be the badge's
    settings.update({ badgeServer: cabin }, NOW);
    expect(settings.removeServer(cabin)).toBe(true);
    expect(settings.view()).toMatchObject({ selectedServer: home, badgeServer: null });
    expect(settings.allKeys()).toEqual(['aw_home']);
    expect(settings.removeServer(cabin)).toBe(false);
  });
});
