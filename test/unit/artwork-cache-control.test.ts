import { describe, expect, it } from 'vitest';
import { ArtworkService } from '../../src/main/core/artwork/artwork-service';
import { ApiError, type AirwaveClient, type Artwork } from '../../src/main/core/client';
import { cachePolicy } from '../../src/main/core/client/client';
import { useTempDirs } from '../support/temp-dirs';

// The artwork cache honours the server's Cache-Control (issue 13, item 7), on a manual clock.

const ROOT = 'http://tv.local:36020';
const PATH = '/api/public/v1/channels/ch1/artwork/42?kind=poster';
const png = (fill: number) => Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(32, fill)]);
const tempDir = useTempDirs('airwave-art-cc');

/** A client whose artwork() answers with the next of `answers` (the last one repeats). */
function scripted(answers: (Partial<Artwork> | Error)[]) {
  const calls: string[] = [];
  const client = {
    server: { root: ROOT },
    artwork: (path: string) => {
      calls.push(path);
      const next = answers[Math.min(calls.length - 1, answers.length - 1)]!;
      if (next instanceof Error) return Promise.reject(next);
      return Promise.resolve({ contentType: 'image/png', bytes: png(calls.length), maxAgeMs: null, noStore: false, ...next });
    },
  } as unknown as AirwaveClient;
  return { client, calls };
}

function setup(answers: (Partial<Artwork> | Error)[]) {
  let now = Date.parse('2026-11-23T20:00:00Z');
  const dir = tempDir();
  const { client, calls } = scripted(answers);
  const art = new ArtworkService({ cacheDir: dir, client: () => client, now: () => now });
  return { art, calls, advance: (ms: number) => (now += ms) };
}

describe('Cache-Control in the artwork cache', () => {
  it('serves from disk within max-age and asks again once it has passed', async () => {
    const { art, calls, advance } = setup([{ maxAgeMs: 3_600_000 }]);
    expect((await art.serve(PATH)).cache).toBe('miss');
    advance(3_599_000);
    expect((await art.serve(PATH)).cache).toBe('hit');
    advance(2_000);
    const again = await art.serve(PATH);
    expect(again.cache).toBe('miss');
    expect(again.body).toEqual(png(2)); // the new image, not the old one
    expect(calls).toHaveLength(2);
    expect((await art.serve(PATH)).cache).toBe('hit'); // and the new copy has its own max-age
  });

  it('keeps an image without max-age until it is evicted (as before)', async () => {
    const { art, calls, advance } = setup([{ maxAgeMs: null }]);
    await art.serve(PATH);
    advance(30 * 86_400_000);
    expect((await art.serve(PATH)).cache).toBe('hit');
    expect(calls).toHaveLength(1);
  });

  it('never keeps a no-store image, and asks again each time for no-cache', async () => {
    const noStore = setup([{ noStore: true, maxAgeMs: 3_600_000 }]);
    await noStore.art.serve(PATH);
    expect((await noStore.art.serve(PATH)).cache).toBe('miss');
    expect(noStore.art.cachedBytes).toBe(0);
    const noCache = setup([{ maxAgeMs: 0 }]);
    await noCache.art.serve(PATH);
    expect((await noCache.art.serve(PATH)).cache).toBe('miss');
    expect(noCache.calls).toHaveLength(2);
  });

  it('serves the expired copy when the server cannot be asked, and drops it when the server says it is gone', async () => {
    const down = new ApiError('unreachable', 'down', { endpoint: 'GET artwork' });
    const gone = new ApiError('not-found', 'gone', { endpoint: 'GET artwork', status: 404, serverCode: 'not_found' });
    const { art, advance } = setup([{ maxAgeMs: 1_000 }, down, gone]);
    await art.serve(PATH);
    advance(5_000);
    const stale = await art.serve(PATH);
    expect(stale).toMatchObject({ status: 200, cache: 'stale' });
    expect(stale.body).toEqual(png(1));
    expect((await art.serve(PATH)).status).toBe(404);
    expect(art.cachedBytes).toBe(0);
  });
});

describe('cachePolicy', () => {
  it('reads max-age, no-cache and no-store the way an image cache needs', () => {
    expect(cachePolicy('public, max-age=3600')).toEqual({ maxAgeMs: 3_600_000, noStore: false });
    expect(cachePolicy('MAX-AGE = 60')).toEqual({ maxAgeMs: 60_000, noStore: false });
    expect(cachePolicy('no-cache, max-age=3600')).toEqual({ maxAgeMs: 0, noStore: false });
    expect(cachePolicy('no-store')).toEqual({ maxAgeMs: null, noStore: true });
    expect(cachePolicy(['public', 'max-age=5'])).toEqual({ maxAgeMs: 5_000, noStore: false });
    for (const odd of [undefined, '', 'public', 'max-age=soon', 'max-age=-1', 's-maxage=60']) {
      expect(cachePolicy(odd)).toEqual({ maxAgeMs: null, noStore: false });
    }
  });
});
