/**
 * Vitest global set-up for the projects whose tests read the built app (`out/`): when any file
 * under `src/` (or the build's own config) is newer than the built output, or the output is
 * missing, it runs `electron-vite build` first, so running one end-to-end file never tests a stale
 * bundle. When `out/` is current (as after `npm test`'s own build) it does nothing.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { out, root } from './built';

/** The outputs every such test reads; the oldest of them is how fresh `out/` is. */
const OUTPUTS = [out('main', 'index.js'), out('preload', 'index.cjs'), out('renderer', 'index.html')];
const INPUTS = [join(root, 'src'), join(root, 'electron.vite.config.ts'), join(root, 'package.json')];

/** The newest modification time of a file or of any file under a folder. */
function newest(path: string): number {
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let latest = 0;
  for (const entry of readdirSync(path)) latest = Math.max(latest, newest(join(path, entry)));
  return latest;
}

/** Why `out/` must be built again, or null when it is current. */
export function staleBecause(): string | null {
  const missing = OUTPUTS.find((file) => !existsSync(file));
  if (missing) return `${missing} is missing`;
  const built = Math.min(...OUTPUTS.map((file) => statSync(file).mtimeMs));
  const source = Math.max(...INPUTS.filter((path) => existsSync(path)).map(newest));
  return source > built ? 'a source file is newer than out/' : null;
}

export default function setup(): void {
  const reason = staleBecause();
  if (!reason) return;
  process.stdout.write(`[fresh-build] ${reason}: electron-vite build\n`);
  const build = spawnSync(join(root, 'node_modules', '.bin', 'electron-vite'), ['build'], { cwd: root, encoding: 'utf8', timeout: 180_000 });
  if (build.status !== 0) throw new Error(`electron-vite build failed:\n${build.stderr || build.stdout}`);
  const still = staleBecause();
  if (still) throw new Error(`out/ is still stale after the build: ${still}`);
}
