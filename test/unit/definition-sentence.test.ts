import { describe, expect, it } from 'vitest';
import { definitionSentence } from '../../src/renderer/src/views/definition-sentence';

// A channel's definition as one plain sentence, where its structure allows (and none where not).

const demo = (o: Record<string, unknown> = {}) => ({
  version: 3,
  ordering: 'shuffle',
  sort: { field: 'titleSort', direction: 'asc' },
  strategy: 'rotateShows',
  clauses: [
    { type: 'filter', tree: { op: 'and', children: [{ field: 'genre', op: 'is', value: 'sitcom' }, { field: 'duration', op: '<', value: 9000 }] } },
    { type: 'collection', source: { library: 'TV Shows', collection: '90s Sitcoms picks' } },
    { type: 'items', keys: ['48001', '48002'] },
  ],
  ...o,
});

describe('definitionSentence', () => {
  it('says rules, collections, order and hand-picked titles in one sentence', () => {
    expect(definitionSentence(demo())).toBe('Sitcom titles under 2 h 30 min and the “90s Sitcoms picks” collection, shuffled, one show at a time, plus 2 hand-picked titles.');
  });

  it('says an order kept, by what', () => {
    expect(definitionSentence(demo({ ordering: 'sequential', sort: { field: 'originallyAvailableAt', direction: 'desc' }, strategy: 'handPicked' }))).toBe(
      'Sitcom titles under 2 h 30 min and the “90s Sitcoms picks” collection, by air date, newest first, plus 2 hand-picked titles.',
    );
  });

  it('hand-picked titles alone', () => {
    expect(definitionSentence({ clauses: [{ type: 'items', keys: ['1'] }] })).toBe('1 hand-picked title.');
  });

  it('leaves out what it does not understand, and gives no sentence when it understands nothing', () => {
    expect(definitionSentence(demo({ clauses: [{ type: 'filter', tree: { op: 'or', children: [] } }, { type: 'collection', source: { collection: 'Picks' } }] }))).toBe(
      'The “Picks” collection, shuffled, one show at a time.',
    );
    expect(definitionSentence({ version: 9, layout: 'unknown' })).toBeNull();
    expect(definitionSentence(null)).toBeNull();
    expect(definitionSentence([1, 2])).toBeNull();
  });
});
