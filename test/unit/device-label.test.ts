import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import { applyLocale } from '../../src/shared/i18n/catalogues';
import { deviceFact, deviceLabel, deviceName, devicesToName, platformName, recordedDevice } from '../../src/shared/device-label';
import { personKey } from '../../src/shared/viewer-identity';

// Issue 44, point 5: a device named as people write it, by one rule (shared/device-label.ts):
// the model where known, else the platform properly cased, never both glued, never an ordinal.

afterEach(() => applyLocale('en'));

/** `device.platform` as Airwave sends it (airwave-api.md). */
const AIRWAVE_PLATFORMS = ['webos', 'tizen', 'roku', 'ios', 'android', 'windows', 'browser'] as const;
const CASED: Record<(typeof AIRWAVE_PLATFORMS)[number], string> = {
  webos: 'webOS',
  tizen: 'Tizen',
  roku: 'Roku',
  ios: 'iOS',
  android: 'Android',
  windows: 'Windows',
  browser: 'Web browser',
};

describe('a device as people write it', () => {
  it('is the model where the server knows it, never "Model (platform)"', () => {
    expect(deviceLabel({ model: 'iPhone 15', platform: 'ios' })).toBe('iPhone 15');
    expect(deviceLabel({ model: 'LG OLED C3', platform: 'webos' })).toBe('LG OLED C3');
    expect(deviceLabel({ model: 'Apple TV 4K', platform: 'tvOS' })).toBe('Apple TV 4K');
    expect(deviceLabel({ model: ' Shield TV Pro ', platform: 'android' })).toBe('Shield TV Pro');
    expect(deviceLabel(null)).toBeNull();
    expect(deviceLabel({ model: null, platform: null })).toBeNull();
    expect(deviceLabel({ model: '  ', platform: ' ' })).toBeNull();
  });

  it('is the platform properly cased only where the model is missing', () => {
    for (const platform of AIRWAVE_PLATFORMS) expect(deviceLabel({ model: null, platform })).toBe(CASED[platform]);
    expect(deviceLabel({ model: '', platform: 'tvos' })).toBe('tvOS');
    expect(deviceLabel({ model: null, platform: 'Android TV' })).toBe('Android TV');
    expect(deviceLabel({ model: null, platform: 'androidtv' })).toBe('Android TV');
    expect(deviceLabel({ model: null, platform: 'WEBOS' })).toBe('webOS');
    // a platform the app does not know keeps the server's spelling (its casing is not known)
    expect(deviceLabel({ model: null, platform: 'vidaa' })).toBe('vidaa');
  });

  it('says "a browser" in the language in use', () => {
    applyLocale('de');
    expect(deviceLabel({ model: null, platform: 'browser' })).toBe('Webbrowser');
    applyLocale('ja');
    expect(deviceLabel({ model: null, platform: 'browser' })).toBe('ウェブブラウザ');
  });

  it('for any device: the model when there is one, else a platform never left in lower case, and never both', () => {
    const model = fc.option(fc.string({ maxLength: 30 }), { nil: null });
    const platform = fc.option(fc.oneof(fc.constantFrom(...AIRWAVE_PLATFORMS), fc.string({ maxLength: 12 })), { nil: null });
    fc.assert(
      fc.property(model, platform, (m, p) => {
        const label = deviceLabel({ model: m, platform: p });
        if (m?.trim()) expect(label).toBe(m.trim());
        else if (p && p in CASED) expect(label).toBe(CASED[p as keyof typeof CASED]);
        else expect(label).toBe(p?.trim() || null);
        // what the core records reads the same once named (notifications, tray, log, History)
        expect(deviceName(recordedDevice({ model: m, platform: p }))).toBe(label);
        if (label && m?.trim() && p && p in CASED) expect(label).not.toContain(`(${p})`);
      }),
    );
  });
});

describe('records and the viewer sheet', () => {
  it('reads labels an earlier version recorded ("Apple TV 4K (tvOS)", "webos") by the same rule', () => {
    expect(deviceName('Apple TV 4K (tvOS)')).toBe('Apple TV 4K');
    expect(deviceName('iPhone 15 (ios)')).toBe('iPhone 15');
    expect(deviceName('Chrome on Windows (browser)')).toBe('Chrome on Windows');
    expect(deviceName('webos')).toBe('webOS');
    expect(deviceName('browser')).toBe('Web browser');
    // a model that merely ends in brackets keeps them
    expect(deviceName('Living room (upstairs)')).toBe('Living room (upstairs)');
    expect(deviceName(null)).toBeNull();
    expect(deviceName('  ')).toBeNull();
  });

  it('records language-free: the model, else the platform as sent', () => {
    expect(recordedDevice({ model: 'iPhone 15', platform: 'ios' })).toBe('iPhone 15');
    expect(recordedDevice({ model: null, platform: 'browser' })).toBe('browser');
    applyLocale('fr');
    expect(deviceName('browser')).toBe('Navigateur web');
  });

  it('gives the sheet the system and its version after the label, cased, and tvOS for an Apple TV', () => {
    expect(deviceFact({ model: 'LG OLED C3', platform: 'webos' }, '23')).toBe('LG OLED C3 · webOS 23');
    expect(deviceFact({ model: 'Apple TV 4K', platform: 'ios' }, '18.2')).toBe('Apple TV 4K · tvOS 18.2');
    expect(deviceFact({ model: 'iPhone 15', platform: 'ios' }, '18.1')).toBe('iPhone 15 · iOS 18.1');
    expect(deviceFact({ model: null, platform: 'ios' }, '18.1')).toBe('iOS 18.1');
    expect(deviceFact({ model: 'iPhone 15', platform: 'ios' }, null)).toBe('iPhone 15');
    // a version without a platform says nothing
    expect(deviceFact({ model: 'LG OLED C3', platform: null }, '23')).toBe('LG OLED C3');
    expect(deviceFact(null, '23')).toBeNull();
    expect(platformName('ios', 'iPhone 15')).toBe('iOS');
  });
});

describe('which devices are named beside a person', () => {
  type Item = { user: string; model: string | null; platform: string | null };
  const name = (items: Item[]) => {
    const named = devicesToName(items, (item) => item.user.toLowerCase(), (item) => deviceLabel(item));
    return items.map((item) => `${item.user}${named.has(item) ? ` [${named.get(item)}]` : ''}`);
  };

  it('names them only for a person on two or more; the same label twice is said twice; an unknown one is not named', () => {
    expect(
      name([
        { user: 'Ann', model: 'iPhone 15', platform: 'ios' },
        { user: 'ann', model: null, platform: 'webos' },
        { user: 'Bo', model: 'Roku Ultra', platform: 'roku' },
        { user: 'Cy', model: 'iPhone 15', platform: 'ios' },
        { user: 'Cy', model: 'iPhone 15', platform: 'ios' },
        { user: 'Di', model: null, platform: null },
        { user: 'Di', model: 'Roku Ultra', platform: 'roku' },
      ]),
    ).toEqual(['Ann [iPhone 15]', 'ann [webOS]', 'Bo', 'Cy [iPhone 15]', 'Cy [iPhone 15]', 'Di', 'Di [Roku Ultra]']);
  });

  it('never says an ordinal, whatever the household', () => {
    const device = fc.record({ model: fc.option(fc.constantFrom('iPhone 15', 'LG OLED C3', 'Roku Ultra'), { nil: null }), platform: fc.option(fc.constantFrom(...AIRWAVE_PLATFORMS), { nil: null }) });
    fc.assert(
      fc.property(fc.array(fc.record({ user: fc.constantFrom('Ann', 'Bo'), device }), { maxLength: 12 }), (rows) => {
        const items = rows.map((row) => ({ user: row.user, ...row.device }));
        const named = devicesToName(items, (item) => personKey(item.user, null), (item) => deviceLabel(item));
        for (const [item, text] of named) {
          expect(text).toBe(deviceLabel(item));
          expect(text).not.toMatch(/\d(st|nd|rd|th) device/);
        }
      }),
    );
  });
});
