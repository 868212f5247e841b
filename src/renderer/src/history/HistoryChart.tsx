import { useRef } from 'preact/hooks';
import type { HistoryView } from '../../../shared/bridge';
import { maxOf } from '../../../shared/extent';
import { history as t } from '../strings/history';

/**
 * The concurrent-viewers chart: a hand-written SVG step line of each column's peak, the
 * not-followed intervals shaded (never drawn as zero), a locale time axis, and a cursor moved by
 * the pointer or the arrow keys. A slider to assistive technology: its name says the span and the
 * peak, its value the column under the cursor; `onCursor` hears the column chosen.
 */
const W = 340;
const H = 120;
const TOP = 8;
const BOTTOM = 20;
const LEFT = 18;

export function HistoryChart({ view, now, cursor, onCursor }: { view: HistoryView; now: number; cursor: number | null; onCursor: (column: number | null) => void }) {
  const ref = useRef<SVGSVGElement>(null);
  const { buckets, from, to } = view;
  const span = Math.max(1, to - from);
  const max = Math.max(1, maxOf(buckets.map((b) => b.peak ?? 0), 0));
  const x = (ms: number) => LEFT + ((ms - from) / span) * (W - LEFT);
  const y = (n: number) => TOP + (1 - n / max) * (H - TOP - BOTTOM);
  // the step line, broken wherever a column was not followed
  const paths: string[] = [];
  let d = '';
  for (const b of buckets) {
    if (b.peak === null) {
      if (d) paths.push(d);
      d = '';
      continue;
    }
    d += d ? ` V${y(b.peak).toFixed(1)} H${x(b.to).toFixed(1)}` : `M${x(b.from).toFixed(1)} ${y(b.peak).toFixed(1)} H${x(b.to).toFixed(1)}`;
  }
  if (d) paths.push(d);
  const ticks = axisTicks(view.span, from, to);
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
    const next = event.key === 'ArrowLeft' || event.key === 'ArrowDown' ? at - 1 : event.key === 'ArrowRight' || event.key === 'ArrowUp' ? at + 1 : event.key === 'Home' ? 0 : event.key === 'End' ? last : event.key === 'PageUp' ? at - 4 : event.key === 'PageDown' ? at + 4 : null;
    if (next === null) return;
    event.preventDefault();
    onCursor(Math.max(0, Math.min(last, next)));
  };
  const shown = cursor !== null ? buckets[cursor] : undefined;
  return (
    <div
      class="history-chart"
      role="slider"
      tabIndex={0}
      aria-label={t.chartName(view.span, view.peak, now)}
      aria-valuemin={0}
      aria-valuemax={buckets.length - 1}
      aria-valuenow={cursor ?? buckets.length - 1}
      aria-valuetext={shown ? t.sliderValue(shown.from, now, shown.peak) : t.chartHint}
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
        <text class="history-label" x={LEFT - 4} y={y(max) + 4} text-anchor="end">
          {max}
        </text>
        <text class="history-label" x={LEFT - 4} y={H - BOTTOM + 4} text-anchor="end">
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
        {paths.map((p) => (
          <path key={p} class="history-line" d={p} />
        ))}
        {view.peak && view.peak.count > 0 ? <circle class="history-peak" cx={x(view.peak.at)} cy={y(view.peak.count)} r={3} /> : null}
        {shown ? <rect class="history-cursor" x={x(shown.from)} y={TOP} width={Math.max(1, x(shown.to) - x(shown.from))} height={H - TOP - BOTTOM} /> : null}
      </svg>
    </div>
  );
}

/** Axis marks in the locale's words: every 6 hours (24 h), each day (7 d), every 7 days (30 d). */
function axisTicks(span: HistoryView['span'], from: number, to: number): { at: number; label: string }[] {
  const ticks: { at: number; label: string }[] = [];
  const start = new Date(from);
  if (span === '24h') {
    start.setMinutes(0, 0, 0);
    start.setHours(Math.ceil(start.getHours() / 6) * 6);
    const format = new Intl.DateTimeFormat(undefined, { hour: 'numeric' });
    for (const d = start; d.getTime() < to; d.setHours(d.getHours() + 6)) if (d.getTime() > from) ticks.push({ at: d.getTime(), label: format.format(d) });
  } else {
    start.setHours(24, 0, 0, 0);
    const step = span === '7d' ? 1 : 7;
    const format = new Intl.DateTimeFormat(undefined, span === '7d' ? { weekday: 'short' } : { day: 'numeric', month: 'short' });
    for (const d = start; d.getTime() < to; d.setDate(d.getDate() + step)) ticks.push({ at: d.getTime(), label: format.format(d) });
  }
  return ticks;
}
