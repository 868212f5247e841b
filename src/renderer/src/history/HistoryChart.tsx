import { useRef } from 'preact/hooks';
import type { HistoryView } from '../../../shared/bridge';
import { maxOf } from '../../../shared/extent';
import { lang } from '../../../shared/i18n/messages';
import { history as t } from '../strings/history';

/**
 * History's chart: a hand-written SVG of the range's columns, a step line of how many watched at
 * once (`peak`) or, on a person's page, bars of the time they watched (`watched`); the
 * not-followed intervals shaded (never drawn as zero), a locale time axis, and a cursor moved by
 * the pointer or the arrow keys. A slider to assistive technology: its name says the range, its
 * value the column under the cursor, named as the line under the chart and the table name it
 * (strings/history.ts `column`); `onCursor` hears the column chosen.
 */
const W = 340;
const H = 120;
const TOP = 11;
const BOTTOM = 20;
const LEFT = 22;
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

export function HistoryChart({ view, now, cursor, onCursor, mode, name }: { view: HistoryView; now: number; cursor: number | null; onCursor: (column: number | null) => void; mode: 'peak' | 'watched'; name: string }) {
  const ref = useRef<SVGSVGElement>(null);
  const { buckets, from, to } = view;
  const span = Math.max(1, to - from);
  const value = (b: (typeof buckets)[number]) => (mode === 'peak' ? (b.peak ?? 0) : b.watchedMs / 60_000);
  const max = Math.max(1, maxOf(buckets.map(value), 0));
  const x = (ms: number) => LEFT + ((ms - from) / span) * (W - LEFT);
  const y = (n: number) => TOP + (1 - n / max) * (H - TOP - BOTTOM);
  // the step line, broken wherever a column was not followed
  const paths: string[] = [];
  let d = '';
  if (mode === 'peak') {
    for (const b of buckets) {
      if (b.peak === null) {
        if (d) paths.push(d);
        d = '';
        continue;
      }
      d += d ? ` V${y(b.peak).toFixed(1)} H${x(b.to).toFixed(1)}` : `M${x(b.from).toFixed(1)} ${y(b.peak).toFixed(1)} H${x(b.to).toFixed(1)}`;
    }
    if (d) paths.push(d);
  }
  const ticks = axisTicks(view);
  const pick = (clientX: number) => {
    const box = ref.current?.getBoundingClientRect();
    if (!box || box.width === 0) return;
    const px = ((clientX - box.left) / box.width) * W;
    const ms = from + (Math.max(0, px - LEFT) / (W - LEFT)) * span;
    const column = buckets.findIndex((b) => ms >= b.from && ms < b.to);
    onCursor(column >= 0 ? column : buckets.length - 1);
  };
  const onKey = (event: KeyboardEvent) => {
    const last = buckets.length - 1;
    const at = cursor ?? last;
    const page = Math.max(4, Math.round(buckets.length / 12));
    const next = event.key === 'ArrowLeft' || event.key === 'ArrowDown' ? at - 1 : event.key === 'ArrowRight' || event.key === 'ArrowUp' ? at + 1 : event.key === 'Home' ? 0 : event.key === 'End' ? last : event.key === 'PageUp' ? at - page : event.key === 'PageDown' ? at + page : null;
    if (next === null) return;
    event.preventDefault();
    onCursor(Math.max(0, Math.min(last, next)));
  };
  const shown = cursor !== null ? buckets[cursor] : undefined;
  const label = mode === 'peak' ? String(max) : t.time(max * 60_000);
  return (
    <div
      class="history-chart"
      role="slider"
      tabIndex={0}
      aria-label={name}
      aria-valuemin={0}
      aria-valuemax={buckets.length - 1}
      aria-valuenow={cursor ?? buckets.length - 1}
      aria-valuetext={shown ? t.sliderValue(shown.from, view, now, shown.peak, mode === 'watched' ? shown.watchedMs : null) : t.chartHint}
      onKeyDown={onKey}
      onPointerMove={(event) => pick(event.clientX)}
      onPointerDown={(event) => pick(event.clientX)}
      onPointerLeave={() => onCursor(null)}
    >
      <svg ref={ref} viewBox={`0 0 ${W} ${H}`} width="100%" aria-hidden="true" focusable="false">
        {view.gaps.map((g) => (
          <rect key={g.from} class="history-gap" x={x(g.from)} y={TOP} width={Math.max(0.5, x(g.to) - x(g.from))} height={H - TOP - BOTTOM} />
        ))}
        <line class="history-axis" x1={LEFT} x2={W} y1={H - BOTTOM} y2={H - BOTTOM} />
        {/* the scale: how many at once at the top; a person's time watched, just above the plot where it has room */}
        <text class="history-label" x={mode === 'peak' ? LEFT - 3 : LEFT} y={mode === 'peak' ? y(max) + 4 : TOP - 1} text-anchor={mode === 'peak' ? 'end' : 'start'}>
          {label}
        </text>
        <text class="history-label" x={LEFT - 3} y={H - BOTTOM + 4} text-anchor="end">
          0
        </text>
        {ticks.map((tick) => (
          <g key={tick.at}>
            <line class="history-tick" x1={x(tick.at)} x2={x(tick.at)} y1={H - BOTTOM} y2={H - BOTTOM + 3} />
            <text class="history-label" x={Math.min(W - 14, Math.max(LEFT + 14, x(tick.at)))} y={H - 5} text-anchor="middle">
              {tick.label}
            </text>
          </g>
        ))}
        {mode === 'watched'
          ? buckets.map((b) =>
              b.watchedMs > 0 ? <rect key={b.from} class="history-bar" x={x(b.from) + 0.3} y={y(b.watchedMs / 60_000)} width={Math.max(0.6, x(b.to) - x(b.from) - 0.6)} height={H - BOTTOM - y(b.watchedMs / 60_000)} /> : null,
            )
          : paths.map((p) => <path key={p} class="history-line" d={p} />)}
        {mode === 'peak' && view.peak && view.peak.count > 0 ? <circle class="history-peak" cx={x(view.peak.at)} cy={y(view.peak.count)} r={3} /> : null}
        {shown ? <rect class="history-cursor" x={x(shown.from)} y={TOP} width={Math.max(1, x(shown.to) - x(shown.from))} height={H - TOP - BOTTOM} /> : null}
      </svg>
    </div>
  );
}

/**
 * Axis marks on column starts, in the locale's words: every 6 hours up to two days, each midnight
 * up to two weeks, Mondays up to two months, the first of each month beyond; eight at most.
 */
function axisTicks(view: HistoryView): { at: number; label: string }[] {
  const span = view.to - view.from;
  const starts = view.buckets.map((b) => b.from);
  const midnight = (ms: number) => new Date(ms).setHours(0, 0, 0, 0) === ms;
  const hourFormat = new Intl.DateTimeFormat(lang(), { hour: 'numeric' });
  const dayFormat = new Intl.DateTimeFormat(lang(), span <= 14 * DAY ? { weekday: 'short' } : span <= 62 * DAY ? { day: 'numeric', month: 'short' } : { month: 'short' });
  const pick =
    span <= 2 * DAY
      ? (ms: number) => new Date(ms).getMinutes() === 0 && new Date(ms).getHours() % 6 === 0
      : span <= 14 * DAY
        ? midnight
        : span <= 62 * DAY
          ? (ms: number) => midnight(ms) && new Date(ms).getDay() === 1
          : (ms: number) => midnight(ms) && new Date(ms).getDate() === 1;
  const format = span <= 2 * DAY ? (ms: number) => (midnight(ms) ? dayFormat.format(ms) : hourFormat.format(ms)) : (ms: number) => dayFormat.format(ms);
  // at most eight labels across the chart (a week's seven days fit), evenly picked, so none runs into the next
  const marks = starts.filter((ms) => ms > view.from && pick(ms));
  const every = Math.max(1, Math.ceil(marks.length / 8));
  return marks.filter((_, i) => i % every === 0).map((ms) => ({ at: ms, label: format(ms) }));
}
