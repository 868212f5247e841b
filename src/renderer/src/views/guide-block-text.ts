import { TITLE_MIN_PX } from './guide-timeline';

/**
 * Owns what a guide block says at its width (issue 47: "titles win"). The title has first claim:
 * on one line when it fits there, else on two; the marks (a reminder, a followed title, NEW) and
 * the start time take what is left of the second line, each whole or not at all, in that order;
 * when the title needs both lines, the reminder and follow marks move to the block's right edge,
 * unless that would cut a title that fits its two lines without them (then they stay out: the
 * detail strip and the block's name say them). A block narrower than TITLE_MIN_PX shows no text. Pure: widths
 * come in measured (components/text-width.ts), so it is tested without a browser.
 */

/** a block's padding on each side, px (GuideBlock.css) */
export const BLOCK_PADDING = 3;
/** the gap between the second line's items, px */
export const META_GAP = 3;
/** a mark's icon, px (drawn at this size) */
export const MARK_ICON = 10;
/** the edge column: an icon and the gap before it, px (GuideBlock.css: .block-edged's padding less the block's own) */
export const EDGE_WIDTH = MARK_ICON + 2;

export type Mark = 'reminded' | 'followed' | 'fresh';
export type MetaItem = Mark | 'time';

export interface BlockTextInput {
  /** the block's width, px */
  width: number;
  /** the title, and how wide a piece of text is in its font, px */
  title: string;
  measure: (text: string) => number;
  /** the marks the programme carries, any order */
  marks: readonly Mark[];
  /** NEW's width, px (the icons are MARK_ICON) */
  fresh: number;
  /** the start time's (or "On now"'s) width, px */
  time: number;
}

export interface BlockText {
  bare: boolean;
  /** the title's lines */
  lines: 1 | 2;
  /** the second line, in order, each item whole */
  meta: MetaItem[];
  /** marks at the right edge (the title on two lines beside them) */
  edge: Mark[];
}

/** the order the second line is filled in: the person's own marks first, then NEW, then the time */
const META_ORDER: readonly MetaItem[] = ['reminded', 'followed', 'fresh', 'time'];
/**
 * How far the measured and the drawn widths may differ, px (a canvas and the layout round and
 * shape a little differently): where it matters, the title is given the benefit of the doubt.
 */
const SLACK = 1.5;

/**
 * How many lines `words` take, wrapped greedily at `width` as the browser does (each line measured
 * whole, so what the font does across a space counts; a word wider than the line breaks anywhere,
 * as overflow-wrap does).
 */
export function linesNeeded(words: readonly string[], measure: (text: string) => number, width: number): number {
  if (width <= 0) return Infinity;
  let lines = 1;
  let line = '';
  for (const word of words) {
    const longer = line === '' ? word : `${line} ${word}`;
    if (line === '' || measure(longer) <= width) {
      line = longer;
      if (line === word && measure(word) > width) {
        // a word wider than the line fills whole lines, its rest starts the last one
        const full = Math.ceil(measure(word) / width) - 1;
        lines += full;
      }
      continue;
    }
    lines++;
    line = word;
    if (measure(word) > width) lines += Math.ceil(measure(word) / width) - 1;
  }
  return lines;
}

/** What a block of `input.width` px shows (see the module's comment). */
export function blockText(input: BlockTextInput): BlockText {
  const { width, title, measure, marks, fresh, time } = input;
  if (width < TITLE_MIN_PX) return { bare: true, lines: 1, meta: [], edge: [] };
  const inner = width - 2 * BLOCK_PADDING;
  const words = title.split(/\s+/).filter(Boolean);
  // two lines only where they break between words: the first word fits a line
  const wraps = words.length > 1 && measure(words[0]!) <= inner;
  if (measure(title) <= inner + 0.5 || !wraps) {
    const meta: MetaItem[] = [];
    let used = 0;
    for (const item of META_ORDER) {
      if (item !== 'time' && !marks.includes(item)) continue;
      const w = item === 'time' ? time : item === 'fresh' ? fresh : MARK_ICON;
      const need = used === 0 ? w : used + META_GAP + w;
      if (need <= inner) {
        meta.push(item);
        used = need;
      }
    }
    return { bare: false, lines: 1, meta, edge: [] };
  }
  const icons = marks.filter((mark): mark is 'reminded' | 'followed' => mark === 'reminded' || mark === 'followed');
  // the edge costs the title nothing it would show: it fits beside the marks, or is cut without them
  // anyway (each judged with the doubt in the title's favour)
  if (icons.length === 0) return { bare: false, lines: 2, meta: [], edge: [] };
  // and never breaks the first word ("Flatmates" / ": The…")
  const firstWhole = measure(words[0]!) <= inner - EDGE_WIDTH - SLACK;
  const beside = firstWhole && linesNeeded(words, measure, inner - EDGE_WIDTH - SLACK) <= 2;
  const cutAnyway = firstWhole && !beside && linesNeeded(words, measure, inner + SLACK) > 2;
  return { bare: false, lines: 2, meta: [], edge: beside || cutAnyway ? icons : [] };
}
