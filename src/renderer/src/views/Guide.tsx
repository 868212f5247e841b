import { List, Star } from 'lucide-preact';
import { useEffect, useLayoutEffect, useRef, useState } from 'preact/hooks';
import { Empty } from '../components/bits';
import { useVirtualRows } from '../components/virtual';
import { isStale, now, snapshot, stored, storedFlag } from '../state';
import { guideGap } from '../guide-gap';
import { guideText } from '../strings/guide';
import { common } from '../strings/common';
import { favouritesOnly, guideList, guideRows, guideStatus, requestWindow, shownGroup } from './guide-source';
import { groupOptions, guideGroup } from './group-filter';
import { GroupMenu } from './GroupMenu';
import { groups as groupText } from '../strings/groups';
import { dayJumps, jumps, landingSpan, MINUTE, ticks, timeAt, timeline, windowFor, xOf, zoomScale, zoomsFor, type JumpId, type Timeline } from './guide-timeline';
import { mostlyBare } from './guide-bare';
import { COLUMN, GUIDE_WINDOWS, OVERSCAN_PX, OVERSCAN_ROWS, ROW, RULER } from './guide-layout';
import { gridKeys, transformY } from './guide-grid-keys';
import { DetailStrip, type Detail } from './GuideDetail';
import { GuideDayMenu } from './GuideDayMenu';
import { Ruler } from './GuideRuler';
import { Row } from './GuideRow';
import { GuideByChannel } from './GuideList';
import './Guide.css';
import './GuideGrid.css';

/** the programme sheet is opened over the guide; app.tsx takes it from here */
export { ProgrammeDetail, type Selected } from './GuideProgramme';
export { GUIDE_WINDOWS } from './guide-layout';

/**
 * Owns the guide view: a TV guide for 380 px, content first (issue 47). One row of controls: the
 * zoom (hours across the width: only zooms that keep half-hour titles at this width are offered,
 * one radiogroup, one tab stop), Now and +1 h, then List, favourites and the channel group; the
 * day menu sits in the grid's corner (tonight, each quarter of today and tomorrow). The window
 * loaded is apart from the zoom: it grows as a jump or a scroll to its end needs (up to the
 * server's day). The detail strip floats over the grid only while a programme or channel is
 * focused or pointed at, where it does not cover it. The grid is an ARIA grid with roving focus
 * (one Tab in, arrows, Home/End and Page keys inside, Tab out); the now line runs behind the
 * programmes with the time on the ruler. "List" reads the channels as text instead (now, next,
 * later). Data comes through guide-source.ts, geometry from guide-timeline.ts; the rows, ruler,
 * detail strip, day menu, keys, the list and the programme sheet are in Guide*.tsx /
 * guide-grid-keys.ts beside it.
 */

/** the guide read as a list by channel (kept by the page, as the favourites filter is) */
export const guideAsList = storedFlag('airwave.guideAsList');
/** the zoom: hours across the width (kept by the page; a width too narrow for it shows the widest that reads) */
export const guideZoom = stored<'1' | '3' | '6'>('airwave.guideZoom', '1', ['1', '3', '6']);
/** the detail strip's height at most, px (GuideDetail.css): it goes to the top when the item in hand is lower than this */
const DETAIL_ROOM = 84;

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
  /** where the detail strip floats: under the item in hand it would cover it, so then over the top */
  const [detailAtTop, setDetailAtTop] = useState(false);
  const list = guideList();
  const asList = guideAsList.value;
  const groupChoices = groupOptions();
  const group = shownGroup();
  const { scrollRef, items, totalSize, inView } = useVirtualRows(asList ? 0 : list.count, ROW, OVERSCAN_ROWS, activeRow);
  const bodyRef = useRef<HTMLDivElement>(null);
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
  /**
   * The last window asked for without a press (the zoom's hours, or the next one up at the end of
   * the scroll) and the window shown when it was asked: not asked again while the same window is
   * shown, so a server that answers a shorter window than asked (its `windowMinutes`) is not asked
   * again and again. A press of a chip or a jump is the user asking, and asks again.
   */
  const unasked = useRef<{ hours: number; shown: number | null } | null>(null);
  const askUnpressed = (hours: number) => {
    const last = unasked.current;
    if (last && last.hours === hours && last.shown === status.shownMinutes) return;
    unasked.current = { hours, shown: status.shownMinutes };
    void load(hours);
  };

  const shown = status.shownMinutes === null ? null : status.shownMinutes / 60;
  const width = viewport - COLUMN;
  const zooms = zoomsFor(width);
  const zoom = Math.min(Number(guideZoom.value), zooms[zooms.length - 1]!);
  const line: Timeline | null = status.window ? timeline(at, status.window, width, zoom) : null;
  const visibleFrom = line ? timeAt(line, scrollLeft) : at;
  const visibleEnd = line ? timeAt(line, scrollLeft + width) : at;
  const visibleTo = line ? timeAt(line, scrollLeft + width + OVERSCAN_PX) : at;
  /** how far past a jump's target the window must reach for it to land at the left edge, at this zoom */
  const span = landingSpan(width, zoomScale(width, zoom));

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
      if (target + landingSpan(width, line.scale) > line.end && (pending !== null || status.loading)) return;
      wanted = Math.min(target, line.end - 60 * 60_000);
      setTarget(null);
    }
    const left = Math.max(0, Math.round(xOf(line, wanted)));
    if (Math.abs(element.scrollLeft - left) > 1) element.scrollLeft = left;
    setScrollLeft(element.scrollLeft);
    leftTime.current = timeAt(line, element.scrollLeft);
  }, [line?.scale, line?.start, line?.end, target, pending, viewport, asList]);

  // the popover resized (a wider window offers a wider zoom)
  useEffect(() => {
    const element = scrollRef.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => {
      if (element.clientWidth) setViewport(element.clientWidth);
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [asList, line === null]);

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

  // Scrolled to the end of the window: the next longer one loads (up to the server's day), so the
  // timeline runs on as far as the guide can reach; not again for a size that just failed, and not
  // while focus is in the grid (End went there: a window streaming in under the focused block
  // would take it away; the jumps load what the keyboard asks for)
  const next = GUIDE_WINDOWS.find((hours) => hours * 60 > (status.shownMinutes ?? Infinity));
  const extend = line !== null && !asList && next !== undefined && pending === null && !status.loading && failure?.hours !== next && line.end - visibleEnd < 10 * MINUTE && line.width > width + 1;
  useEffect(() => {
    if (extend && next !== undefined && !scrollRef.current?.contains(document.activeElement)) askUnpressed(next);
  }, [extend, scrollLeft]);

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
  /** Focus left the grid: the strip it read goes (the tab stop stays where it was). */
  const onFocusOut = (event: FocusEvent) => {
    if (!scrollRef.current?.contains(event.relatedTarget as Node | null)) setFocusedDetail(null);
  };
  /** A programme or channel in hand: the strip reads it, floating where it does not cover it. */
  const onDetail = (detail: Detail, how: 'focus' | 'hover', element: HTMLElement) => {
    if (how === 'focus') setFocusedDetail(detail);
    else setHovered(detail);
    const body = bodyRef.current?.getBoundingClientRect();
    if (body) setDetailAtTop(element.getBoundingClientRect().bottom > body.bottom - DETAIL_ROOM);
  };

  const keys = gridKeys(scrollRef, line, viewport, list.count);

  const jump = (to: number) => {
    setTarget(to);
    const hours = windowFor(at, to, GUIDE_WINDOWS, span);
    if (status.window && to + span > status.window.to && hours * 60 > (status.shownMinutes ?? 0)) void load(hours);
  };

  /** A zoom chosen: the scale changes at once; the effect below loads its hours when the window is shorter (a chip pressed again asks again). */
  const chooseZoom = (hours: number) => {
    guideZoom.value = String(hours) as '1' | '3' | '6';
    unasked.current = null;
    if (failure?.hours === hours) setFailure(null);
  };
  // The window holds at least the zoom's hours: asked once nothing else is loading, so a chip
  // pressed while the first window was still on its way still gets its hours when that one is in
  // (issue 47: the zoom says what it shows); not again for a size that just failed.
  const short = shown !== null && shown < zoom && pending === null && !status.loading && failure?.hours !== zoom;
  useEffect(() => {
    if (short) askUnpressed(zoom);
  }, [short, zoom]);
  /** The zoom chips are one radiogroup: one tab stop (the one chosen), arrows move and choose. */
  const chipKeys = (event: KeyboardEvent) => {
    const step = event.key === 'ArrowRight' || event.key === 'ArrowDown' ? 1 : event.key === 'ArrowLeft' || event.key === 'ArrowUp' ? -1 : 0;
    const edge = event.key === 'Home' ? 0 : event.key === 'End' ? zooms.length - 1 : null;
    if (step === 0 && edge === null) return;
    event.preventDefault();
    const index = zooms.indexOf(zoom);
    const next = edge ?? (Math.max(0, index) + step + zooms.length) % zooms.length;
    chipsRef.current?.querySelectorAll<HTMLElement>('[role="radio"]')[next]?.focus();
    chooseZoom(zooms[next]!);
  };

  const first = items[0]?.index ?? 0;
  // The rows' programmes for the whole timeline, not just the part in view: the list under each row
  // then stays the same while scrolling sideways (blocks out of view render nothing), so Preact
  // never moves a focused block, which would drop its focus.
  const rows = items.length && line ? guideRows(first, items[items.length - 1]!.index + 1, line.start, line.end) : [];
  const detail = hovered ?? focusedDetail;
  // a zoom that leaves most of what is in view without a title says so, over the grid's foot
  // (the rows in view, not the overscan drawn above and below them: what the user sees is what it speaks of)
  const rowsInView = inView ? rows.slice(Math.max(0, inView.first - first), inView.last - first + 1) : rows;
  const bare = line && !asList ? mostlyBare(rowsInView, line, visibleFrom, visibleEnd) : false;

  // a version of Airwave without a guide: nothing to zoom or filter, only what it lacks
  if (status.lacking && !line && pending === null) return <Empty title={common.notInThisVersion}>{status.error}</Empty>;
  // the server is away (or refuses the key): said once, in plain words, and what is held is marked old
  const gap = guideGap.value;
  const held = snapshot.value!.guide;
  const heldAt = isStale(held) ? held.updatedAt : null;
  // the day at the visible left edge (a pixel in: scrolling lands on whole pixels, a midnight at the edge is tomorrow's)
  const day = line ? guideText.day(visibleFrom + 60_000 / line.scale, at) : '';
  const dayItems = dayJumps(at, at + 24 * 60 * MINUTE - span).map((j) => ({ at: j.at, text: guideText.jumpAt(j.at, at, j.tonight) }));

  return (
    <div class={`guide${asList ? ' guide-as-list' : ''}${heldAt !== null ? ' stale' : ''}`} data-window-minutes={status.shownMinutes ?? undefined} data-zoom={zoom} data-visible-from={line ? Math.round(visibleFrom) : undefined}>
      <div class="guide-toolbar">
        {asList ? null : (
          <>
            <div ref={chipsRef} class="guide-zoom" role="radiogroup" aria-label={guideText.windowGroup} onKeyDown={chipKeys}>
              {zooms.map((hours) => {
                const checked = zoom === hours;
                const busy = checked && pending !== null && pending < hours;
                return (
                  <button
                    key={hours}
                    type="button"
                    role="radio"
                    aria-checked={checked}
                    aria-busy={busy}
                    tabIndex={checked ? 0 : -1}
                    title={guideText.zoomHint(hours)}
                    class={`chip${checked ? ' chip-active' : ''}`}
                    onClick={() => chooseZoom(hours)}
                  >
                    {guideText.window(hours)}
                  </button>
                );
              })}
            </div>
            <div class="guide-jumps" role="group" aria-label={guideText.jumpGroup}>
              {jumps(at, visibleFrom).map(({ id, at: to }) => (
                <button key={id} type="button" class="chip jump" onClick={() => jump(to)} title={jumpTitle(id)}>
                  {jumpText(id)}
                </button>
              ))}
            </div>
          </>
        )}
        <div class="guide-tools">
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
          {groupChoices ? <GroupMenu options={groupChoices} choice={guideGroup} selected={group} id="guide-group" align="end" compact /> : null}
        </div>
      </div>
      {status.loading || pending !== null ? (
        <p class="guide-status muted small" role="status">
          {guideText.loadingWindow(pending ?? status.requestedMinutes / 60)}
        </p>
      ) : null}
      {gap && line ? (
        <p class="stale-note guide-held" role="note">
          {heldAt !== null ? `${gap.text} · ${common.asOf(heldAt)}` : gap.text}
        </p>
      ) : null}
      {failure && !gap ? (
        <p class="inline-error guide-error" role="alert">
          {guideText.failed(failure.hours, failure.reason, failure.shown)}
        </p>
      ) : null}
      {!line ? (
        <Empty title={gap ? gap.text : status.loading || pending !== null ? guideText.loadingGuide : guideText.notLoaded}>{!gap && !status.loading && status.error ? status.error : null}</Empty>
      ) : favouritesOnly.value && list.favourites === 0 ? (
        <Empty title={guideText.noFavourites}>{guideText.noFavouritesHint}</Empty>
      ) : favouritesOnly.value && list.count === 0 && !list.finding ? (
        <Empty title={guideText.noFavouritesHere}>{guideText.noFavouritesHereHint}</Empty>
      ) : group !== null && list.count === 0 && !list.finding ? (
        <Empty title={groupText.emptyGuide}>{groupText.emptyHint}</Empty>
      ) : asList ? (
        <GuideByChannel count={list.count} line={line} at={at} />
      ) : (
        <div ref={bodyRef} class="guide-body">
          <GuideDayMenu day={day} items={dayItems} onJump={jump} />
          <div
            ref={scrollRef}
            class="scroll guide-scroll"
            onScroll={onScroll}
            onKeyDown={keys}
            onFocusIn={onFocusIn}
            onFocusOut={onFocusOut}
            onMouseLeave={() => setHovered(null)}
            role="grid"
            aria-label={favouritesOnly.value ? guideText.starredGrid(list.count) : guideText.grid(group !== null ? list.count : status.channelCount)}
            aria-rowcount={list.count}
            aria-colcount={-1}
          >
            <div class="guide-canvas" role="presentation" style={{ width: `${COLUMN + line.width}px`, height: `${totalSize + RULER}px` }}>
              <Ruler line={line} at={at} visibleFrom={visibleFrom} visibleEnd={visibleEnd} />
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
                return <Row key={row.id} row={row} position={item.index} onStar={onStar} onDetail={onDetail} line={line} at={at} top={top} visibleFrom={visibleFrom} visibleTo={visibleTo} />;
              })}
            </div>
          </div>
          {detail ? (
            <DetailStrip detail={detail} at={at} top={detailAtTop} />
          ) : bare ? (
            <p class="guide-note small" role="note">
              {guideText.mostBare(zoom)}
            </p>
          ) : null}
        </div>
      )}
    </div>
  );
}

function jumpText(id: JumpId): string {
  return id === 'now' ? guideText.now : guideText.plusHour;
}

function jumpTitle(id: JumpId): string {
  return id === 'now' ? guideText.nowLabel : guideText.plusHourLabel;
}
