/**
 * Owns `npm run preview`: builds the app without printing the build's output (it is shown when the
 * build fails, or always with `--build-output`), then starts the preview host, whose one line on
 * stdout is the URL to open. Every other option goes to the preview CLI (see src/main/preview/cli.ts).
 */
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const args = process.argv.slice(2);
const showBuild = args.includes('--build-output');
const rest = args.filter((arg) => arg !== '--build-output');

if (!rest.includes('--help') && !rest.includes('-h')) {
  process.stderr.write('Building…\n');
  const bin = join(root, 'node_modules', '.bin', process.platform === 'win32' ? 'electron-vite.cmd' : 'electron-vite');
  const build = spawnSync(bin, ['build'], { cwd: root, stdio: showBuild ? 'inherit' : 'pipe', encoding: 'utf8', shell: process.platform === 'win32' });
  if (build.status !== 0) {
    if (!showBuild) process.stderr.write(`${build.stdout ?? ''}${build.stderr ?? ''}`);
    process.stderr.write(`The build failed${build.error ? ` (${build.error.message})` : ''}.\n`);
    process.exit(build.status ?? 1);
  }
}

// the preview CLI reads its options from process.argv
process.argv = [process.argv[0]!, join(root, 'src', 'main', 'preview', 'cli.ts'), ...rest];
await import('../src/main/preview/cli');
