import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BLOCK_PADDING, blockText, EDGE_WIDTH, linesNeeded, MARK_ICON, META_GAP, type Mark } from '../../src/renderer/src/views/guide-block-text';
import { TITLE_MIN_PX } from '../../src/renderer/src/views/guide-timeline';

// What a guide block says at its width (issue 47): the title first, marks and the time in what is
// left, each whole; at the default 1 h, "Zoë's …" lost to NEW and the start time.

/** a monospace font: 7 px a letter or a space */
const mono = (text: string) => text.length * 7;
const measured = (title: string) => ({ title, measure: mono });

const base = { marks: [] as Mark[], fresh: 26, time: 30 };

describe('a block’s text', () => {
  it('gives the title one line where it fits, and the second line to the marks and the time, each whole', () => {
    const zoe = measured('Zoë’s Café'); // 70 px
    const shown = blockText({ width: 90, ...zoe, ...base, marks: ['fresh', 'reminded'] });
    expect(shown).toEqual({ bare: false, lines: 1, meta: ['reminded', 'fresh', 'time'], edge: [] });
    // narrower: the time does not fit whole after the bell and NEW, so it stays out (never "12…")
    expect(blockText({ width: 76, ...zoe, ...base, marks: ['fresh', 'reminded'] }).meta).toEqual(['reminded', 'fresh']);
  });

  it('gives a title that does not fit one line two, and the time and NEW stay out', () => {
    const harbour = measured('Harbour Lights: Pilot'); // 147 px
    const shown = blockText({ width: 100, ...harbour, ...base, marks: ['fresh'] });
    expect(shown).toEqual({ bare: false, lines: 2, meta: [], edge: [] });
  });

  it('puts the reminder and follow marks at the edge unless they would cut a title that fits its two lines without them', () => {
    const harbour = measured('Harbour Lights: Pilot'); // words 49, 49, 35
    // 100 px: inner 94 holds "Harbour" / "Lights: Pilot" (91); beside the edge (82) it would take three lines
    expect(blockText({ width: 100, ...harbour, ...base, marks: ['reminded', 'followed'] })).toEqual({ bare: false, lines: 2, meta: [], edge: [] });
    // 112 px: beside the edge (92 px, less the slack) still holds "Lights: Pilot" (91): two lines, the marks fit
    expect(blockText({ width: 112, ...harbour, ...base, marks: ['reminded', 'followed', 'fresh'] }).edge).toEqual(['reminded', 'followed']);
    // a title cut at two lines anyway: the marks take the edge
    const long = measured('The Extraordinarily Long and Winding Chronicle of the Night Shift');
    expect(blockText({ width: 100, ...long, ...base, marks: ['followed'] }).edge).toEqual(['followed']);
  });

  it('keeps a title whose first word does not fit a line on one line, cut with an ellipsis (never broken inside a word)', () => {
    const flatmates = measured('Flatmates: The One With the Spare Key'); // "Flatmates:" 70 px
    expect(blockText({ width: 70, ...flatmates, ...base }).lines).toBe(1);
    expect(blockText({ width: 80, ...flatmates, ...base }).lines).toBe(2);
  });

  it('shows no text below the minimum, and text at it, marks or not', () => {
    expect(blockText({ width: TITLE_MIN_PX - 1, ...measured('Pip'), ...base }).bare).toBe(true);
    expect(blockText({ width: TITLE_MIN_PX, ...measured('Pip and the Puddle Jumpers'), ...base, marks: ['reminded', 'followed', 'fresh'] }).bare).toBe(false);
  });

  it('counts lines as the browser wraps them: greedily, each line measured whole, a word wider than the line breaking anywhere', () => {
    expect(linesNeeded(['aaaa', 'aaaa'], mono, 63)).toBe(1);
    expect(linesNeeded(['aaaa', 'aaaa'], mono, 62)).toBe(2);
    expect(linesNeeded(['a'.repeat(21)], mono, 60)).toBe(3);
    expect(linesNeeded(['a', 'x'.repeat(21)], mono, 60)).toBe(4);
    expect(linesNeeded([], mono, 60)).toBe(1);
  });

  it('never cuts a title for a mark, never shows part of a mark or the time, and never leaves a wide block bare (property)', () => {
    const word = fc.stringMatching(/^[a-z]{1,17}$/);
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 600 }),
        fc.array(word, { minLength: 1, maxLength: 8 }),
        fc.subarray(['reminded', 'followed', 'fresh'] as Mark[]),
        fc.integer({ min: 10, max: 40 }),
        fc.integer({ min: 20, max: 60 }),
        (width, words, marks, fresh, time) => {
          const title = words.join(' ');
          const shown = blockText({ width, title, measure: mono, marks, fresh, time });
          const inner = width - 2 * BLOCK_PADDING;
          expect(shown.bare).toBe(width < TITLE_MIN_PX);
          if (shown.bare) return;
          // the title's line count is its own: one where it fits one, two where it breaks between words
          expect(shown.lines).toBe(mono(title) <= inner + 0.5 || words.length === 1 || mono(words[0]!) > inner ? 1 : 2);
          // the second line's items add up within the width, each whole
          const widths = shown.meta.map((item) => (item === 'time' ? time : item === 'fresh' ? fresh : MARK_ICON));
          const used = widths.reduce((a, b) => a + b, 0) + META_GAP * Math.max(0, widths.length - 1);
          expect(used).toBeLessThanOrEqual(inner);
          expect(shown.meta.filter((m) => m !== 'time').every((m) => marks.includes(m))).toBe(true);
          // the edge never cuts a title that fits its two lines without it
          const fitsWithout = linesNeeded(words, mono, inner) <= 2;
          if (shown.edge.length > 0 && fitsWithout) expect(linesNeeded(words, mono, inner - EDGE_WIDTH)).toBeLessThanOrEqual(2);
          // and the marks are not left out where the edge costs the title nothing, whatever the doubt
          const firstWhole = mono(words[0]!) <= inner - EDGE_WIDTH - 2;
          if (shown.lines === 2 && firstWhole && marks.some((m) => m !== 'fresh') && (linesNeeded(words, mono, inner - EDGE_WIDTH - 2) <= 2 || linesNeeded(words, mono, inner + 2) > 2)) {
            expect(shown.edge.length).toBeGreaterThan(0);
          }
          // beside the edge the first word is whole
          if (shown.edge.length > 0) expect(mono(words[0]!)).toBeLessThanOrEqual(inner - EDGE_WIDTH);
          // the second line and the edge never both
          expect(shown.meta.length === 0 || shown.edge.length === 0).toBe(true);
        },
      ),
    );
  });
});
