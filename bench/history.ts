/**
 * The viewing history at a busy server's scale (issue 37): one year of record (100 people, about
 * 1,370 viewings a day, ~500,000 in all, followed 20 hours a day with a gap now and then) against
 * one day of the same server, the same computation in the same run: the 30-day chart and totals
 * (History's 30-day span), the 24-hour span, the store's size on disk, and opening the record.
 *
 *   npm run bench:history      (under a minute)
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { History } from '../src/main/core/history/history';
import { utcCalendar } from '../src/main/core/history/calendar';
import { encodeLine, fileOfMonth, HISTORY_FORMAT, monthStart, type RecordLine } from '../src/main/core/history/record-format';
import { mulberry32 } from '../src/main/demo/rng';
import { ManualClock } from '../test/support/manual-clock';
import { markdownTable, median, ratio, writeSection } from './report';

const DAY = 24 * 3_600_000;
const MIN = 60_000;
const NOW = Date.UTC(2026, 10, 27, 21, 0, 0);
const PER_DAY = 1_370;
const RUNS = 15;

interface Event {
  t: number;
  line: (file: MonthFile) => RecordLine[];
}

class MonthFile {
  readonly lines: string[] = [];
  readonly names = new Map<string, number>();
  nextK = 1;
  constructor(readonly month: number) {
    this.push({ kind: 'h', version: HISTORY_FORMAT, server: 'Busy' });
  }
  push(line: RecordLine): void {
    this.lines.push(encodeLine(line, this.month));
  }
  id(text: string): number {
    let id = this.names.get(text);
    if (id === undefined) {
      id = this.names.size + 1;
      this.names.set(text, id);
      this.push({ kind: 'n', id, text });
    }
    return id;
  }
}

/** Writes `days` days of a busy server's record ending at NOW, as the app would have (the same grammar). */
function generate(dir: string, days: number): number {
  const random = mulberry32(37);
  const people = Array.from({ length: 100 }, (_, i) => `Viewer ${i + 1}`);
  const devices = ['Apple TV 4K (tvOS)', 'Chrome (Web)', 'Fire TV Stick', 'iPhone (iOS)', 'Roku Ultra', 'Android TV', 'Samsung TV', 'LG webOS', 'Xbox', 'iPad (iPadOS)'];
  const shows = Array.from({ length: 2_000 }, (_, i) => `Programme ${i + 1}`);
  const files = new Map<number, MonthFile>();
  const file = (t: number) => {
    const m = monthStart(t);
    let f = files.get(m);
    if (!f) files.set(m, (f = new MonthFile(m)));
    return f;
  };
  let viewings = 0;
  for (let d = days; d >= 1; d--) {
    // followed from 06:00 to 02:00 the next day; one day in five has an hour's gap (the laptop slept)
    const dayStart = NOW - d * DAY;
    const spans = random() < 0.2 ? [[dayStart + 6 * 60 * MIN, dayStart + 15 * 60 * MIN], [dayStart + 16 * 60 * MIN, dayStart + 26 * 60 * MIN]] : [[dayStart + 6 * 60 * MIN, dayStart + 26 * 60 * MIN]];
    for (const [from, to] of spans as [number, number][]) {
      const events: Event[] = [];
      const count = Math.round((PER_DAY * (to - from)) / (20 * 60 * MIN));
      for (let i = 0; i < count; i++) {
        // evenings are busier: a start skewed towards the end of the followed span
        const start = Math.round(from + Math.sqrt(random()) * (to - from - MIN));
        const end = Math.min(to, start + Math.round((10 + random() * 110) * MIN));
        const person = people[Math.floor(random() * people.length)]!;
        const device = devices[Math.floor(random() * devices.length)]!;
        const number = 100 + Math.floor(random() * 60);
        const programme = shows[Math.floor(random() * shows.length)]!;
        const slot: { k: number } = { k: 0 };
        events.push({
          t: start,
          line: (f) => {
            slot.k = f.nextK++;
            return [{ kind: 's', t: start, k: slot.k, person: f.id(person), device: f.id(device), channelNumber: number, channel: f.id(`Channel ${number}`), programme: f.id(programme) }];
          },
        });
        events.push({ t: end, line: () => [{ kind: 'e', t: end, k: slot.k }] });
        viewings++;
      }
      for (let t = from + 5 * MIN; t < to; t += 5 * MIN) events.push({ t, line: () => [{ kind: 'a', t }] });
      events.sort((a, b) => a.t - b.t);
      file(from).push({ kind: 'f', t: from });
      for (const event of events) for (const line of event.line(file(from))) file(from).push(line);
      file(from).push({ kind: 'u', t: to });
    }
  }
  const folder = join(dir, 'srv-busy');
  mkdirSync(folder, { recursive: true });
  for (const f of files.values()) writeFileSync(join(folder, fileOfMonth(f.month)), `${f.lines.join('\n')}\n`);
  return viewings;
}

interface Row {
  label: string;
  viewings: number;
  bytes: number;
  open: { wall: number; cpu: number };
  span30: { wall: number; cpu: number };
  span24: { wall: number; cpu: number };
  peak30: number;
}

function measure(label: string, days: number): Row {
  const dir = mkdtempSync(join(tmpdir(), 'airwave-bench-history-'));
  try {
    const viewings = generate(dir, days);
    const clock = new ManualClock(NOW);
    const opened: number[] = [];
    const openedCpu: number[] = [];
    let history: History | null = null;
    for (let i = 0; i < 3; i++) {
      const c = process.cpuUsage();
      const t = performance.now();
      history = new History({ clock, dir, calendar: utcCalendar, serverName: () => 'Busy', changed: () => {}, problem: (text) => console.warn(text) });
      opened.push(performance.now() - t);
      const used = process.cpuUsage(c);
      openedCpu.push((used.user + used.system) / 1000);
      if (i < 2) history.dispose();
    }
    const h = history!;
    // wall time, and the process's CPU time for the same runs (on a busy shared machine the wall
    // clock also counts time spent waiting for a core)
    const time = (fn: () => unknown) => {
      fn(); // warm
      const wall: number[] = [];
      const cpu: number[] = [];
      for (let i = 0; i < RUNS; i++) {
        const c = process.cpuUsage();
        const t = performance.now();
        fn();
        wall.push(performance.now() - t);
        const used = process.cpuUsage(c);
        cpu.push((used.user + used.system) / 1000);
      }
      return { wall: median(wall), cpu: median(cpu) };
    };
    const span30 = time(() => h.view({ span: '30d' }));
    const span24 = time(() => h.view({ span: '24h' }));
    const peak30 = h.view({ span: '30d' }).peak?.count ?? 0;
    const bytes = h.size();
    h.dispose();
    return { label, viewings, bytes, open: { wall: median(opened), cpu: median(openedCpu) }, span30, span24, peak30 };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const day = measure('one day', 1);
const year = measure('one year', 365);
const ms = (x: number) => x.toFixed(1);
const both = (x: { wall: number; cpu: number }) => `${ms(x.wall)} (CPU ${ms(x.cpu)})`;
const mb = (b: number) => (b / 1024 / 1024).toFixed(1);
const table = markdownTable(
  ['record', 'viewings', 'store on disk (MB)', 'open (ms)', '30-day chart + totals (ms)', '24-hour span (ms)', 'peak in 30 days'],
  [day, year].map((r) => [r.label, r.viewings.toLocaleString('en'), mb(r.bytes), both(r.open), both(r.span30), both(r.span24), String(r.peak30)]),
);
console.log(table);
const load = (await import('node:os')).loadavg()[0]!.toFixed(1);
console.log(`30-day chart + totals: one year ${both(year.span30)} ms vs one day ${both(day.span30)} ms (${ratio(year.span30.cpu, day.span30.cpu)} of the one-day CPU time); store ${mb(year.bytes)} MB; load average ${load}`);
const budget = year.span30.cpu <= 50 && year.bytes <= 50 * 1024 * 1024 ? 'within' : 'OVER';
writeSection(
  'history',
  `## The viewing history at a busy server's scale

One year of a busy server's record (100 people, about ${PER_DAY.toLocaleString('en')} viewings a day, ${year.viewings.toLocaleString('en')} in all, followed 20 hours a day with an hour's gap one day in five) against one day of the same server, the same computations in the same run (\`npm run bench:history\`, median of ${RUNS}). The 30-day chart and totals are History's 30-day span: the chart's columns, the table's rows, the gaps, the peak, the hours, people, channels and shows.

${table}

The year costs ${ratio(year.span30.cpu, day.span30.cpu)} the one-day CPU time for the 30-day span (its 30 days hold 30 times the viewings of one day), ${ms(year.span30.cpu)} ms of CPU (${ms(year.span30.wall)} ms wall on a machine with a load average of ${load}) against a budget of 50 ms, with ${mb(year.bytes)} MB on disk against 50 MB: ${budget} both. Opening reads only the months a span can ask for (the last 31 days), so it does not grow with the retention; older months stay on disk until the retention drops them.`,
);
