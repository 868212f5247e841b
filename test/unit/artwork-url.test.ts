import { describe, expect, it } from 'vitest';
import {
  ART_URL_BASE,
  ARTWORK_WIDTH_BUCKETS,
  PREVIEW_ART_PREFIX,
  artworkPixels,
  artworkPathFromPreview,
  artworkPathFromUrl,
  artworkRequestFromPreview,
  artworkRequestFromUrl,
  artworkSrc,
  artworkUrlFor,
  canonicalArtworkPath,
  sizedArtworkPath,
} from '../../src/shared/artwork-url';

const PATH = '/api/public/v1/channels/ch_comedy/artwork/48213?kind=poster';

describe('artwork URLs', () => {
  it('builds the Electron and preview image addresses', () => {
    expect(ART_URL_BASE).toBe('airwave-art://art');
    expect(artworkUrlFor('airwave-art', PATH)).toBe(`airwave-art://art${PATH}`);
    expect(artworkSrc(PATH, ART_URL_BASE)).toBe(`airwave-art://art${PATH}`);
    expect(artworkSrc(PATH, PREVIEW_ART_PREFIX)).toBe(`/art${PATH}`);
  });

  it.each([
    PATH,
    '/api/public/v1/channels/ch_comedy/artwork/48213',
    '/api/public/v1/channels/living%20room/artwork/a%3Fb%23c?kind=thumb',
    '/api/public/v1/channels/cha%C3%AEne-1/artwork/100%25?kind=background',
  ])('round-trips %s through both address forms', (path) => {
    expect(artworkPathFromUrl(artworkUrlFor('airwave-art', path))).toBe(path);
    expect(artworkPathFromPreview(artworkSrc(path, PREVIEW_ART_PREFIX))).toBe(path);
  });

  it('names the server an image is for when several are followed, and only a server id', () => {
    expect(artworkSrc(PATH, ART_URL_BASE, undefined, 'srv-0a1b')).toBe(`airwave-art://art/~srv-0a1b${PATH}`);
    expect(artworkRequestFromUrl(artworkSrc(PATH, ART_URL_BASE, undefined, 'srv-0a1b'))).toEqual({ path: PATH, server: 'srv-0a1b' });
    expect(artworkRequestFromPreview(artworkSrc(PATH, PREVIEW_ART_PREFIX, undefined, 'srv-0a1b'))).toEqual({ path: PATH, server: 'srv-0a1b' });
    expect(artworkRequestFromPreview(artworkSrc(PATH, PREVIEW_ART_PREFIX))).toEqual({ path: PATH, server: null });
    // no id that could be anything else: the segment is left off
    expect(artworkSrc(PATH, PREVIEW_ART_PREFIX, undefined, '../x')).toBe(`/art${PATH}`);
    expect(artworkRequestFromPreview(`/art/~SRV${PATH}`)).toBeNull();
    expect(artworkRequestFromPreview('/art/~srv-1/etc/passwd')).toBeNull();
    // the one-server readers do not take a server's image for the selected server's
    expect(artworkPathFromPreview(`/art/~srv-1${PATH}`)).toBeNull();
  });

  it('spells paths one canonical way', () => {
    expect(canonicalArtworkPath('/api/public/v1/channels/%63h1/artwork/%7E1?kind=poster')).toBe(
      '/api/public/v1/channels/ch1/artwork/~1?kind=poster',
    );
    expect(canonicalArtworkPath('/api/public/v1/channels/ch1/artwork/1?')).toBe('/api/public/v1/channels/ch1/artwork/1');
    expect(artworkUrlFor('airwave-art', '/api/public/v1/channels/%63h1/artwork/1')).toBe('airwave-art://art/api/public/v1/channels/ch1/artwork/1');
  });

  it.each([
    '',
    '/api/public/v1/status',
    'http://evil.example/api/public/v1/channels/c/artwork/1',
    '//evil.example/api/public/v1/channels/c/artwork/1',
    '@evil.example/api/public/v1/channels/c/artwork/1',
    '/api/public/v1/channels/../../x/artwork/1',
    '/api/public/v1/channels/%2e%2e/artwork/1',
    '/api/public/v1/channels/c%2F..%2F..%2Fstatus/artwork/1',
    '/api/public/v1/channels/c/artwork/1?kind=poster&api_key=k',
    '/api/public/v1/channels/c/artwork/1?kind=huge',
    '/api/public/v1/channels/c/artwork/1#x',
  ])('makes no image address from %j', (path) => {
    expect(canonicalArtworkPath(path)).toBeNull();
    expect(artworkUrlFor('airwave-art', path)).toBe('');
    expect(artworkSrc(path, PREVIEW_ART_PREFIX)).toBe('');
  });

  it.each([
    'https://art/api/public/v1/channels/c/artwork/1',
    'airwave-app://art/api/public/v1/channels/c/artwork/1',
    'airwave-art://other/api/public/v1/channels/c/artwork/1',
    'airwave-art://art.evil/api/public/v1/channels/c/artwork/1',
    'airwave-art://user@art/api/public/v1/channels/c/artwork/1',
    'airwave-art://art:8080/api/public/v1/channels/c/artwork/1',
    'airwave-art://art/api/public/v1/channels/c/artwork/1#frag',
    'airwave-art://art/etc/passwd',
    'airwave-art://art/api/public/v1/status',
    // the URL parser resolves these dots, and what is left is not an artwork path
    'airwave-art://art/api/public/v1/channels/../../x/artwork/1',
    'airwave-art://art/api/public/v1/channels/c/artwork/%2e%2e/%2e%2e/status',
    'airwave-art://art/api/public/v1/channels/c/artwork/1?kind=poster&x=1',
    'not a url',
  ])('reads no artwork path from %s', (url) => {
    expect(artworkPathFromUrl(url)).toBeNull();
  });

  it.each(['/api/public/v1/channels/c/artwork/1', '/artx/api/public/v1/channels/c/artwork/1', '/art/api/public/v1/channels/../artwork/1', '/art/etc/passwd'])(
    'reads no artwork path from the preview request %s',
    (path) => {
      expect(artworkPathFromPreview(path)).toBeNull();
    },
  );
});

describe('artwork at the size shown', () => {
  const POSTER = '/api/public/v1/channels/ch_comedy/artwork/48213?kind=poster';

  it('asks for the shown size times the pixel ratio, rounded up to a bucket, keeping the aspect ratio', () => {
    expect(artworkPixels({ width: 56, height: 84, pixelRatio: 2 })).toEqual({ width: 128, height: 192 });
    expect(artworkPixels({ width: 56, height: 84, pixelRatio: 1 })).toEqual({ width: 64, height: 96 });
    expect(artworkPixels({ width: 380, height: 214, pixelRatio: 1.5 })).toEqual({ width: 768, height: 433 });
    expect(artworkSrc(POSTER, PREVIEW_ART_PREFIX, { width: 56, height: 84, pixelRatio: 2 })).toBe(`/art${POSTER}&w=128&h=192`);
    expect(artworkSrc('/api/public/v1/channels/c/artwork/1', ART_URL_BASE, { width: 40, height: 40 })).toBe(
      'airwave-art://art/api/public/v1/channels/c/artwork/1?w=64&h=64',
    );
  });

  it('keeps the number of distinct sizes small: every size from 1 to 1200 px at common ratios lands on a bucket', () => {
    const widths = new Set<number>();
    for (const pixelRatio of [1, 1.25, 1.5, 2, 3]) {
      for (let width = 1; width <= 1200; width++) widths.add(artworkPixels({ width, height: width * 1.5, pixelRatio })!.width);
    }
    expect([...widths].sort((a, b) => a - b)).toEqual([...ARTWORK_WIDTH_BUCKETS]);
  });

  it('caps huge sizes and ratios, and ignores sizes that are not sizes', () => {
    expect(artworkPixels({ width: 5000, height: 100, pixelRatio: 2 })).toEqual({ width: 2048, height: 41 });
    expect(artworkPixels({ width: 10, height: 100_000, pixelRatio: 1 })).toEqual({ width: 64, height: 4096 });
    expect(artworkPixels({ width: 100, height: 100, pixelRatio: 50 })).toEqual({ width: 512, height: 512 });
    for (const bad of [{ width: 0, height: 10 }, { width: 10, height: -1 }, { width: Number.NaN, height: 10 }]) {
      expect(artworkPixels(bad)).toBeNull();
      expect(artworkSrc(POSTER, PREVIEW_ART_PREFIX, bad)).toBe(`/art${POSTER}`);
    }
    expect(artworkPixels({ width: 10, height: 10, pixelRatio: Number.NaN })).toEqual({ width: 64, height: 64 });
  });

  it('replaces a size the server already put in the path, and the result reads back as an artwork path', () => {
    const sized = sizedArtworkPath(`${POSTER}&w=999&h=999`, { width: 100, height: 150, pixelRatio: 1 });
    expect(sized).toBe(`${POSTER}&w=128&h=192`);
    expect(artworkPathFromUrl(`airwave-art://art${sized}`)).toBe(sized);
    expect(artworkPathFromPreview(`/art${sized}`)).toBe(sized);
    expect(canonicalArtworkPath(`/api/public/v1/channels/c/artwork/1?h=20&w=10&kind=thumb`)).toBe('/api/public/v1/channels/c/artwork/1?kind=thumb&w=10&h=20');
  });

  it('refuses sizes that are not plain whole numbers from 1 to 4096, and repeats', () => {
    for (const query of ['w=0', 'w=4097', 'w=012', 'w=1.5', 'w=-3', 'h=', 'w=10&w=20', 'w=10&kind=poster&kind=thumb', 'width=10']) {
      expect(canonicalArtworkPath(`/api/public/v1/channels/c/artwork/1?${query}`), query).toBeNull();
    }
    expect(sizedArtworkPath('/api/public/v1/status', { width: 10, height: 10 })).toBeNull();
  });
});
