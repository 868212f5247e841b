import { describe, expect, it } from 'vitest';
import { localTime } from '../../src/shared/format';
import { keyRejectedMessage } from '../../src/main/core/sync/reporting';

// Issue 33 item 6: a key that worked and now gets 401 is refused now, never "wrong key".
describe('the words for a refused key', () => {
  it('a key that worked says until when, and that the server regenerated, revoked or limited it', () => {
    const at = Date.UTC(2026, 8, 27, 21, 12);
    const words = keyRejectedMessage(true, 15 * 60_000, at);
    expect(words).toContain(`The API key worked until ${localTime(at)} and is refused now: it was regenerated, revoked or limited by the server.`);
    expect(words).not.toMatch(/wrong|probably/i);
    expect(words).toContain('every 15 minutes');
    expect(keyRejectedMessage(true, 15 * 60_000)).toContain('The API key worked before and is refused now');
    expect(keyRejectedMessage(true, 60_000)).toMatch(/checks again every minute\.$/);
  });

  it('a key that never worked is the one to fix', () => {
    expect(keyRejectedMessage(false, 15 * 60_000)).toMatch(/^The server rejected the API key\./);
  });
});

describe('a /status name that could not be read', () => {
  it('is left out of the probe line, never shown as "null"', async () => {
    const { describeStatus } = await import('../../src/main/core/connection-test/probe-words');
    const { parseStatus } = await import('../../src/shared/airwave');
    const words = describeStatus(parseStatus({ product: 'airwave', version: '0.15.10', name: 7 }));
    expect(words).toBe('version 0.15.10 · uptime unknown · counts unknown');
  });
});
