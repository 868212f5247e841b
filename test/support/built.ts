import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The project root, and paths into the built output (`out/`). */
export const root = fileURLToPath(new URL('../..', import.meta.url));
export const out = (...parts: string[]) => join(root, 'out', ...parts);

/**
 * `npm test` builds before vitest; a bare `vitest run` builds here (once, bounded) so tests of the
 * built output never read nothing.
 */
export function ensureBuilt(): void {
  if (existsSync(out('main', 'index.js')) && existsSync(out('renderer', 'index.html'))) return;
  const build = spawnSync(join(root, 'node_modules', '.bin', 'electron-vite'), ['build'], { cwd: root, encoding: 'utf8', timeout: 120_000 });
  if (build.status !== 0) throw new Error(`electron-vite build failed:\n${build.stderr}`);
}
