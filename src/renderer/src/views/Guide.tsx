import { Star } from 'lucide-preact';
import { useEffect, useLayoutEffect, useRef, useState } from 'preact/hooks';
import { artworkPath, parseArtworkPath, type GuideChannel, type Program } from '../../../shared/airwave';
import { clock, duration, episodeLabel } from '../../../shared/format';
import { Artwork, BACKDROP_SIZE, Empty } from '../components/bits';
import { ChannelIcon } from '../components/channel-icon';
import { useVirtualRows } from '../components/virtual';
import { StarButton } from '../features/buttons';
import { SlotActions } from '../features/sheet-actions';
import { channelDetail, now, programDetail } from '../state';
import { guideText } from '../strings/guide';
import { favouritesOnly, guideList, guideRows, guideStatus, requestWindow } from './guide-source';
import { block, jumps, ticks, timeAt, timeline, visibleSpan, windowFor, xOf, type JumpId, type Timeline } from './guide-timeline';
import './Guide.css';
import '../components/sheet.css';

/**
 * Owns the guide view: a TV-guide timeline for 380 px. The channel column stays pinned, titles
 * stay at the visible left edge, the programme on air is filled, midnights carry the day, and
 * jumps (now, +1 h, tonight, tomorrow) move through long windows. Each channel has a star (the
 * arrow keys reach it: it is the grid's first column), and the toolbar can list starred channels
 * only. Data comes through guide-source.ts, geometry from guide-timeline.ts.
 */

/** The forward windows on offer, in hours. */
export const GUIDE_WINDOWS = [1, 3, 6, 12, 24] as const;
const ROW = 52;
const RULER = 26;
const COLUMN = 124;
/** rows drawn beyond the visible ones, and pixels of timeline beyond the right edge */
const OVERSCAN_ROWS = 3;
const OVERSCAN_PX = 240;

export type Selected = NonNullable<typeof programDetail.value>;

interface Failure {
  hours: number;
  reason: string;
  shown: number | null;
}

export function Guide() {
  const status = guideStatus();
  const at = now.value;
  const [failure, setFailure] = useState<Failure | null>(null);
  const [pending, setPending] = useState<number | null>(null);
  const [scrollLeft, setScrollLeft] = useState(0);
  const [viewport, setViewport] = useState(380);
  /** a time to bring to the visible left edge once the window covers it */
  const [target, setTarget] = useState<number | null>(null);
  const list = guideList();
  const { scrollRef, items, totalSize } = useVirtualRows(list.count, ROW, OVERSCAN_ROWS);
  const toggleRef = useRef<HTMLButtonElement>(null);
  // a star pressed while only favourites are listed takes its row away: focus goes to the row now there
  const refocus = useRef<number | null>(null);
  useLayoutEffect(() => {
    const position = refocus.current;
    if (position === null || list.finding) return;
    refocus.current = null;
    const at = Math.min(position, list.count - 1);
    const star = scrollRef.current?.querySelector<HTMLElement>(`.guide-row[data-position="${at}"] .guide-star`);
    (star ?? toggleRef.current)?.focus();
  }, [list.count, list.finding]);

  const load = async (hours: number) => {
    setFailure(null);
    setPending(hours);
    const outcome = await requestWindow(hours * 60);
    setPending(null);
    if (!outcome.ok) {
      const shown = guideStatus().shownMinutes;
      setFailure({ hours, reason: outcome.error.message, shown: shown === null ? null : shown / 60 });
      setTarget(null);
    }
  };
  useEffect(() => {
    if (!status.window && !status.loading) void load(status.requestedMinutes / 60);
  }, []);

  const line: Timeline | null = status.window ? timeline(at, status.window, viewport - COLUMN) : null;
  const visibleFrom = line ? timeAt(line, scrollLeft) : at;
  const visibleTo = line ? timeAt(line, scrollLeft + viewport - COLUMN + OVERSCAN_PX) : at;

  // Keep the time at the visible left edge when the scale or start changes; open on now; land jumps.
  const leftTime = useRef<number | null>(null);
  useLayoutEffect(() => {
    const element = scrollRef.current;
    if (!element || !line) return;
    if (element.clientWidth && element.clientWidth !== viewport) setViewport(element.clientWidth);
    let wanted = leftTime.current ?? at - 15 * 60_000;
    if (target !== null) {
      // land once the bigger window is here: the one shown may end past the target (a 1-hour window
      // at 23:05 ends after midnight) yet be too short to scroll it to the left edge
      if (target + landingSpan(viewport) > line.end && (pending !== null || status.loading)) return;
      wanted = Math.min(target, line.end - 60 * 60_000);
      setTarget(null);
    }
    const left = Math.max(0, Math.round(xOf(line, wanted)));
    if (Math.abs(element.scrollLeft - left) > 1) element.scrollLeft = left;
    setScrollLeft(element.scrollLeft);
    leftTime.current = timeAt(line, element.scrollLeft);
  }, [line?.scale, line?.start, line?.end, target, pending, viewport]);

  const frame = useRef(0);
  const onScroll = () => {
    cancelAnimationFrame(frame.current);
    frame.current = requestAnimationFrame(() => {
      const element = scrollRef.current;
      if (!element || !line) return;
      setScrollLeft(element.scrollLeft);
      leftTime.current = timeAt(line, element.scrollLeft);
    });
  };
  useEffect(() => () => cancelAnimationFrame(frame.current), []);

  /** Arrow keys move through the grid: left and right along a channel, up and down to what is on at the same time. */
  const arrows = (event: KeyboardEvent) => {
    const element = scrollRef.current;
    const from = event.target as HTMLElement;
    if (!element || !['ArrowLeft', 'ArrowRight', 'ArrowUp', 'ArrowDown'].includes(event.key) || !from.closest('.guide-row')) return;
    event.preventDefault();
    const next = gridNeighbour(from, event.key);
    // ArrowLeft when the programme before is not drawn (it ended at the left edge): this one's start two thirds across, then move
    const fromStart = Number(from.dataset.starts);
    if (event.key === 'ArrowLeft' && line && next?.classList.contains('guide-channel') && from.classList.contains('block') && fromStart > line.start) {
      element.scrollTo({ left: Math.max(0, xOf(line, fromStart) - ((viewport - COLUMN) * 2) / 3) });
      return focusWhenDrawn(from, event.key, (cell) => cell.classList.contains('block'));
    }
    const along = event.key === 'ArrowLeft' || event.key === 'ArrowRight';
    if (next && along && next.classList.contains('block') && line) {
      // not the browser's own scrolling into view: for a programme longer than the view it puts
      // the start at the edge, and the one we came from out of view (and undrawn), so the way
      // back would skip it. Its start a third of the way across keeps both in view.
      next.focus({ preventScroll: true });
      const starts = xOf(line, Math.max(Number(next.dataset.starts), line.start));
      const width = viewport - COLUMN;
      if (starts < element.scrollLeft || starts > element.scrollLeft + width - 24) element.scrollTo({ left: Math.max(0, starts - width / 3) });
      return;
    }
    if (next) return next.focus();
    if (event.key === 'ArrowRight') {
      // the next programme is beyond what is drawn (this one runs on past the view): bring this
      // one's end into view, a third of the way across, then move once the next is drawn
      const ends = Number(from.dataset.ends);
      if (!line || !Number.isFinite(ends) || ends >= line.end) return;
      element.scrollTo({ left: Math.max(0, xOf(line, ends) - (viewport - COLUMN) / 3) });
      return focusWhenDrawn(from, event.key);
    }
    if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
    // the row is not drawn yet: scroll it into view, then move once it is there
    element.scrollBy({ top: event.key === 'ArrowDown' ? ROW : -ROW });
    focusWhenDrawn(from, event.key);
  };

  const jump = (to: number) => {
    setTarget(to);
    // a window that reaches far enough past `to` for it to scroll to the visible left edge
    const span = landingSpan(viewport);
    const hours = windowFor(at, to, GUIDE_WINDOWS, span);
    if (status.window && to + span > status.window.to && hours * 60 > (status.shownMinutes ?? 0)) void load(hours);
  };

  const shown = status.shownMinutes === null ? null : status.shownMinutes / 60;
  const first = items[0]?.index ?? 0;
  // The rows' programmes for the whole timeline, not just the part in view: the list under each row
  // then stays the same while scrolling sideways (blocks out of view render nothing), so Preact
  // never moves a focused block, which would drop its focus.
  const rows = items.length && line ? guideRows(first, items[items.length - 1]!.index + 1, line.start, line.end) : [];

  return (
    <div class="guide" data-window-minutes={status.shownMinutes ?? undefined}>
      <div class="guide-toolbar">
        <div class="guide-windows">
          <div class="guide-window-chips" role="radiogroup" aria-label={guideText.windowGroup}>
          {GUIDE_WINDOWS.map((hours) => {
            const checked = (shown ?? status.requestedMinutes / 60) === hours;
            const busy = pending === hours && !checked;
            return (
              <button key={hours} type="button" role="radio" aria-checked={checked} aria-busy={busy} class={`chip${checked ? ' chip-active' : ''}${busy ? ' chip-pending' : ''}`} onClick={() => void load(hours)}>
                {guideText.window(hours)}
              </button>
            );
          })}
          </div>
          <button
            ref={toggleRef}
            type="button"
            class={`chip guide-favourites${favouritesOnly.value ? ' chip-active' : ''}`}
            aria-pressed={favouritesOnly.value}
            aria-label={guideText.favouritesOnly}
            title={guideText.favouritesOnlyHint}
            onClick={() => (favouritesOnly.value = !favouritesOnly.value)}
          >
            <Star size={13} aria-hidden fill={favouritesOnly.value ? 'currentColor' : 'none'} />
            {guideText.favourites}
          </button>
        </div>
        <div class="guide-jumps" role="group" aria-label={guideText.jumpGroup}>
          {jumps(at, visibleFrom).map(({ id, at: to }) => (
            <button key={id} type="button" class="jump" onClick={() => jump(to)} title={jumpTitle(id)}>
              {jumpText(id, to)}
            </button>
          ))}
        </div>
      </div>
      {status.loading || pending !== null ? (
        <p class="guide-status muted small" role="status">
          {guideText.loadingWindow(pending ?? status.requestedMinutes / 60)}
        </p>
      ) : null}
      {failure ? (
        <p class="inline-error guide-error" role="alert">
          {guideText.failed(failure.hours, failure.reason, failure.shown)}
        </p>
      ) : null}
      {!line ? (
        <Empty title={status.loading || pending !== null ? guideText.loadingGuide : guideText.notLoaded}>{!status.loading && status.error ? status.error : null}</Empty>
      ) : favouritesOnly.value && list.favourites === 0 ? (
        <Empty title={guideText.noFavourites}>{guideText.noFavouritesHint}</Empty>
      ) : favouritesOnly.value && list.count === 0 && !list.finding ? (
        <Empty title={guideText.noFavouritesHere}>{guideText.noFavouritesHereHint}</Empty>
      ) : (
        <div ref={scrollRef} class="scroll guide-scroll" onScroll={onScroll} onKeyDown={arrows} role="region" aria-label={favouritesOnly.value ? guideText.starredGrid(list.count) : guideText.grid(status.channelCount)}>
          <div class="guide-canvas" style={{ width: `${COLUMN + line.width}px`, height: `${totalSize + RULER}px` }}>
            <Ruler line={line} at={at} visibleFrom={visibleFrom} />
            {/* lines only where the grid is in view: scrolled past, they would cross the pinned column */}
            {ticks(line)
              .filter((tick) => tick.midnight && tick.at >= visibleFrom)
              .map((tick) => (
                <div key={tick.at} class="day-line" style={{ left: `${COLUMN + xOf(line, tick.at)}px`, height: `${totalSize + RULER}px` }} aria-hidden="true" />
              ))}
            {at >= line.start && at >= visibleFrom && at <= line.end ? <div class="now-line" style={{ left: `${COLUMN + xOf(line, at)}px`, height: `${totalSize + RULER}px` }} aria-hidden="true" /> : null}
            {items.map((item) => {
              const row = rows[item.index - first];
              const top = `translateY(${item.start + RULER}px)`;
              if (!row) return <div key={`pending-${item.index}`} class="guide-row guide-row-pending" style={{ transform: top, height: `${ROW}px`, width: `${COLUMN + line.width}px` }} aria-hidden="true" />;
              const onStar = () => {
                if (favouritesOnly.value) refocus.current = item.index;
              };
              return <Row key={row.id} row={row} position={item.index} onStar={onStar} line={line} at={at} top={top} visibleFrom={visibleFrom} visibleTo={visibleTo} />;
            })}
          </div>
        </div>
      )}
    </div>
  );
}

/** How far past a jump's target the window must reach: an hour, or what the view shows when more. */
const landingSpan = (viewport: number) => Math.max(60 * 60_000, visibleSpan(viewport - COLUMN));

/**
 * After scrolling, a row or programme may still be on its way: look for the neighbour (one `wanted`
 * accepts) on each frame for at most three seconds, then take any; give up if focus went elsewhere.
 */
function focusWhenDrawn(from: HTMLElement, key: string, wanted?: (cell: HTMLElement) => boolean, until = performance.now() + 3_000): void {
  requestAnimationFrame(() => {
    if (!from.isConnected || document.activeElement !== from) return;
    const next = gridNeighbour(from, key);
    const late = performance.now() >= until;
    if (next && (!wanted || wanted(next) || late)) next.focus();
    else if (!late) focusWhenDrawn(from, key, wanted, until);
  });
}

/** The cell an arrow key leads to from `from` (a channel cell or a programme block), if it is drawn. */
function gridNeighbour(from: HTMLElement, key: string): HTMLElement | null {
  const row = from.closest<HTMLElement>('.guide-row')!;
  const cells = (r: Element) => [...r.querySelectorAll<HTMLElement>('.guide-star, .guide-channel, .block')];
  if (key === 'ArrowLeft' || key === 'ArrowRight') {
    const own = cells(row);
    return own[own.indexOf(from) + (key === 'ArrowRight' ? 1 : -1)] ?? null;
  }
  // rows are positioned, not in DOM order: find the one just above or below by its offset
  const rows = [...row.parentElement!.querySelectorAll<HTMLElement>('.guide-row')].filter((r) => r.querySelector('.guide-channel'));
  const sorted = rows.map((r) => ({ r, top: r.getBoundingClientRect().top })).sort((a, b) => a.top - b.top);
  const index = sorted.findIndex((entry) => entry.r === row);
  const target = sorted[index + (key === 'ArrowDown' ? 1 : -1)]?.r;
  if (!target) return null;
  if (from.classList.contains('guide-channel')) return target.querySelector('.guide-channel');
  if (from.classList.contains('guide-star')) return target.querySelector('.guide-star');
  // what is on in that row at the left edge of the programme we come from
  const x = from.getBoundingClientRect().left + 1;
  const blocks = [...target.querySelectorAll<HTMLElement>('.block')];
  return blocks.find((b) => b.getBoundingClientRect().left <= x && b.getBoundingClientRect().right > x) ?? blocks.find((b) => b.getBoundingClientRect().left > x) ?? target.querySelector('.guide-channel');
}

function jumpText(id: JumpId, to: number): string {
  return id === 'now' ? guideText.now : id === 'plus-hour' ? guideText.plusHour : id === 'tonight' ? guideText.tonight(to) : guideText.tomorrow;
}

function jumpTitle(id: JumpId): string | undefined {
  return id === 'now' ? guideText.nowLabel : id === 'plus-hour' ? guideText.plusHourLabel : id === 'tomorrow' ? guideText.tomorrowLabel : undefined;
}

/** The time ruler: the day at the visible left edge in the corner, half-hour ticks, the day at each midnight. */
function Ruler({ line, at, visibleFrom }: { line: Timeline; at: number; visibleFrom: number }) {
  return (
    <div class="guide-times" style={{ width: `${COLUMN + line.width}px`, height: `${RULER}px` }} aria-hidden="true">
      <span class="guide-corner" style={{ width: `${COLUMN}px` }}>
        {guideText.day(visibleFrom, at)}
      </span>
      {ticks(line)
        .filter((tick) => tick.at >= visibleFrom - 60_000) // a label under the corner would show cut
        .map((tick) => (
        <span key={tick.at} class={`guide-tick${tick.midnight ? ' guide-tick-day' : ''}`} style={{ left: `${COLUMN + xOf(line, tick.at)}px` }}>
          {tick.midnight ? guideText.day(tick.at, at) : guideText.time(tick.at)}
        </span>
      ))}
    </div>
  );
}

interface RowProps {
  row: GuideChannel;
  /** the row's place in the list shown */
  position: number;
  onStar: () => void;
  line: Timeline;
  at: number;
  top: string;
  visibleFrom: number;
  visibleTo: number;
}

function Row({ row, position, onStar, line, at, top, visibleFrom, visibleTo }: RowProps) {
  const channelName = `${row.number} ${row.name}`;
  return (
    <div class="guide-row" data-position={position} style={{ transform: top, height: `${ROW}px`, width: `${COLUMN + line.width}px` }} role="group" aria-label={guideText.channel(row.number, row.name)}>
      <div class="guide-head" style={{ width: `${COLUMN}px` }}>
        {/* no tab stop of its own: ArrowLeft from the channel reaches it (it is the grid's first column) */}
        <StarButton channel={{ channelId: row.id, channelNumber: row.number, channelName: row.name }} tabIndex={-1} class="guide-star" onToggle={onStar} />
        <button type="button" class="guide-channel" onClick={() => (channelDetail.value = row.number)} title={channelName}>
          <span class="channel-number">{row.number}</span>
          <ChannelIcon icon={row.icon} tint={row.tint} size={14} />
          <span class="guide-channel-name">{row.name}</span>
          <span class="guide-channel-full" aria-hidden="true">
            {row.name}
          </span>
        </button>
      </div>
      {row.programs.map((program) => (
        <Block key={program.startsAt} program={program} row={row} line={line} at={at} visibleFrom={visibleFrom} visibleTo={visibleTo} />
      ))}
    </div>
  );
}

function Block({ program, row, line, at, visibleFrom, visibleTo }: { program: Program; row: GuideChannel; line: Timeline; at: number; visibleFrom: number; visibleTo: number }) {
  const starts = Date.parse(program.startsAt);
  const ends = Date.parse(program.endsAt);
  const place = block(line, starts, ends, visibleFrom, visibleTo);
  if (!place) return null;
  const onAir = starts <= at && at < ends;
  const bumper = program.ratingKey === null;
  const title = bumper ? guideText.bumper : (program.showTitle ?? program.title);
  const full = program.showTitle && program.showTitle !== program.title ? `${program.showTitle}: ${program.title}` : program.title;
  return (
    <button
      type="button"
      class={`block${bumper ? ' block-bumper' : ''}${onAir ? ' block-now' : ''}`}
      data-starts={starts}
      data-ends={ends}
      style={{ left: `${COLUMN + place.left}px`, width: `${place.width}px` }}
      title={bumper ? `${guideText.bumper}: ${program.title}` : full}
      onClick={() => (programDetail.value = { program, channel: { number: row.number, name: row.name, id: row.id } })}
    >
      {/* the accessible name starts with what is visible, then says the rest (WCAG 2.5.3) */}
      <span class="block-title">{title}</span>
      {place.width >= 40 ? <span class="block-time">{onAir ? guideText.onAir : guideText.time(starts)}</span> : null}
      <span class="visually-hidden">{guideText.blockRest(bumper ? program.title : full !== title ? full : null, starts, ends, row.name, onAir && place.width < 40)}</span>
    </button>
  );
}

/** A programme's details over the guide, with its background artwork. */
export function ProgramDetail({ selected, onClose }: { selected: Selected; onClose: () => void }) {
  const { program, channel } = selected;
  const ref = program.artworkUrl ? parseArtworkPath(program.artworkUrl) : null;
  const background = ref ? artworkPath({ ...ref, kind: 'background' }) : null;
  const starts = Date.parse(program.startsAt);
  const ends = Date.parse(program.endsAt);
  const episode = episodeLabel(program.season, program.episode);
  useEffect(() => {
    document.querySelector<HTMLElement>('.sheet .sheet-close')?.focus();
  }, [program]);
  return (
    <div class="sheet" role="dialog" aria-modal="true" aria-label={program.title} onKeyDown={(event) => event.key === 'Escape' && (event.stopPropagation(), onClose())}>
      {background ? <Artwork path={background} alt="" class="sheet-backdrop" size={BACKDROP_SIZE} /> : null}
      <div class="sheet-body">
        <button type="button" class="sheet-close" onClick={onClose} aria-label="Close details">
          ×
        </button>
        {program.showTitle && program.showTitle !== program.title ? <p class="sheet-kicker">{program.showTitle}</p> : null}
        <h2 class="sheet-title">{program.ratingKey === null ? `Bumper: ${program.title}` : program.title}</h2>
        <p class="sheet-meta">
          {[episode, program.year ? String(program.year) : '', `${clock(starts)}–${clock(ends)}`, duration(ends - starts), `${channel.number} ${channel.name}`]
            .filter(Boolean)
            .join(' · ')}
        </p>
        {program.summary ? <p class="sheet-summary">{program.summary}</p> : null}
        {/* Remind me (before it starts) and Follow, as in the channel sheet */}
        <SlotActions program={program} channel={channel} />
      </div>
    </div>
  );
}
