/**
 * Reads a V8 .cpuprofile (node --cpu-prof) and prints where the time went: self time summed by
 * function (with its file and line) and by file, the largest first. A helper for profiling the
 * benchmarks' drivers (e.g. bench/guide-profile.ts).
 *
 *   npx tsx bench/cpu-profile.ts <file.cpuprofile> [rows]
 */
import { readFileSync } from 'node:fs';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

const [file, rowsArg] = process.argv.slice(2);
if (!file) throw new Error('usage: cpu-profile.ts <file.cpuprofile> [rows]');
const rows = Number(rowsArg ?? 30) || 30;
const profile = JSON.parse(readFileSync(file, 'utf8')) as Profile;
const byId = new Map(profile.nodes.map((node) => [node.id, node]));
const self = new Map<number, number>();
let total = 0;
profile.samples.forEach((id, i) => {
  const delta = profile.timeDeltas[i] ?? 0;
  self.set(id, (self.get(id) ?? 0) + delta);
  total += delta;
});

const shortUrl = (url: string) => url.replace(/^file:\/\//, '').replace(/^.*\/node_modules\//, '~/').replace(/^.*\/(src|bench|test)\//, '$1/') || '(native)';
const byFunction = new Map<string, number>();
const byFile = new Map<string, number>();
for (const [id, us] of self) {
  const { functionName, url, lineNumber } = byId.get(id)!.callFrame;
  const where = shortUrl(url);
  const name = `${functionName || '(anonymous)'}  ${where}${url ? `:${lineNumber + 1}` : ''}`;
  byFunction.set(name, (byFunction.get(name) ?? 0) + us);
  byFile.set(where, (byFile.get(where) ?? 0) + us);
}

const print = (title: string, map: Map<string, number>) => {
  console.log(`\n${title} (total ${(total / 1000).toFixed(0)} ms)`);
  for (const [name, us] of [...map].sort((a, b) => b[1] - a[1]).slice(0, rows)) {
    console.log(`${(us / 1000).toFixed(0).padStart(8)} ms ${((100 * us) / total).toFixed(1).padStart(5)}%  ${name}`);
  }
};
print('self time by function', byFunction);
print('self time by file', byFile);
