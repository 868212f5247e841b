import { describe, expect, it } from 'vitest';
import { MAX_WEBHOOKS, type Webhook } from '../../src/shared/airwave';
import { MAX_SERVERS } from '../../src/shared/bridge-servers';
import { DEFAULT_FEATURE_SETTINGS } from '../../src/main/core/features/feature-settings';
import { HealthAlerts, MAX_WEBHOOKS_TOLD, WEBHOOK_ALERTS_EACH, webhookReason } from '../../src/main/core/features/health-alerts';
import { memoryStore } from '../../src/main/core/features/json-store';
import type { NotificationRequest } from '../../src/main/core/viewers/notify-policy';
import { initialState, type AppState } from '../../src/main/core/state';
import { ManualClock } from '../support/manual-clock';

// Issue 34 item 2: what was told is remembered for everything that is read (the app remembered
// 200 told webhook alerts but read up to 500, so 300 were told again on every read: 800
// notifications in 63 s), and many at once are one summary.

const T0 = Date.parse('2026-09-27T18:00:00.000Z');
const state = { ...initialState(T0), server: { url: 'http://tv.local:36020/api/public/v1', name: 'Home' } } as AppState;
const hook = (i: number, disabledAt = '2026-09-27T17:00:00.000Z'): Webhook => ({
  id: `wh_${i}`,
  url: `https://hooks${i}.example.net/x?token=secret`,
  description: null,
  enabled: false,
  disabledAt,
  disabledReason: 'too many failures',
});

function setup() {
  const store = memoryStore();
  const notes: NotificationRequest[] = [];
  const make = () => new HealthAlerts({ clock: new ManualClock(T0), store, settings: () => DEFAULT_FEATURE_SETTINGS.health, notify: (n) => notes.push(n), problem: () => {} });
  return { store, notes, make };
}

describe('webhook alerts', () => {
  it('the memory holds everything one read can hold, on every server the app follows', () => {
    expect(MAX_WEBHOOKS_TOLD).toBeGreaterThanOrEqual(MAX_WEBHOOKS * MAX_SERVERS);
  });

  it('500 turned off at once (100,000 listed): one summary, with honest counts; the same read again tells nothing, also after a restart', () => {
    const { notes, make } = setup();
    const hooks = Array.from({ length: MAX_WEBHOOKS }, (_, i) => hook(i));
    const alerts = make();
    alerts.webhooks(state, hooks, { id: 'srv-1', label: null }, 100_000);
    expect(notes).toHaveLength(1);
    expect(notes[0]!.title).toBe('Home turned off 500 webhooks');
    expect(notes[0]!.body).toBe('“hooks0.example.net”, “hooks1.example.net”, “hooks2.example.net” and 497 more. The server lists 100,000 endpoints; the app read the first 500. Re-enable it in Airwave under “Settings → Webhooks”.');
    for (let read = 0; read < 10; read++) alerts.webhooks(state, hooks, { id: 'srv-1', label: null }, 100_000);
    expect(notes).toHaveLength(1);
    alerts.dispose();
    const again = make();
    again.webhooks(state, hooks, { id: 'srv-1', label: null }, 100_000);
    expect(notes).toHaveLength(1);
  });

  it(`up to ${WEBHOOK_ALERTS_EACH} at once are told one by one; one turned off anew is told again`, () => {
    const { notes, make } = setup();
    const alerts = make();
    alerts.webhooks(state, [hook(1), hook(2)], { id: 'srv-1', label: null });
    expect(notes.map((n) => n.title)).toEqual(['Home turned off the webhook “hooks1.example.net”', 'Home turned off the webhook “hooks2.example.net”']);
    alerts.webhooks(state, [hook(1), { ...hook(2), enabled: true, disabledAt: null }], { id: 'srv-1', label: null });
    expect(notes).toHaveLength(2);
    alerts.webhooks(state, [hook(1), hook(2, '2026-09-27T17:30:00.000Z')], { id: 'srv-1', label: null });
    expect(notes.map((n) => n.title)).toEqual([
      'Home turned off the webhook “hooks1.example.net”',
      'Home turned off the webhook “hooks2.example.net”',
      'Home turned off the webhook “hooks2.example.net”',
    ]);
  });

  it('a disabled reason never carries credentials, with or without a scheme, nor control or bidi characters', () => {
    const said = webhookReason('POST to admin:p/a@ss@hooks.example.net/x failed \u001b]52;c;ZXZpbA==\u0007 \u202Egnp.exe');
    for (const gone of ['admin', 'p/a', 'ss@', '\u001b', '\u0007', '\u202E', 'ZXZpbA']) expect(said).not.toContain(gone);
    expect(said).toContain('hooks.example.net');
  });
});
