/**
 * The history as CSV: one row per viewing in a span (server, person, device, channel, programme,
 * start, end, minutes), followed time only. RFC 4180 (comma, CRLF, a field with a quote, comma or
 * line break quoted, quotes doubled), and safe to open in a spreadsheet: a cell that would start a
 * formula (= + - @, or a tab or carriage return before one) is prefixed with an apostrophe.
 */
import { SPAN_MS, type HistorySpan } from '../../../shared/bridge-history';
import { deviceName } from '../../../shared/device-label';
import { piecesOf } from './compute';
import type { HistoryIndex } from './history-index';

export const CSV_HEADER = ['server', 'person', 'device', 'channel', 'programme', 'start', 'end', 'minutes'] as const;

export interface CsvRow {
  server: string;
  person: string;
  device: string;
  channel: string;
  programme: string;
  start: number;
  end: number;
  minutes: number;
}

/** One row per viewing in the span ending `now`, in start order; a viewing's not-followed parts left out. */
export function exportRows(index: HistoryIndex, span: HistorySpan, now: number, servers: ReadonlySet<number> | null): CsvRow[] {
  const pieces = piecesOf(index, { from: now - SPAN_MS[span], to: now, now, servers });
  const byRow = new Map<number, { start: number; end: number; ms: number }>();
  for (let i = 0; i < pieces.count; i++) {
    const [row, from, to] = [pieces.row[i]!, pieces.from[i]!, pieces.to[i]!];
    const held = byRow.get(row);
    if (held) {
      held.start = Math.min(held.start, from);
      held.end = Math.max(held.end, to);
      held.ms += to - from;
    } else byRow.set(row, { start: from, end: to, ms: to - from });
  }
  const v = index.viewings;
  const text = (id: number) => index.names.text(id) ?? '';
  return [...byRow]
    .sort((a, b) => a[1].start - b[1].start || a[0] - b[0])
    .map(([r, span]) => {
      const number = v.channelNumber[r]!;
      return {
        server: index.servers[v.server[r]!]?.name ?? '',
        person: text(v.person[r]!),
        device: deviceName(index.names.text(v.device[r]!)) ?? '',
        channel: [Number.isNaN(number) ? null : String(number), index.names.text(v.channel[r]!)].filter(Boolean).join(' '),
        programme: text(v.programme[r]!),
        start: span.start,
        end: span.end,
        minutes: Math.round(span.ms / 60_000),
      };
    });
}

/** A cell as a spreadsheet should read it: text, never a formula, quoted where RFC 4180 asks. */
export function csvCell(value: string | number): string {
  let text = String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** Local date and time, "2026-11-27 21:10:00" (spreadsheets read it as a date). */
export function localStamp(ms: number): string {
  const d = new Date(ms);
  const two = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${two(d.getMonth() + 1)}-${two(d.getDate())} ${two(d.getHours())}:${two(d.getMinutes())}:${two(d.getSeconds())}`;
}

export function toCsv(rows: readonly CsvRow[]): string {
  const lines = [CSV_HEADER.join(',')];
  for (const r of rows) lines.push([r.server, r.person, r.device, r.channel, r.programme, localStamp(r.start), localStamp(r.end), r.minutes].map(csvCell).join(','));
  return `${lines.join('\r\n')}\r\n`;
}
