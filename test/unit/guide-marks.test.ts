import { describe, expect, it } from 'vitest';
import { kindOf } from '../../src/renderer/src/views/guide-kind';

// The guide's marks (issue 36): the kind only where the server says it. NEW is the episode
// record's (test/unit/episode-record.test.ts).

describe('kindOf', () => {
  it('reads sport or news from the package name (not both), else film or episode from the type, else nothing', () => {
    expect(kindOf({ type: 'episode' }, { name: 'Sports' })).toBe('sport');
    expect(kindOf({ type: 'movie' }, { name: 'World News' })).toBe('news');
    expect(kindOf({ type: 'episode' }, { name: 'News & Sport' })).toBe('episode'); // says neither
    expect(kindOf({ type: 'movie' }, null)).toBe('film');
    expect(kindOf({ type: 'show' }, { name: 'Comedy' })).toBe('episode');
    expect(kindOf({ type: null }, { name: 'Newsroom Classics' })).toBeNull(); // "Newsroom" is not "news"
    expect(kindOf({ type: 'documentary' }, null)).toBeNull();
  });
});
