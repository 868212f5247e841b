import { List, Star } from 'lucide-preact';
import { useEffect, useLayoutEffect, useRef, useState } from 'preact/hooks';
import { artworkPath, parseArtworkPath, type GuideChannel, type Program } from '../../../shared/airwave';
import { clock, duration, episodeLabel, episodeShow, programmeTitle } from '../../../shared/format';
import { Artwork, BACKDROP_SIZE, Empty } from '../components/bits';
import { ChannelIcon } from '../components/channel-icon';
import { useVirtualRows } from '../components/virtual';
import { StarButton } from '../features/buttons';
import { SlotActions } from '../features/sheet-actions';
import { channelDetail, now, programmeDetail, storedFlag } from '../state';
import { guideText } from '../strings/guide';
import { common } from '../strings/common';
import { favouritesOnly, guideList, guideRows, guideStatus, requestWindow, shownGroup } from './guide-source';
import { groupOptions, guideGroup } from './group-filter';
import { GroupMenu } from './GroupMenu';
import { groups as groupText } from '../strings/groups';
import { block, hourStart, jumps, ticks, timeAt, timeline, TIME_MIN_PX, TITLE_MIN_PX, visibleSpan, windowFor, xOf, type JumpId, type Timeline } from './guide-timeline';
import './Guide.css';
import '../components/sheet.css';

/**
 * Owns the guide view: a TV guide for 380 px. The window chips are a zoom (1 h shows the hour
 * across the width; longer windows zoom out, then scroll) in one radiogroup with one tab stop; a
 * detail strip above the grid reads out the programme focused or hovered in full; the grid is an
 * ARIA grid with roving focus (one Tab in, arrows, Home/End and Page keys inside, Tab out); rows
 * are compact (star, number, icon, name on one line); the now line runs behind the programmes
 * with the time on the ruler; a block too narrow for a few letters shows none. "List" reads the
 * channels as text instead (now, next, later). Data comes through guide-source.ts, geometry from
 * guide-timeline.ts.
 */

/** The forward windows on offer, in hours: each is also the zoom. */
export const GUIDE_WINDOWS = [1, 3, 6, 12, 24] as const;
const ROW = 40;
const RULER = 26;
const COLUMN = 120;
const LIST_ROW = 92;
/** rows drawn beyond the visible ones, and pixels of timeline beyond the right edge */
const OVERSCAN_ROWS = 3;
const OVERSCAN_PX = 240;

/** the guide read as a list by channel (kept by the page, as the favourites filter is) */
export const guideAsList = storedFlag('airwave.guideAsList');

export type Selected = NonNullable<typeof programmeDetail.value>;

/** What the detail strip shows: a programme with its channel, or a channel (with what is on). */
type Detail = { program: Program | null; channel: { id: string; number: number; name: string }; onAir?: Program | null };

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
  /** the cell holding the grid's one tab stop (its data-cell), and its row, kept drawn while it scrolls away */
  const active = useRef<string | null>(null);
  const [activeRow, setActiveRow] = useState<number | null>(null);
  const [focusedDetail, setFocusedDetail] = useState<Detail | null>(null);
  const [hovered, setHovered] = useState<Detail | null>(null);
  const list = guideList();
  const asList = guideAsList.value;
  const groupChoices = groupOptions();
  const group = shownGroup();
  const { scrollRef, items, totalSize } = useVirtualRows(asList ? 0 : list.count, ROW, OVERSCAN_ROWS, activeRow);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const chipsRef = useRef<HTMLDivElement>(null);
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

  const shown = status.shownMinutes === null ? null : status.shownMinutes / 60;
  const zoom = shown ?? status.requestedMinutes / 60;
  const line: Timeline | null = status.window ? timeline(at, status.window, viewport - COLUMN, zoom) : null;
  const visibleFrom = line ? timeAt(line, scrollLeft) : at;
  const visibleTo = line ? timeAt(line, scrollLeft + viewport - COLUMN + OVERSCAN_PX) : at;

  // Keep the time at the visible left edge when the scale or start changes; open on now; land jumps.
  const leftTime = useRef<number | null>(null);
  useLayoutEffect(() => {
    const element = scrollRef.current;
    if (!element || !line || asList) return;
    if (element.clientWidth && element.clientWidth !== viewport) setViewport(element.clientWidth);
    let wanted = leftTime.current ?? at - 15 * 60_000;
    if (target !== null) {
      // land once the bigger window is here: the one shown may end past the target (a 1-hour window
      // at 23:05 ends after midnight) yet be too short to scroll it to the left edge
      if (target + landingSpan(viewport, line.scale) > line.end && (pending !== null || status.loading)) return;
      wanted = Math.min(target, line.end - 60 * 60_000);
      setTarget(null);
    }
    const left = Math.max(0, Math.round(xOf(line, wanted)));
    if (Math.abs(element.scrollLeft - left) > 1) element.scrollLeft = left;
    setScrollLeft(element.scrollLeft);
    leftTime.current = timeAt(line, element.scrollLeft);
  }, [line?.scale, line?.start, line?.end, target, pending, viewport, asList]);

  // The grid's one tab stop: the cell last focused when it is drawn, else the first channel in view.
  useLayoutEffect(() => {
    const grid = scrollRef.current;
    if (!grid || asList) return;
    const cells = grid.querySelectorAll<HTMLElement>('[data-cell][tabindex="0"]');
    let stop = active.current ? grid.querySelector<HTMLElement>(`[data-cell="${CSS.escape(active.current)}"]`) : null;
    if (!stop) {
      const top = grid.scrollTop + RULER;
      const rows = [...grid.querySelectorAll<HTMLElement>('.guide-row[data-position]')].sort((a, b) => Number(a.dataset.position) - Number(b.dataset.position));
      const first = rows.find((row) => row.offsetTop + transformY(row) + ROW / 2 >= top) ?? rows[0];
      stop = first?.querySelector<HTMLElement>('.guide-channel') ?? null;
    }
    for (const cell of cells) if (cell !== stop) cell.tabIndex = -1;
    if (stop) stop.tabIndex = 0;
  });

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

  /** A cell took focus: it holds the tab stop from now on, and the detail strip reads it. */
  const onFocusIn = (event: FocusEvent) => {
    const cell = (event.target as HTMLElement).closest<HTMLElement>('[data-cell]');
    if (!cell) return;
    active.current = cell.dataset.cell!;
    const row = cell.closest<HTMLElement>('.guide-row');
    setActiveRow(row ? Number(row.dataset.position) : null);
  };

  /** Keys inside the grid: arrows along a channel and across channels, Home/End, Page Up/Down. */
  const keys = (event: KeyboardEvent) => {
    const element = scrollRef.current;
    const from = event.target as HTMLElement;
    if (!element || !from.closest('.guide-row')) return;
    if (event.key === 'Home' || event.key === 'End') {
      event.preventDefault();
      if (event.ctrlKey) return void jumpToRow(event.key === 'Home' ? 0 : list.count - 1, 'channel');
      const row = from.closest<HTMLElement>('.guide-row')!;
      if (event.key === 'Home') return void row.querySelector<HTMLElement>('.guide-channel')?.focus();
      if (line) element.scrollTo({ left: Math.max(0, line.width - (viewport - COLUMN)) });
      return focusWhenDrawn(from, 'End');
    }
    if (event.key === 'PageDown' || event.key === 'PageUp') {
      event.preventDefault();
      const page = Math.max(1, Math.floor((element.clientHeight - RULER) / ROW) - 1);
      const position = Number(from.closest<HTMLElement>('.guide-row')!.dataset.position);
      const to = Math.max(0, Math.min(list.count - 1, position + (event.key === 'PageDown' ? page : -page)));
      return void jumpToRow(to, from.classList.contains('block') ? 'block' : from.classList.contains('guide-star') ? 'star' : 'channel', from.getBoundingClientRect().left + 1);
    }
    if (!['ArrowLeft', 'ArrowRight', 'ArrowUp', 'ArrowDown'].includes(event.key)) return;
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

  /** Scrolls row `position` into view and focuses its cell of that kind (a block: the one at `x`) once drawn. */
  const jumpToRow = (position: number, kind: 'channel' | 'star' | 'block', x?: number) => {
    const element = scrollRef.current;
    if (!element) return;
    const top = position * ROW;
    if (top < element.scrollTop || top + ROW > element.scrollTop + element.clientHeight - RULER) element.scrollTop = Math.max(0, top - (element.clientHeight - RULER) / 2);
    const until = performance.now() + 3_000;
    const find = () => {
      const row = element.querySelector<HTMLElement>(`.guide-row[data-position="${position}"]`);
      if (!row || !row.querySelector('.guide-channel')) return performance.now() < until ? requestAnimationFrame(find) : undefined;
      const blocks = [...row.querySelectorAll<HTMLElement>('.block')];
      const cell =
        kind === 'block' && x !== undefined
          ? (blocks.find((b) => b.getBoundingClientRect().left <= x && b.getBoundingClientRect().right > x) ?? blocks[0])
          : row.querySelector<HTMLElement>(kind === 'star' ? '.guide-star' : '.guide-channel');
      cell?.focus();
    };
    requestAnimationFrame(find);
  };

  const jump = (to: number) => {
    setTarget(to);
    // a window that reaches far enough past `to` for it to scroll to the visible left edge
    const span = landingSpan(viewport, line?.scale ?? 3.5);
    const hours = windowFor(at, to, GUIDE_WINDOWS, span);
    if (status.window && to + span > status.window.to && hours * 60 > (status.shownMinutes ?? 0)) void load(hours);
  };

  /** The zoom chips are one radiogroup: one tab stop (the one chosen), arrows move and choose. */
  const chipKeys = (event: KeyboardEvent) => {
    const step = event.key === 'ArrowRight' || event.key === 'ArrowDown' ? 1 : event.key === 'ArrowLeft' || event.key === 'ArrowUp' ? -1 : 0;
    const edge = event.key === 'Home' ? 0 : event.key === 'End' ? GUIDE_WINDOWS.length - 1 : null;
    if (step === 0 && edge === null) return;
    event.preventDefault();
    const index = GUIDE_WINDOWS.indexOf(zoom as (typeof GUIDE_WINDOWS)[number]);
    const next = edge ?? (Math.max(0, index) + step + GUIDE_WINDOWS.length) % GUIDE_WINDOWS.length;
    chipsRef.current?.querySelectorAll<HTMLElement>('[role="radio"]')[next]?.focus();
    void load(GUIDE_WINDOWS[next]!);
  };

  const first = items[0]?.index ?? 0;
  // The rows' programmes for the whole timeline, not just the part in view: the list under each row
  // then stays the same while scrolling sideways (blocks out of view render nothing), so Preact
  // never moves a focused block, which would drop its focus.
  const rows = items.length && line ? guideRows(first, items[items.length - 1]!.index + 1, line.start, line.end) : [];
  const detail = hovered ?? focusedDetail;

  // a version of Airwave without a guide: nothing to zoom or filter, only what it lacks
  if (status.lacking && !line && pending === null) return <Empty title={common.notInThisVersion}>{status.error}</Empty>;

  return (
    <div class={`guide${asList ? ' guide-as-list' : ''}`} data-window-minutes={status.shownMinutes ?? undefined}>
      <div class="guide-toolbar">
        <div class="guide-windows">
          <div ref={chipsRef} class="guide-window-chips" role="radiogroup" aria-label={guideText.windowGroup} onKeyDown={chipKeys}>
            {GUIDE_WINDOWS.map((hours) => {
              const checked = zoom === hours;
              const busy = pending === hours && !checked;
              return (
                <button
                  key={hours}
                  type="button"
                  role="radio"
                  aria-checked={checked}
                  aria-busy={busy}
                  tabIndex={checked ? 0 : -1}
                  title={guideText.zoomHint(hours)}
                  class={`chip${checked ? ' chip-active' : ''}${busy ? ' chip-pending' : ''}`}
                  onClick={() => void load(hours)}
                >
                  {guideText.window(hours)}
                </button>
              );
            })}
          </div>
          <button type="button" class={`chip guide-mode${asList ? ' chip-active' : ''}`} aria-pressed={asList} title={guideText.listHint} onClick={() => (guideAsList.value = !asList)}>
            <List size={13} aria-hidden />
            {guideText.list}
          </button>
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
          </button>
        </div>
        {asList && !groupChoices ? null : (
          <div class="guide-filters">
            {asList ? null : (
              <div class="guide-jumps" role="group" aria-label={guideText.jumpGroup}>
                {jumps(at, visibleFrom).map(({ id, at: to }) => (
                  <button key={id} type="button" class="jump" onClick={() => jump(to)} title={jumpTitle(id)}>
                    {jumpText(id, to)}
                  </button>
                ))}
              </div>
            )}
            {groupChoices ? <GroupMenu options={groupChoices} choice={guideGroup} selected={group} id="guide-group" align="end" compact={!asList} /> : null}
          </div>
        )}
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
      ) : group !== null && list.count === 0 && !list.finding ? (
        <Empty title={groupText.emptyGuide}>{groupText.emptyHint}</Empty>
      ) : asList ? (
        <GuideByChannel count={list.count} line={line} at={at} />
      ) : (
        <>
          <DetailStrip detail={detail} at={at} />
          <div
            ref={scrollRef}
            class="scroll guide-scroll"
            onScroll={onScroll}
            onKeyDown={keys}
            onFocusIn={onFocusIn}
            onMouseLeave={() => setHovered(null)}
            role="grid"
            aria-label={favouritesOnly.value ? guideText.starredGrid(list.count) : guideText.grid(group !== null ? list.count : status.channelCount)}
            aria-rowcount={list.count}
            aria-colcount={-1}
          >
            <div class="guide-canvas" role="presentation" style={{ width: `${COLUMN + line.width}px`, height: `${totalSize + RULER}px` }}>
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
                const onDetail = (d: Detail, how: 'focus' | 'hover') => (how === 'focus' ? setFocusedDetail(d) : setHovered(d));
                return <Row key={row.id} row={row} position={item.index} onStar={onStar} onDetail={onDetail} line={line} at={at} top={top} visibleFrom={visibleFrom} visibleTo={visibleTo} />;
              })}
            </div>
          </div>
        </>
      )}
    </div>
  );
}

/** The vertical offset a row is drawn at (rows are placed with translateY). */
const transformY = (row: HTMLElement) => Number(/translateY\(([\d.]+)px\)/.exec(row.style.transform)?.[1] ?? 0);

/** How far past a jump's target the window must reach: an hour, or what the view shows when more. */
const landingSpan = (viewport: number, scale: number) => Math.max(60 * 60_000, visibleSpan(viewport - COLUMN, scale));

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

/** The cell an arrow key (or End) leads to from `from` (a star, a channel cell or a programme block), if it is drawn. */
function gridNeighbour(from: HTMLElement, key: string): HTMLElement | null {
  const row = from.closest<HTMLElement>('.guide-row')!;
  const cells = (r: Element) => [...r.querySelectorAll<HTMLElement>('.guide-star, .guide-channel, .block')];
  if (key === 'End') {
    const own = cells(row);
    const last = own[own.length - 1] ?? null;
    return last === from ? null : last;
  }
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

/**
 * Above the grid: the programme focused or hovered in full (title, time, episode, channel,
 * summary), or the channel focused with what it has on. Nothing is only in a cut-off block.
 */
function DetailStrip({ detail, at }: { detail: Detail | null; at: number }) {
  if (!detail) {
    return (
      <div class="guide-detail guide-detail-hint" aria-hidden="true">
        <p class="muted small">{guideText.detailHint}</p>
      </div>
    );
  }
  const { program, channel, onAir } = detail;
  if (!program) {
    return (
      <div class="guide-detail">
        <p class="guide-detail-title">{guideText.channelFull(channel.number, channel.name)}</p>
        {onAir ? (
          <p class="guide-detail-meta small">
            <span class="tag-now">{guideText.onAir}</span>
            {`${onAir.ratingKey === null ? guideText.bumper : programmeTitle(onAir)} · ${guideText.until(Date.parse(onAir.endsAt))}`}
          </p>
        ) : null}
      </div>
    );
  }
  const starts = Date.parse(program.startsAt);
  const ends = Date.parse(program.endsAt);
  const bumper = program.ratingKey === null;
  const title = bumper ? `${guideText.bumper}: ${program.title}` : programmeTitle(program);
  const episode = episodeLabel(program.season, program.episode);
  const airing = starts <= at && at < ends;
  return (
    <div class="guide-detail" data-detail-starts={starts}>
      <p class="guide-detail-title">{title}</p>
      <p class="guide-detail-meta small">
        {airing ? <span class="tag-now">{guideText.onAir}</span> : null}
        {[`${clock(starts)}–${clock(ends)}`, episode, program.year && !program.showTitle ? String(program.year) : '', `${channel.number} ${channel.name}`].filter(Boolean).join(' · ')}
      </p>
      {program.summary ? <p class="guide-detail-summary small">{program.summary}</p> : null}
    </div>
  );
}

/**
 * The time ruler: the day at the visible left edge in the corner, ticks (sparser as the zoom goes
 * out), the day at each midnight, the hour the left edge is in when its own tick has scrolled
 * past, and the current time on the now line.
 */
/** About how wide a ruler label is ("12:00", "12 PM") and half the now pill ("12:10 PM"), in px. */
const TICK_LABEL_PX = 38;
const NOW_PILL_HALF_PX = 30;

function Ruler({ line, at, visibleFrom }: { line: Timeline; at: number; visibleFrom: number }) {
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

interface RowProps {
  row: GuideChannel;
  /** the row's place in the list shown */
  position: number;
  onStar: () => void;
  onDetail: (detail: Detail, how: 'focus' | 'hover') => void;
  line: Timeline;
  at: number;
  top: string;
  visibleFrom: number;
  visibleTo: number;
}

function Row({ row, position, onStar, onDetail, line, at, top, visibleFrom, visibleTo }: RowProps) {
  const channel = { id: row.id, number: row.number, name: row.name };
  const onAir = row.programs.find((p) => Date.parse(p.startsAt) <= at && at < Date.parse(p.endsAt)) ?? null;
  const channelDetailOf = (): Detail => ({ program: null, channel, onAir });
  return (
    <div class="guide-row" data-position={position} role="row" aria-rowindex={position + 1} aria-label={guideText.channel(row.number, row.name)} style={{ transform: top, height: `${ROW}px`, width: `${COLUMN + line.width}px` }}>
      <div class="guide-head" style={{ width: `${COLUMN}px` }} role="rowheader">
        <StarButton channel={{ channelId: row.id, channelNumber: row.number, channelName: row.name }} tabIndex={-1} class="guide-star" onToggle={onStar} cell={`s${position}`} />
        <button
          type="button"
          class="guide-channel"
          tabIndex={-1}
          data-cell={`c${position}`}
          onClick={() => (channelDetail.value = row.number)}
          onFocus={() => onDetail(channelDetailOf(), 'focus')}
          onMouseEnter={() => onDetail(channelDetailOf(), 'hover')}
        >
          <span class="channel-number">{row.number}</span>
          <ChannelIcon icon={row.icon} tint={row.tint} size={14} />
          <span class="guide-channel-name">{row.name}</span>
        </button>
      </div>
      {row.programs.map((program) => (
        <Block key={program.startsAt} program={program} row={row} position={position} line={line} at={at} visibleFrom={visibleFrom} visibleTo={visibleTo} onDetail={onDetail} />
      ))}
    </div>
  );
}

interface BlockProps {
  program: Program;
  row: GuideChannel;
  position: number;
  line: Timeline;
  at: number;
  visibleFrom: number;
  visibleTo: number;
  onDetail: RowProps['onDetail'];
}

function Block({ program, row, position, line, at, visibleFrom, visibleTo, onDetail }: BlockProps) {
  const starts = Date.parse(program.startsAt);
  const ends = Date.parse(program.endsAt);
  const place = block(line, starts, ends, visibleFrom, visibleTo);
  if (!place) return null;
  const onAir = starts <= at && at < ends;
  const bumper = program.ratingKey === null;
  const title = bumper ? guideText.bumper : (program.showTitle ?? program.title);
  const full = programmeTitle(program);
  const channel = { number: row.number, name: row.name, id: row.id };
  const detail: Detail = { program, channel };
  // too narrow for a few letters: no text at all (never a lone "P"); the strip and the name say it
  const text = place.width >= TITLE_MIN_PX;
  return (
    <button
      type="button"
      role="gridcell"
      tabIndex={-1}
      data-cell={`p${position}@${starts}`}
      class={`block${bumper ? ' block-bumper' : ''}${onAir ? ' block-now' : ''}${text ? '' : ' block-bare'}`}
      data-starts={starts}
      data-ends={ends}
      style={{ left: `${COLUMN + place.left}px`, width: `${place.width}px` }}
      title={bumper ? `${guideText.bumper}: ${program.title}` : full}
      onFocus={() => onDetail(detail, 'focus')}
      onMouseEnter={() => onDetail(detail, 'hover')}
      onClick={() => (programmeDetail.value = { program, channel })}
    >
      {/* the accessible name starts with what is visible, then says the rest (WCAG 2.5.3) */}
      {text ? <span class="block-title">{title}</span> : null}
      {place.width >= TIME_MIN_PX ? <span class="block-time">{onAir ? guideText.onAir : guideText.time(starts)}</span> : null}
      <span class="visually-hidden">
        {text ? '' : title}
        {guideText.blockRest(bumper ? program.title : full !== title ? full : null, starts, ends, row.name, onAir && place.width < TIME_MIN_PX)}
      </span>
    </button>
  );
}

/** The guide read as a list by channel (its own virtual list: rows of another height than the grid's). */
function GuideByChannel({ count, line, at }: { count: number; line: Timeline; at: number }) {
  const { scrollRef, items, totalSize } = useVirtualRows(count, LIST_ROW, OVERSCAN_ROWS);
  const first = items[0]?.index ?? 0;
  const rows = items.length ? guideRows(first, items[items.length - 1]!.index + 1, line.start, line.end) : [];
  return (
    <div ref={scrollRef} class="scroll guide-list-scroll" role="region" aria-label={guideText.byChannel(count)}>
      <ul class="guide-list" style={{ height: `${totalSize}px` }}>
        {items.map((item) => {
          const row = rows[item.index - first];
          return <ListRow key={row?.id ?? `pending-${item.index}`} row={row ?? null} at={at} top={item.start} />;
        })}
      </ul>
    </div>
  );
}

/**
 * One channel read as text: what is on now (until when), then the next two programmes; breaks
 * ("bumpers") are never named as next. The channel opens its sheet.
 */
function ListRow({ row, at, top }: { row: GuideChannel | null; at: number; top: number }) {
  if (!row) return <li class="guide-list-row guide-row-pending" style={{ transform: `translateY(${top}px)`, height: `${LIST_ROW}px` }} aria-hidden="true" />;
  const programmes = row.programs.filter((p) => Date.parse(p.endsAt) > at);
  const current = programmes.find((p) => Date.parse(p.startsAt) <= at) ?? null;
  const ahead = programmes.filter((p) => Date.parse(p.startsAt) > at && p.ratingKey !== null).slice(0, 2);
  const name = (p: Program) => (p.ratingKey === null ? guideText.bumper : programmeTitle(p));
  const channel = { number: row.number, name: row.name, id: row.id };
  return (
    <li class="guide-list-row" style={{ transform: `translateY(${top}px)`, height: `${LIST_ROW}px` }}>
      <button type="button" class="guide-list-channel" onClick={() => (channelDetail.value = row.number)}>
        <span class="channel-number">{row.number}</span>
        <ChannelIcon icon={row.icon} tint={row.tint} size={14} />
        <span class="guide-list-name">{row.name}</span>
      </button>
      <ul class="guide-list-slots">
        <li>
          <span class="guide-list-when">{guideText.onAir}</span>
          {current ? (
            <button type="button" class="guide-list-title" tabIndex={-1} onClick={() => (programmeDetail.value = { program: current, channel })}>
              {name(current)}
              <span class="muted"> · {guideText.until(Date.parse(current.endsAt))}</span>
            </button>
          ) : (
            <span class="muted">{guideText.nothingOn}</span>
          )}
        </li>
        {ahead.map((p, i) => (
          <li key={p.startsAt}>
            <span class="guide-list-when">{i === 0 ? guideText.next(Date.parse(p.startsAt)) : guideText.time(Date.parse(p.startsAt))}</span>
            <button type="button" class="guide-list-title" tabIndex={-1} onClick={() => (programmeDetail.value = { program: p, channel })}>
              {name(p)}
            </button>
          </li>
        ))}
      </ul>
    </li>
  );
}

/** A programme's details over the guide, with its background artwork. */
export function ProgrammeDetail({ selected, onClose }: { selected: Selected; onClose: () => void }) {
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
        {episodeShow(program) ? <p class="sheet-kicker">{episodeShow(program)}</p> : null}
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
