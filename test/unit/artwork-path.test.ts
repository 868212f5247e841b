import { describe, expect, it } from 'vitest';
import { artworkPath, ArtworkKinds, parseArtworkPath, type ArtworkRef } from '../../src/shared/airwave/artwork';

const BASE = '/api/public/v1/channels';

describe('artworkPath', () => {
  it('builds the documented host-relative path, with and without a kind', () => {
    expect(artworkPath({ channelId: 'ch_comedy', ratingKey: '48213' })).toBe('/api/public/v1/channels/ch_comedy/artwork/48213');
    expect(artworkPath({ channelId: 'ch_comedy', ratingKey: '48213', kind: 'background' })).toBe(
      '/api/public/v1/channels/ch_comedy/artwork/48213?kind=background',
    );
  });

  it('percent-encodes ids that are not plain path segments', () => {
    expect(artworkPath({ channelId: 'living room', ratingKey: 'a?b#c', kind: 'thumb' })).toBe(
      `${BASE}/living%20room/artwork/a%3Fb%23c?kind=thumb`,
    );
    expect(artworkPath({ channelId: 'chaîne/1', ratingKey: '100%' })).toBe(`${BASE}/cha%C3%AEne%2F1/artwork/100%25`);
  });

  it.each(['', '.', '..'])('refuses an id of %j, which would climb out of the artwork path', (id) => {
    expect(() => artworkPath({ channelId: id, ratingKey: '1' })).toThrow(RangeError);
    expect(() => artworkPath({ channelId: 'c1', ratingKey: id })).toThrow(RangeError);
  });
});

describe('parseArtworkPath', () => {
  it('reads a path without a kind', () => {
    expect(parseArtworkPath(`${BASE}/ch_comedy/artwork/48213`)).toStrictEqual({ channelId: 'ch_comedy', ratingKey: '48213' });
    expect(parseArtworkPath(`${BASE}/ch_comedy/artwork/48213?`)).toStrictEqual({ channelId: 'ch_comedy', ratingKey: '48213' });
  });

  it.each(ArtworkKinds)('reads kind=%s', (kind) => {
    expect(parseArtworkPath(`${BASE}/c1/artwork/9?kind=${kind}`)).toStrictEqual({ channelId: 'c1', ratingKey: '9', kind });
  });

  it('knows exactly the three documented kinds', () => {
    expect([...ArtworkKinds]).toEqual(['poster', 'background', 'thumb']);
  });

  it('decodes percent-encoded ids', () => {
    expect(parseArtworkPath(`${BASE}/living%20room/artwork/a%3Fb%23c?kind=poster`)).toStrictEqual({
      channelId: 'living room',
      ratingKey: 'a?b#c',
      kind: 'poster',
    });
  });

  it.each<ArtworkRef>([
    { channelId: 'ch_comedy', ratingKey: '48213' },
    { channelId: 'ch_comedy', ratingKey: '48213', kind: 'poster' },
    { channelId: 'living room', ratingKey: 'a?b#c&kind=thumb', kind: 'background' },
    { channelId: 'chaîne-ü', ratingKey: '100%', kind: 'thumb' },
    { channelId: '~tilde.dot_', ratingKey: 'x..y' },
  ])('round-trips $channelId / $ratingKey / $kind', (ref) => {
    expect(parseArtworkPath(artworkPath(ref))).toStrictEqual(ref);
  });

  describe('rejects anything that is not exactly an artwork path', () => {
    it.each([
      ['another endpoint', '/api/public/v1/status'],
      ['another channel route', `${BASE}/c1/now`],
      ['another version', '/api/public/v2/channels/c1/artwork/9'],
      ['a missing leading slash', 'api/public/v1/channels/c1/artwork/9'],
      ['an absolute URL', 'http://evil/api/public/v1/channels/c1/artwork/9'],
      ['a protocol-relative URL', '//evil/api/public/v1/channels/c1/artwork/9'],
      ['an https URL to the right path', 'https://airwave.local:36020/api/public/v1/channels/c1/artwork/9'],
      ['a prefix before the API path', '/airwave/api/public/v1/channels/c1/artwork/9'],
      ['an empty string', ''],
    ])('%s', (_name, path) => {
      expect(parseArtworkPath(path)).toBeNull();
    });
  });

  describe('rejects traversal and smuggled separators', () => {
    it.each([
      ['.. as the channel', `${BASE}/../artwork/9`],
      ['.. as the rating key', `${BASE}/c1/artwork/..`],
      ['. as the rating key', `${BASE}/c1/artwork/.`],
      ['%2e%2e', `${BASE}/%2e%2e/artwork/9`],
      ['%2E%2E', `${BASE}/c1/artwork/%2E%2E`],
      ['.%2e', `${BASE}/c1/artwork/.%2e`],
      ['%2F inside a segment', `${BASE}/c1/artwork/..%2Fsecret`],
      ['lower-case %2f', `${BASE}/c1%2f..%2fx/artwork/9`],
      ['a raw backslash', `${BASE}/c1/artwork/9\\..\\x`],
      ['an encoded backslash', `${BASE}/c1/artwork/9%5C..`],
      ['broken percent-encoding', `${BASE}/c1/artwork/%E0%A4%A`],
      ['a traversal that leaves the prefix', '/api/public/v1/channels/../../../etc/passwd'],
    ])('%s', (_name, path) => {
      expect(parseArtworkPath(path)).toBeNull();
    });
  });

  describe('rejects a wrong shape', () => {
    it.each([
      ['an extra trailing segment', `${BASE}/c1/artwork/9/full`],
      ['a trailing slash', `${BASE}/c1/artwork/9/`],
      ['a missing rating key', `${BASE}/c1/artwork`],
      ['an empty rating key', `${BASE}/c1/artwork/`],
      ['an empty channel', `${BASE}//artwork/9`],
      ['a doubled slash', `${BASE}/c1//artwork/9`],
      ['another word than artwork', `${BASE}/c1/artworks/9`],
      ['a segment with a space', `${BASE}/c 1/artwork/9`],
    ])('%s', (_name, path) => {
      expect(parseArtworkPath(path)).toBeNull();
    });
  });

  describe('rejects a query other than one known kind', () => {
    it.each([
      ['an unknown kind', '?kind=banner'],
      ['an upper-case kind', '?kind=POSTER'],
      ['an empty kind', '?kind='],
      ['a kind given twice', '?kind=poster&kind=thumb'],
      ['the same kind twice', '?kind=poster&kind=poster'],
      ['an extra parameter', '?kind=poster&api_key=airwave_abc'],
      ['an extra parameter alone', '?width=300'],
      ['a differently cased name', '?KIND=thumb'],
      ['a second question mark', '?kind=thumb?x=1'],
      ['a fragment', '#top'],
      ['a fragment after the kind', '?kind=thumb#top'],
    ])('%s', (_name, suffix) => {
      expect(parseArtworkPath(`${BASE}/c1/artwork/9${suffix}`)).toBeNull();
    });
  });
});
