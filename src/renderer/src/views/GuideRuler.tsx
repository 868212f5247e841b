import { hourStart, ticks, xOf, type Timeline } from './guide-timeline';
import { COLUMN, RULER } from './guide-layout';
import { guideText } from '../strings/guide';

/**
 * The time ruler: the day at the visible left edge in the corner, ticks (sparser as the zoom goes
 * out), the day at each midnight, the hour the left edge is in when its own tick has scrolled
 * past, and the current time on the now line.
 */
/** About how wide a ruler label is ("12:00", "12 PM") and half the now pill ("12:10 PM"), in px. */
const TICK_LABEL_PX = 38;
const NOW_PILL_HALF_PX = 30;

export function Ruler({ line, at, visibleFrom }: { line: Timeline; at: number; visibleFrom: number }) {
  const shown = ticks(line).filter((tick) => tick.at >= visibleFrom - 60_000); // a label under the corner would show cut
  const hour = hourStart(Math.max(visibleFrom, line.start));
  const firstX = shown[0] ? xOf(line, shown[0].at) - xOf(line, visibleFrom) : Infinity;
  // the hour the view starts in, labelled at the edge when no tick names a time before the one at
  // that edge (so the hour the now line is in is always named); a tick too close to it keeps its
  // line and gives up its label
  const pinned = !(shown[0] && shown[0].at <= Math.max(visibleFrom, at));
  const crowded = pinned && firstX < 44;
  const nowX = xOf(line, at);
  const nowShown = at >= line.start && at <= line.end && at >= visibleFrom;
  // a label the now pill would cover gives way (its line stays): the pill names the time itself,
  // and a digit peeking out beside it reads as a wrong time
  const underPill = (x: number) => nowShown && x + TICK_LABEL_PX > nowX - NOW_PILL_HALF_PX && x < nowX + NOW_PILL_HALF_PX;
  return (
    <div class="guide-times" style={{ width: `${COLUMN + line.width}px`, height: `${RULER}px` }} aria-hidden="true">
      <span class="guide-corner" style={{ width: `${COLUMN}px` }}>
        {/* a pixel in: scrolling lands on whole pixels, a midnight at the edge is tomorrow's */}
        {guideText.day(visibleFrom + 60_000 / line.scale, at)}
      </span>
      {pinned ? (
        <span class="guide-tick guide-tick-pinned" style={{ left: `${COLUMN + xOf(line, visibleFrom)}px` }}>
          {underPill(xOf(line, visibleFrom)) ? '\u00a0' : guideText.time(hour)}
        </span>
      ) : null}
      {shown.map((tick, i) => (
        <span key={tick.at} class={`guide-tick${tick.midnight ? ' guide-tick-day' : ''}`} style={{ left: `${COLUMN + xOf(line, tick.at)}px` }}>
          {(crowded && i === 0 && !tick.midnight) || underPill(xOf(line, tick.at)) ? '\u00a0' : tick.midnight ? guideText.day(tick.at, at) : guideText.time(tick.at)}
        </span>
      ))}
      {nowShown ? (
        <span class="guide-now-label" style={{ left: `${COLUMN + nowX}px` }}>
          {guideText.time(at)}
        </span>
      ) : null}
    </div>
  );
}
