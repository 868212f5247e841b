import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ArtworkService, artworkCacheKey } from '../../src/main/core/artwork/artwork-service';
import { ApiError, type AirwaveClient } from '../../src/main/core/client';
import { useTempDirs } from '../support/temp-dirs';

// The service with a stand-in client (no network): sharing, cancellation, the file format and a
// broken cache folder, which the demo-server tests cannot provoke.

const ROOT = 'http://tv.local:36020';
const PATH = '/api/public/v1/channels/ch1/artwork/42?kind=poster';
const png = (fill: number, size = 64) => Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(size, fill)]);

interface Pending {
  path: string;
  resolve(art: { contentType: string; bytes: Buffer }): void;
  reject(error: unknown): void;
}

/** A client whose artwork() answers from `answer`, or waits for the test when it returns 'wait'. */
function fakeClient(answer: (path: string) => { contentType: string; bytes: Buffer } | Error | 'wait' = () => ({ contentType: 'image/png', bytes: png(1) })) {
  const calls: string[] = [];
  const pending: Pending[] = [];
  const client = {
    server: { root: ROOT },
    artwork: (path: string) => {
      calls.push(path);
      const result = answer(path);
      if (result === 'wait') return new Promise((resolve, reject) => pending.push({ path, resolve, reject }));
      return result instanceof Error ? Promise.reject(result) : Promise.resolve(result);
    },
  } as unknown as AirwaveClient;
  return { client, calls, pending };
}

const tempDir = useTempDirs('airwave-art-unit');
const cacheFiles = (dir: string) => (existsSync(dir) ? readdirSync(dir).filter((n) => n.endsWith('.art')) : []);
const diskBytes = (dir: string) => cacheFiles(dir).reduce((sum, n) => sum + statSync(join(dir, n)).size, 0);
/** Waits (at most 2 s) for a condition that file operations in flight will make true. */
async function until(condition: () => boolean): Promise<void> {
  const deadline = Date.now() + 2_000;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 2));
  }
}

describe('ArtworkService', () => {
  it('stores one file per server and canonical path: a header line, then the image', async () => {
    const dir = join(tempDir(), 'nested', 'art');
    const { client, calls } = fakeClient();
    const art = new ArtworkService({ cacheDir: dir, client: () => client });
    expect(existsSync(dir)).toBe(false); // made on first use, not before
    await art.serve('/api/public/v1/channels/%63h1/artwork/42?kind=poster');
    expect((await art.serve(PATH)).cache).toBe('hit'); // another spelling of the same path
    expect(calls).toEqual([PATH]); // and it is the canonical spelling that is fetched
    const name = `${artworkCacheKey(ROOT, PATH)}.art`;
    expect(cacheFiles(dir)).toEqual([name]);
    const data = readFileSync(join(dir, name));
    expect(data.subarray(0, data.indexOf(0x0a)).toString()).toBe(`AWART2 image/png ${png(1).length} -`);
    expect(data.subarray(data.indexOf(0x0a) + 1)).toEqual(png(1));
  });

  it('lets one caller give up without cancelling the fetch the others share', async () => {
    const { client, calls, pending } = fakeClient(() => 'wait');
    const art = new ArtworkService({ cacheDir: tempDir(), client: () => client });
    const controller = new AbortController();
    const leaving = art.serve(PATH, controller.signal);
    const staying = art.serve(PATH);
    await until(() => calls.length > 0);
    expect(calls).toHaveLength(1);
    controller.abort(new Error('scrolled away'));
    await expect(leaving).rejects.toThrow('scrolled away');
    pending[0]!.resolve({ contentType: 'image/png', bytes: png(2) });
    await expect(staying).resolves.toMatchObject({ status: 200, cache: 'miss' });
    // the abandoned fetch still filled the cache
    expect((await art.serve(PATH)).cache).toBe('hit');
    expect(calls).toHaveLength(1);
  });

  it('stays within its limit when many different images arrive at once', async () => {
    const dir = tempDir();
    const { client, pending } = fakeClient(() => 'wait');
    const entry = `AWART2 image/png ${png(0).length} -\n`.length + png(0).length;
    const max = entry * 3 + 10;
    const art = new ArtworkService({ cacheDir: dir, maxCacheBytes: max, client: () => client });
    const paths = Array.from({ length: 8 }, (_, i) => `/api/public/v1/channels/ch1/artwork/${i}?kind=thumb`);
    const answers = Promise.all(paths.map((p) => art.serve(p)));
    await until(() => pending.length === 8);
    pending.forEach((p, i) => p.resolve({ contentType: 'image/png', bytes: png(i) }));
    expect((await answers).every((a) => a.status === 200)).toBe(true);
    expect(cacheFiles(dir)).toHaveLength(3);
    expect(diskBytes(dir)).toBeLessThanOrEqual(max);
    expect(art.cachedBytes).toBe(diskBytes(dir));
  });

  it('still serves images when the cache folder cannot be made', async () => {
    const blocker = join(tempDir(), 'not-a-folder');
    writeFileSync(blocker, 'a file where the folder should be');
    const { client, calls } = fakeClient();
    const art = new ArtworkService({ cacheDir: join(blocker, 'art'), client: () => client });
    expect(await art.serve(PATH)).toMatchObject({ status: 200, cache: 'miss' });
    expect(await art.serve(PATH)).toMatchObject({ status: 200, cache: 'miss' });
    expect(calls).toHaveLength(2);
  });

  it('clears leftovers of an interrupted write on start and leaves other files alone', async () => {
    const dir = tempDir();
    writeFileSync(join(dir, `${'a'.repeat(64)}.art.123.1.tmp`), 'half');
    writeFileSync(join(dir, 'README'), 'not ours');
    mkdirSync(join(dir, `${'b'.repeat(64)}.art`)); // a folder with an entry's name is not an entry
    const { client } = fakeClient();
    const art = new ArtworkService({ cacheDir: dir, client: () => client });
    await art.serve(PATH);
    expect(readdirSync(dir).sort()).toEqual([`${artworkCacheKey(ROOT, PATH)}.art`, 'README', `${'b'.repeat(64)}.art`].sort());
    expect(art.cachedBytes).toBe(statSync(join(dir, `${artworkCacheKey(ROOT, PATH)}.art`)).size);
  });

  it('maps upstream failures to 404 or 502 without their messages', async () => {
    const secret = 'http://tv.local:36020 key=abc';
    const failures: Record<string, Error> = {
      a: new ApiError('not-found', `Not found: ${secret}`, { endpoint: 'GET artwork', status: 404 }),
      b: new ApiError('unreachable', `Nothing is listening at ${secret}`, { endpoint: 'GET artwork' }),
      c: new ApiError('timeout', `${secret} did not answer`, { endpoint: 'GET artwork' }),
      d: new ApiError('bad-response', `larger than 10 MB at ${secret}`, { endpoint: 'GET artwork' }),
      e: new ApiError('server-error', `HTTP 500 ${secret}`, { endpoint: 'GET artwork', status: 500 }),
      f: new TypeError(`a bug near ${secret}`),
    };
    const { client } = fakeClient((path) => failures[path.split('/')[7]!.split('?')[0]!]!);
    const art = new ArtworkService({ cacheDir: tempDir(), client: () => client });
    const statuses: Record<string, number> = {};
    for (const key of Object.keys(failures)) {
      const answer = await art.serve(`/api/public/v1/channels/ch1/artwork/${key}`);
      statuses[key] = answer.status;
      expect(answer.contentType).toMatch(/^text\/plain/);
      expect(answer.body.toString()).not.toMatch(/tv\.local|abc|bug|HTTP/);
    }
    expect(statuses).toEqual({ a: 404, b: 502, c: 502, d: 502, e: 502, f: 502 });
  });

  it('asks the current client each time, and has nothing to offer without one', async () => {
    const { client, calls } = fakeClient();
    let current: AirwaveClient | null = null;
    const art = new ArtworkService({ cacheDir: tempDir(), client: () => current });
    expect(await art.serve(PATH)).toMatchObject({ status: 503, cache: 'none' });
    current = client;
    expect(await art.serve(PATH)).toMatchObject({ status: 200, cache: 'miss' });
    current = null;
    expect((await art.serve(PATH)).status).toBe(503); // entries belong to a server
    expect(calls).toHaveLength(1);
  });
});
