import { describe, expect, it } from 'vitest';
import { localTime, timeWhen } from '../../src/shared/format';
import { keyRejectedMessage } from '../../src/main/core/sync/reporting';

// Issue 33 item 6: a key that worked and now gets 401 is refused now, never "wrong key".
describe('the words for a refused key', () => {
  it('a key that worked says until when, and that the server regenerated, revoked or limited it', () => {
    const at = new Date(2026, 8, 27, 21, 12).getTime();
    const words = keyRejectedMessage(true, 15 * 60_000, at, at + 60_000);
    expect(words).toContain(`The API key is refused now (it worked until ${localTime(at)}): regenerated, revoked or limited by the server.`);
    expect(words).not.toMatch(/wrong|probably/i);
    expect(words).toContain('every 15 minutes');
    expect(keyRejectedMessage(true, 15 * 60_000, null, at)).toContain('(it worked before)');
  });

  // issue 48 item 4: a time not today carries its date
  it('a key that worked until another day says which day', () => {
    const until = new Date(2026, 6, 27, 18, 22).getTime();
    const now = new Date(2026, 8, 27, 9, 0).getTime();
    const words = keyRejectedMessage(true, 15 * 60_000, until, now);
    expect(words).toContain(`(it worked until ${timeWhen(until, now)})`);
    expect(timeWhen(until, now)).not.toBe(localTime(until));
    expect(timeWhen(until, now)).toMatch(/27/);
  });

  it('a key that never worked is the one to fix', () => {
    expect(keyRejectedMessage(false, 15 * 60_000, null, Date.now())).toMatch(/^The server rejected the API key\./);
  });
});
