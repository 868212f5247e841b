import { describe, expect, it } from 'vitest';
import type { Webhook } from '../../src/shared/airwave';
import { parseWebhooks } from '../../src/shared/airwave';
import { ApiError } from '../../src/main/core/client/errors';
import type { AirwaveClient } from '../../src/main/core/client';
import { webhookName, webhookReason } from '../../src/main/core/features/health-alerts';
import { WEBHOOK_CHECK_EVERY_MS, WEBHOOK_FIRST_CHECK_MS, WebhookCheck, type WebhookServer } from '../../src/main/core/features/webhook-check';
import { initialState, type AppState } from '../../src/main/core/state';
import { ManualClock } from '../support/manual-clock';

// The webhook check's answers to failures, on the fake clock with a stand-in client: a missing
// route (404) stops it until the server's version changes; a server error waits for the next
// hourly check, not for Settings; and the words of the alert never carry a URL's path or query.

const HOUR = WEBHOOK_CHECK_EVERY_MS;
const flush = () => new Promise<void>((resolve) => setImmediate(resolve));

function setup(answer: () => Promise<{ webhooks: Webhook[]; unreadable: number }>) {
  const clock = new ManualClock();
  let calls = 0;
  const client = { webhooks: () => (calls++, answer()) } as unknown as AirwaveClient;
  const base = initialState(clock.now());
  let state: AppState = {
    ...base,
    connection: { ...base.connection, state: 'live' },
    status: { data: { product: 'airwave', version: '0.15.12', instanceId: 'i', name: 'Home', time: null, timezone: null, uptimeSeconds: null, counts: null }, updatedAt: 0, error: null },
  };
  const reports: Webhook[][] = [];
  const check = new WebhookCheck({
    clock,
    server: (): WebhookServer => ({ tag: { id: 'srv', label: null }, state, client, keyTag: 'k' }),
    enabled: () => true,
    report: (_server, hooks) => reports.push(hooks),
    forgetReading: () => {},
    log: () => {},
  });
  return {
    clock,
    check,
    reports,
    calls: () => calls,
    setVersion(version: string) {
      state = { ...state, status: { ...state.status, data: { ...state.status.data!, version } } };
      check.observe('srv');
    },
  };
}

describe('WebhookCheck', () => {
  it('stops asking after a 404 (a missing route) until the server’s version changes', async () => {
    const s = setup(() => Promise.reject(new ApiError('not-found', 'This server has no GET /webhooks (HTTP 404).', { endpoint: 'GET /webhooks', status: 404 })));
    s.check.observe('srv');
    s.clock.advance(WEBHOOK_FIRST_CHECK_MS);
    await flush();
    expect(s.calls()).toBe(1);
    for (let i = 0; i < 3; i++) {
      s.check.settingsOpened();
      s.clock.advance(HOUR);
      await flush();
    }
    expect(s.calls()).toBe(1);
    expect(s.clock.timerCount).toBe(0);
    s.setVersion('0.15.13');
    s.clock.advance(WEBHOOK_FIRST_CHECK_MS);
    await flush();
    expect(s.calls()).toBe(2);
    s.check.dispose();
  });

  it('after a server error asks again at the next hourly check only (not when Settings opens)', async () => {
    let fail = true;
    const s = setup(() =>
      fail ? Promise.reject(new ApiError('server-error', 'The server had a problem (HTTP 500).', { endpoint: 'GET /webhooks', status: 500 })) : Promise.resolve({ webhooks: [], unreadable: 0 }),
    );
    s.check.observe('srv');
    s.clock.advance(WEBHOOK_FIRST_CHECK_MS);
    await flush();
    expect(s.calls()).toBe(1);
    fail = false;
    s.clock.advance(10 * 60_000);
    s.check.settingsOpened();
    await flush();
    expect(s.calls()).toBe(1);
    s.clock.advance(HOUR - 10 * 60_000);
    await flush();
    expect(s.calls()).toBe(2);
    expect(s.reports).toEqual([[]]);
    // answered: Settings may ask again once the flood guard's gap has passed
    s.clock.advance(2 * 60_000);
    s.check.settingsOpened();
    await flush();
    expect(s.calls()).toBe(3);
    s.check.dispose();
    expect(s.clock.timerCount).toBe(0);
  });
});

describe('the words of a webhook alert', () => {
  it('name the endpoint by description, else by host, never by path or query', () => {
    expect(webhookName({ description: '  Home\n Assistant ', url: 'http://ha.local/api/webhook/secret' })).toBe('Home Assistant');
    expect(webhookName({ description: null, url: 'https://user:pw@hooks.example.net:8443/airwave/log?token=abc' })).toBe('hooks.example.net:8443');
    expect(webhookName({ description: '', url: 'not a url' })).toBe('an endpoint');
  });

  it('shorten the reason and cut any URL in it to its host', () => {
    expect(webhookReason(null)).toBeNull();
    expect(webhookReason('  ')).toBeNull();
    expect(webhookReason('POST https://hooks.example.net/a/b?token=s3cret failed 15 times\nin a row')).toBe('POST hooks.example.net failed 15 times in a row');
    expect(webhookReason('x'.repeat(1_000))!.length).toBeLessThanOrEqual(160);
  });

  it('are read tolerantly: an endpoint that cannot be read is left out and counted', () => {
    const ok = { id: 'a', url: 'https://h/x', description: null, enabled: false, disabledAt: '2026-09-27T10:00:00.000Z', disabledReason: 'r', createdAt: 'c', updatedAt: 'u', eventTypes: [] };
    const parsed = parseWebhooks({ webhooks: [ok, { id: 'b', enabled: 'no' }, { ...ok, id: 'c', disabledAt: 'yesterday' }, { id: 'd', enabled: true }] });
    // 'c' keeps its entry: a disabledAt that is not a time costs only that field (issue 33)
    expect(parsed.webhooks.map((h) => h.id)).toEqual(['a', 'c', 'd']);
    expect(parsed.webhooks[1]?.disabledAt).toBeNull();
    expect(parsed.unreadable).toBe(1);
    expect(() => parseWebhooks({ hooks: [] })).toThrow(/GET \/webhooks: webhooks/);
  });
});
