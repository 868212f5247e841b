import { describe, expect, it } from 'vitest';
import { keysInUse, MIN_SECRET_CHARS, redact, redactInUse, REDACTED } from '../../src/main/common/redact';
import { AirwaveClient, ApiError } from '../../src/main/core/client';

// One rule for keeping keys out of text (issue 23): the same forms are found in an error and in a
// log line, and a key is searched for exactly while a client holds it.

// chosen so that its base64 has both '+' and '/' (and base64url differs from base64)
const KEY = 'airwave_k>?~key>>?';

describe('redact', () => {
  it('finds a key as it is, in base64 (padded or not), base64url and URL-encoded', () => {
    const base64 = Buffer.from(KEY).toString('base64');
    expect(base64).toMatch(/\+/);
    expect(base64).toMatch(/\//);
    const forms = [KEY, base64, base64.replace(/=+$/, ''), Buffer.from(KEY).toString('base64url'), encodeURIComponent(KEY)];
    for (const form of forms) expect(redact(`a ${form} b`, [KEY])).toBe(`a ${REDACTED} b`);
    expect(redact(`Basic ${Buffer.from(`user:${KEY}`).toString('base64')}`, [KEY])).not.toContain(KEY);
  });

  it('leaves text alone for keys too short to be keys, and for no keys', () => {
    expect(redact('abc abc', ['abc', '', null, undefined])).toBe('abc abc');
    expect('x'.repeat(MIN_SECRET_CHARS - 1)).toHaveLength(MIN_SECRET_CHARS - 1);
    expect(redact('plain', [])).toBe('plain');
  });
});

describe('keys in use', () => {
  it('a client registers its key while it lives and takes it off when it is closed, not when it is collected', async () => {
    const key = 'airwave_registry_test_key_1';
    const error = () => new ApiError('server-error', `echo ${key}`, { endpoint: 'GET /status' });
    expect(error().message).toBe(`echo ${key}`);
    const client = new AirwaveClient({ server: 'http://127.0.0.1:9', apiKey: key });
    const twin = new AirwaveClient({ server: 'http://127.0.0.1:9', apiKey: key });
    expect(error().message).toBe(`echo ${REDACTED}`);
    expect([...keysInUse.keys()]).toContain(key);
    await client.close();
    expect(error().message).toBe(`echo ${REDACTED}`); // the twin still holds it
    await client.close(); // closing twice takes nothing more off
    expect(redactInUse(key)).toBe(REDACTED);
    await twin.close();
    expect(error().message).toBe(`echo ${key}`);
    expect([...keysInUse.keys()]).not.toContain(key);
  });

  it('a registration is undone once', () => {
    const key = 'airwave_registry_test_key_2';
    const first = keysInUse.register(key);
    const second = keysInUse.register(key);
    first();
    first();
    expect(redactInUse(key)).toBe(REDACTED);
    second();
    expect(redactInUse(key)).toBe(key);
  });
});
