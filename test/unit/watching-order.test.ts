import { describe, expect, it } from 'vitest';
import type { ViewerEntry } from '../../src/shared/bridge';
import { arrange } from '../../src/renderer/src/views/watching-order';

// Watching for real households (issue 35, item 7): the device on each card of a person on two,
// away servers' cards last, By channel as groups with a heading per channel.
const T = Date.parse('2026-03-02T18:00:00Z');
const viewer = (user: string, channelNumber: number | null, minutes: number, extra: Partial<ViewerEntry> = {}): ViewerEntry =>
  ({
    user,
    channelNumber,
    channelName: channelNumber === null ? null : `Ch ${channelNumber}`,
    title: 'Something',
    showTitle: null,
    artworkUrl: null,
    progress: null,
    device: null,
    startedAt: new Date(T + minutes * 60_000).toISOString(),
    ...extra,
  }) as ViewerEntry;

const names = (list: ReturnType<typeof arrange>) => list.rows.map((row) => (row.kind === 'channel' ? `# ${row.label} (${row.count})` : `${row.entry.user}${row.device ? ` [${row.device}]` : ''}`));

describe('Watching in order', () => {
  it('names the device on every card of a person watching on two, as people write it: never an ordinal, never "(ios)"', () => {
    const list = arrange(
      [
        viewer('Hannah', 101, 1, { device: { model: 'Roku Ultra', platform: 'roku' } }),
        viewer('Hannah', 102, 5, { device: { model: 'iPad', platform: 'ios' } }),
        viewer('Priya', 103, 2),
        viewer('Priya', 104, 3),
        viewer('Sam', 105, 4, { device: { model: 'iPad', platform: null } }),
        viewer('Kofi', 106, 6, { device: { model: 'iPhone 15', platform: 'ios' } }),
        viewer('Kofi', 107, 7, { device: { model: 'iPhone 15', platform: 'ios' } }),
        viewer('Olu', 108, 8, { device: { model: null, platform: 'webos' } }),
        viewer('Olu', 109, 9, { device: { model: 'LG OLED C3', platform: 'webos' } }),
      ],
      'newest',
    );
    // two of one label both say it (their cards differ by channel); devices not known are not named
    expect(names(list)).toEqual(['Olu [LG OLED C3]', 'Olu [webOS]', 'Kofi [iPhone 15]', 'Kofi [iPhone 15]', 'Hannah [iPad]', 'Sam', 'Priya', 'Priya', 'Hannah [Roku Ultra]']);
  });

  it('puts the cards of servers that are away after the current ones, each part newest first', () => {
    const list = arrange(
      [viewer('Ann', 1, 9, { serverId: 'cabin' }), viewer('Bea', 2, 1, { serverId: 'home' }), viewer('Cy', 3, 5, { serverId: 'home' }), viewer('Dee', 4, 2, { serverId: 'cabin' })],
      'newest',
      new Set(['cabin']),
    );
    expect(names(list)).toEqual(['Cy', 'Bea', 'Ann', 'Dee']);
    expect(list.at).toEqual([0, 1, 2, 3]);
  });

  it('By channel: a heading per channel in number order, its viewers under it newest first, away ones last; no channel last', () => {
    const list = arrange(
      [viewer('Ann', 102, 1), viewer('Bea', 101, 2, { serverId: 'cabin' }), viewer('Cy', 101, 1), viewer('Dee', null, 3), viewer('Eve', 101, 0)],
      'channel',
      new Set(['cabin']),
    );
    expect(names(list)).toEqual(['# 101 Ch 101 (3)', 'Cy', 'Eve', 'Bea', '# 102 Ch 102 (1)', 'Ann', '#  (1)', 'Dee']);
    // the keyboard walks the viewers only: where each sits among the rows
    expect(list.viewers.map((entry) => entry.user)).toEqual(['Cy', 'Eve', 'Bea', 'Ann', 'Dee']);
    expect(list.at).toEqual([1, 2, 3, 5, 7]);
  });
});
