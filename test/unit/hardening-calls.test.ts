import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../src/main/core/client/errors';
import type { AirwaveClient } from '../../src/main/core/client';
import { ChannelLookup } from '../../src/main/core/connection-test/lookup';
import { loggedHandlers } from '../../src/main/core/app/handlers/logged';
import { failure, internalError, ok } from '../../src/main/core/app/handlers/outcome';
import type { BridgeHandlers } from '../../src/shared/bridge';
import { appendAll, maxOf, minOf } from '../../src/shared/extent';

// Issue 34 items 1 and 8: no call spreads a data-sized list into its arguments (engines throw past
// ~125k), an error inside a bridge call reaches the log with its cause, and a route list that names
// a route the server lacks does not make every lookup cost three requests.

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.(ts|tsx)$/.test(name) ? [path] : [];
  });
}

describe('no variadic spread over lists', () => {
  it('src/ has no Math.min(...), Math.max(...), push(...), unshift(...) or fromCharCode(...) over a spread', () => {
    const offenders: string[] = [];
    for (const file of sourceFiles('src')) {
      readFileSync(file, 'utf8')
        .split('\n')
        .forEach((line, i) => {
          // a spread as an argument (not inside an object or array literal), outside comments
          if (/^\s*(\*|\/\/|\/\*)/.test(line)) return;
          if (/(Math\.(min|max)|\.push|\.unshift|fromCharCode|fromCodePoint)\((?:[^()[\]{}]*,\s*)?\.\.\./.test(line)) offenders.push(`${file}:${i + 1}: ${line.trim()}`);
        });
    }
    expect(offenders).toEqual([]);
  });

  it('minOf and maxOf take 300,000 numbers (Math.min(...xs) throws there)', () => {
    const xs = Array.from({ length: 300_000 }, (_, i) => 1_000 + ((i * 7919) % 300_000));
    expect(() => Math.min(...xs)).toThrow(RangeError);
    expect(minOf(xs)).toBe(1_000);
    expect(maxOf(xs)).toBe(300_999);
    expect(minOf([])).toBe(Number.POSITIVE_INFINITY);
    expect(maxOf([], 0)).toBe(0);
    expect(appendAll([0], xs)).toHaveLength(300_001);
  });
});

describe('an error inside a bridge call', () => {
  it('is answered "Something went wrong inside the app." and logged once with its cause', async () => {
    const lines: string[] = [];
    const handlers = loggedHandlers(
      {
        refresh: async () => failure(new RangeError('Maximum call stack size exceeded')),
        startDemo: async () => ok(null),
      } as unknown as BridgeHandlers,
      (line) => lines.push(line),
    );
    const answer = await handlers.refresh({});
    expect(answer).toEqual({ ok: false, error: { kind: 'internal', message: internalError() } });
    expect(JSON.stringify(answer)).not.toContain('Maximum call stack');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^bridge: refresh failed inside the app: RangeError: Maximum call stack size exceeded/);
    await handlers.startDemo({});
    expect(lines).toHaveLength(1);
  });

  it('a handler that throws is logged before the throw goes on', async () => {
    const lines: string[] = [];
    const handlers = loggedHandlers({ refresh: async () => { throw new TypeError('x is undefined', { cause: new Error('deeper') }); } } as unknown as BridgeHandlers, (line) => lines.push(line));
    await expect(handlers.refresh({})).rejects.toThrow('x is undefined');
    expect(lines[0]).toMatch(/^bridge: refresh threw inside the app: TypeError: x is undefined[\s\S]*caused by Error: deeper/);
  });

  it('the whole core logs the cause of a lookup that failed inside the app', async () => {
    // (the 150k-channel case: noChannel's Math.min(...numbers) threw RangeError and it was swallowed)
    const lines: string[] = [];
    const failing = async () => {
      try {
        throw new RangeError('Maximum call stack size exceeded');
      } catch (error) {
        return failure(error);
      }
    };
    const handlers = loggedHandlers({ lookupChannel: failing } as unknown as BridgeHandlers, (line) => lines.push(line));
    expect(await handlers.lookupChannel({ number: 1 })).toMatchObject({ ok: false, error: { kind: 'internal' } });
    expect(lines.join('\n')).toContain('lookupChannel failed inside the app: RangeError');
  });
});

describe('a route list that names a route the server lacks', () => {
  it('is believed until the server answers it with a route 404, then every lookup costs two requests', async () => {
    const asked: string[] = [];
    const missingRoute = () => new ApiError('not-found', 'no such route', { endpoint: '/x', status: 404 });
    const client = {
      server: { root: 'http://127.0.0.1:1' },
      channelNowByNumber: async (n: number) => {
        asked.push(`by-number/${n}/now`);
        throw missingRoute();
      },
      channelByNumber: async (n: number) => {
        asked.push(`by-number/${n}`);
        return { id: `c${n}`, number: n };
      },
      channelNow: async (id: string) => {
        asked.push(`${id}/now`);
        return { current: null, next: null, endsAt: null };
      },
    } as unknown as AirwaveClient;
    const routes = { version: '0.15.13', paths: new Set(['/channels/by-number/{}/now', '/channels/by-number/{}', '/channels/{}/now']) };
    const lookup = new ChannelLookup();
    for (let n = 1; n <= 5; n++) expect((await lookup.lookup(client, n, undefined, routes)).kind).toBe('found');
    // one trial of the listed route, then two requests a lookup (three each before)
    expect(asked.filter((a) => a.endsWith('/now') && a.startsWith('by-number'))).toEqual(['by-number/1/now']);
    expect(asked).toHaveLength(1 + 2 * 5);
  });
});
