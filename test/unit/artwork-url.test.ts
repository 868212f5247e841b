import { describe, expect, it } from 'vitest';
import {
  ART_URL_BASE,
  PREVIEW_ART_PREFIX,
  artworkPathFromPreview,
  artworkPathFromUrl,
  artworkSrc,
  artworkUrlFor,
  canonicalArtworkPath,
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
