import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Shared by the benchmarks: small statistics, Markdown tables, and docs/benchmarks.md, which is
 * rebuilt from one section file per benchmark (docs/benchmarks/<name>.md) every time one runs.
 */
const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const sections = join(root, 'docs', 'benchmarks');

export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[rank]!;
}

export const median = (values: readonly number[]) => percentile(values, 50);

/** "12.3×" for how many times `baseline` is `value` (e.g. how many times fewer requests). */
export function ratio(baseline: number, value: number): string {
  if (value === 0) return baseline === 0 ? '1.0×' : '∞';
  return `${(baseline / value).toFixed(1)}×`;
}

export function markdownTable(head: string[], rows: string[][]): string {
  const line = (cells: string[]) => `| ${cells.join(' | ')} |`;
  return [line(head), line(head.map(() => '---')), ...rows.map(line)].join('\n');
}

const machine = () => {
  const cpus = (process.env.BENCH_MACHINE ?? '').trim();
  return cpus || `Node ${process.version} on ${process.platform}/${process.arch}`;
};

/** Writes one benchmark's section and rebuilds docs/benchmarks.md from all sections. */
export function writeSection(name: string, markdown: string): void {
  mkdirSync(sections, { recursive: true });
  const stamp = `\n_Measured ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC, ${machine()}._\n`;
  writeFileSync(join(sections, `${name}.md`), `${markdown.trim()}\n${stamp}`);
  const order = ['sync', 'core', 'guide-settle', 'guide-store', 'popover-scale', 'renderer'];
  const files = readdirSync(sections)
    .filter((file) => file.endsWith('.md'))
    .sort((a, b) => (order.indexOf(a.slice(0, -3)) + 99) % 99 - ((order.indexOf(b.slice(0, -3)) + 99) % 99) || a.localeCompare(b));
  const body = files.map((file) => readFileSync(join(sections, file), 'utf8').trim()).join('\n\n');
  writeFileSync(
    join(root, 'docs', 'benchmarks.md'),
    `# Benchmarks

Each benchmark measures our code and a baseline in the same run and reports ratios; the figures
below are what the last run printed. Run them all with \`npm run bench\` (a few minutes), or one
with the command in its section. Timings come from a shared 2-core machine and vary from run to
run; the test suite itself has no timed assertions.

${body}
`,
  );
}
