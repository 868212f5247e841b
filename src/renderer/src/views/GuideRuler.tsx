import { hourStart, ticks, xOf, type Timeline } from './guide-timeline';
import { COLUMN, RULER } from './guide-layout';
import { guideText } from '../strings/guide';
import { fontOf, textWidth } from '../components/text-width';

/**
 * The time ruler: ticks (sparser as the zoom goes out), the day at each midnight, the hour the
 * left edge is in when its own tick has scrolled past, and the current time on the now line. A
 * label is shown whole or not at all (its tick line stays): never cut by the edge of the view or
 * of the window, never half under the now pill. The corner above the channel column is the day
 * menu's (GuideDayMenu.tsx, drawn over it).
 */
/** Half the now pill ("12:10 PM"), px. */
const NOW_PILL_HALF_PX = 30;
/** A label's room besides its text: its 4 px padding and the tick line before it. */
const LABEL_EDGE_PX = 6;

export function Ruler({ line, at, visibleFrom, visibleEnd }: { line: Timeline; at: number; visibleFrom: number; visibleEnd: number }) {
  const shown = ticks(line).filter((tick) => tick.at >= visibleFrom - 60_000); // a label under the corner would show cut
  const hour = hourStart(Math.max(visibleFrom, line.start));
  const firstX = shown[0] ? xOf(line, shown[0].at) - xOf(line, visibleFrom) : Infinity;
  // the hour the view starts in, labelled at the edge when no tick names a time before the one at
  // that edge (so the hour the now line is in is always named); a tick within a minute of the edge
  // (a jump lands on whole pixels) is the edge's own label. Too close to the pinned label, a tick
  // keeps its line and gives up its label, unless it is a midnight: then the pinned label gives way
  const pinned = !(shown[0] && shown[0].at <= Math.max(visibleFrom + 60_000, at));
  const crowded = pinned && firstX < 44;
  const pinnedLabel = pinned && !(crowded && shown[0]!.midnight);
  const nowX = xOf(line, at);
  const nowShown = at >= line.start && at <= line.end && at >= visibleFrom;
  // where a label must end: the visible right edge, or the window's end before it
  const room = Math.min(xOf(line, visibleEnd), line.width);
  // the now pill: centred on the now line, or beside it where centred it would go under the
  // channel column or past the view's edge
  const pillAt = nowX - xOf(line, visibleFrom) < NOW_PILL_HALF_PX ? 'start' : nowX + NOW_PILL_HALF_PX > room ? 'end' : 'centre';
  const pillLeft = pillAt === 'start' ? nowX : pillAt === 'end' ? nowX - 2 * NOW_PILL_HALF_PX : nowX - NOW_PILL_HALF_PX;
  const plain = fontOf('guide-times', 'guide-tick');
  const bold = fontOf('guide-times', 'guide-tick guide-tick-day');
  /** the label's words when they fit whole where they stand, else none (a non-breaking space keeps the tick's height) */
  const label = (x: number, text: string, font: string) => {
    const width = textWidth(text, font) + LABEL_EDGE_PX;
    // a label the now pill would cover gives way (its line stays): the pill names the time itself,
    // and a digit peeking out beside it reads as a wrong time
    const underPill = nowShown && x + width > pillLeft && x < pillLeft + 2 * NOW_PILL_HALF_PX;
    return underPill || x + width > room ? '\u00a0' : text;
  };
  return (
    <div class="guide-times" style={{ width: `${COLUMN + line.width}px`, height: `${RULER}px` }} aria-hidden="true">
      <span class="guide-corner" style={{ width: `${COLUMN}px` }} />
      {pinnedLabel ? (
        <span class="guide-tick guide-tick-pinned" style={{ left: `${COLUMN + xOf(line, visibleFrom)}px` }}>
          {label(xOf(line, visibleFrom), guideText.time(hour), plain)}
        </span>
      ) : null}
      {shown.map((tick, i) => {
        const x = xOf(line, tick.at);
        const text = tick.midnight ? guideText.day(tick.at, at) : guideText.time(tick.at);
        return (
          <span key={tick.at} class={`guide-tick${tick.midnight ? ' guide-tick-day' : ''}`} style={{ left: `${COLUMN + x}px` }}>
            {crowded && i === 0 && !tick.midnight ? '\u00a0' : label(x, text, tick.midnight ? bold : plain)}
          </span>
        );
      })}
      {nowShown ? (
        <span class={`guide-now-label${pillAt === 'centre' ? '' : ` guide-now-label-${pillAt}`}`} style={{ left: `${COLUMN + nowX}px` }}>
          {guideText.time(at)}
        </span>
      ) : null}
    </div>
  );
}
