import { afterEach, describe, expect, it } from 'vitest';
import { applyLocale } from '../../src/shared/i18n/catalogues';
import { definitionLines } from '../../src/renderer/src/views/definition-sentence';

// What a channel plays, a whole message per line in the language in use, where its structure
// allows (and nothing where not). No English is glued into another language's lines (issue 46).

afterEach(() => applyLocale('en'));

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

describe('definitionLines', () => {
  it('says rules, collections, hand-picked titles and order, a line each', () => {
    expect(definitionLines(demo())).toEqual(['Sitcom titles', 'Shorter than 2 h 30 min', 'The collection “90s Sitcoms picks”', '2 hand-picked titles', 'Played in random order', 'One show at a time, taking turns']);
  });

  it('says an order kept, by what', () => {
    expect(definitionLines(demo({ ordering: 'sequential', sort: { field: 'originallyAvailableAt', direction: 'desc' }, strategy: 'handPicked' }))).toEqual([
      'Sitcom titles',
      'Shorter than 2 h 30 min',
      'The collection “90s Sitcoms picks”',
      '2 hand-picked titles',
      'In order of first airing, newest first',
    ]);
  });

  it('hand-picked titles alone', () => {
    expect(definitionLines({ clauses: [{ type: 'items', keys: ['1'] }] })).toEqual(['1 hand-picked title']);
  });

  it('leaves out what it does not understand, and gives nothing when it understands nothing', () => {
    expect(definitionLines(demo({ clauses: [{ type: 'filter', tree: { op: 'or', children: [] } }, { type: 'collection', source: { collection: 'Picks' } }] }))).toEqual([
      'The collection “Picks”',
      'Played in random order',
      'One show at a time, taking turns',
    ]);
    expect(definitionLines({ version: 9, layout: 'unknown' })).toBeNull();
    expect(definitionLines(null)).toBeNull();
    expect(definitionLines([1, 2])).toBeNull();
  });

  it('says every line in the language in use, not English', () => {
    applyLocale('de');
    expect(definitionLines(demo())).toEqual(['Titel des Genres „Sitcom“', 'Kürzer als 2 Std. 30 Min.', 'Die Sammlung „90s Sitcoms picks“', '2 handverlesene Titel', 'In zufälliger Reihenfolge', 'Abwechselnd je eine Serie']);
    applyLocale('ja');
    expect(definitionLines(demo())).toEqual(['ジャンル「Sitcom」の作品', '2 時間 30 分未満の作品', 'コレクション「90s Sitcoms picks」', '手動で選んだ 2 作品', 'ランダムな順序', '番組を 1 本ずつ交互に']);
  });
});
