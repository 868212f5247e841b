import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { commandLine, exitWithUsage, keysForServers } from '../cli-options';
import { writeErr, writeOut } from '../common/terminal';
import { CLI_PROFILE_NAMES, demoFromCommandLine } from '../demo/newcomer';
import { startPreviewHost, type PreviewHost } from './host';

/**
 * `npm run preview`: the popover in a browser, driven by the real core (see host.ts). Prints
 * `http://127.0.0.1:<port>` on stdout and runs until Ctrl+C.
 */

const USAGE = `Usage: npm run preview -- [options]

  --port <n>           port on 127.0.0.1 (default: any free port)
  --data-dir <dir>     settings and artwork cache (default: a fresh temp directory)
  --demo               start the built-in demo server and connect to it (also what
                       "Try the demo" starts): Airwave 0.15.13 unless told otherwise
  --demo-channels <n>  channels of that demo (default 24)
  --demo-viewers <n>   viewers watching that demo at start (default 3)
  --demo-profile <p>   how that demo behaves: airwave (default; Airwave's own server),
                       legacy (Airwave 0.14: no event stream, no uptime/counts) or
                       spec (synthetic: the published interface, "Airwave 0.9.0-demo")
  --demo-server-version <v>  that demo plays this stage of Airwave's public API
                       (0.14.67, 0.14.68, 0.15.12, 0.15.13 the default, …)
  --server <url>       follow this server from start-up; repeat it for several servers
  --lang <tag>         the system's language for the app: en, de, fr, es, ja, or pseudo
                       (accented and ~40% longer, to find what would break)
  --build-output       show the build's output (npm run preview builds first, quietly)

Keys: AIRWAVE_API_KEY for one server. For several, AIRWAVE_API_KEYS holds one key per --server,
comma-separated, in the same order (when it is unset, AIRWAVE_API_KEY is used for every server).
Keys are never taken from the command line, which would keep them in your shell history.`;

function bail(message: string): never {
  return exitWithUsage(USAGE, message);
}

const { values, whole } = commandLine(USAGE, {
  port: { type: 'string' },
  'data-dir': { type: 'string' },
  demo: { type: 'boolean', default: false },
  'demo-channels': { type: 'string' },
  'demo-viewers': { type: 'string' },
  'demo-profile': { type: 'string' },
  'demo-server-version': { type: 'string' },
  server: { type: 'string', multiple: true },
  lang: { type: 'string' },
});

const port = whole('port', values.port, 0, 0, 65535);
const channels = values['demo-channels'] === undefined ? undefined : whole('demo-channels', values['demo-channels'], 24, 1, 5000);
const servers = values.server ?? [];
if (values.demo && servers.length > 0) bail('Choose --demo or --server, not both.');
const viewers = values['demo-viewers'] === undefined ? undefined : whole('demo-viewers', values['demo-viewers'], 3, 0, 10_000);
const profileName = values['demo-profile'];
const serverVersion = values['demo-server-version'];
// the demo "Try the demo" starts too: Airwave at its newest stage unless told (newcomer.ts)
const imitated = demoFromCommandLine(profileName, serverVersion);
if (!imitated) bail(`--demo-profile must be one of ${CLI_PROFILE_NAMES.join(', ')} (got "${profileName}").`);
for (const [name, given] of [['demo-profile', profileName], ['demo-server-version', serverVersion]] as const) {
  if (given !== undefined && !values.demo) bail(`--${name} goes with --demo.`);
}
const paired = keysForServers(servers.length, process.env);
if (!paired.ok) bail(paired.message);
const keyless = paired.keys.findIndex((key) => key === '');
if (keyless >= 0) {
  bail(
    servers.length === 1
      ? 'Put the API key in AIRWAVE_API_KEY (a key on the command line would land in your shell history).'
      : `No key for --server ${servers[keyless]}: put one key per --server in AIRWAVE_API_KEYS, comma-separated, in the same order.`,
  );
}

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
const rendererDir = join(root, 'out', 'renderer');
if (!existsSync(join(rendererDir, 'index.html'))) bail('The renderer is not built yet: run `npm run build` first (`npm run preview` does).');

let host: PreviewHost;
try {
  host = await startPreviewHost({
    rendererDir,
    port,
    dataDir: values['data-dir'],
    demo: values.demo,
    demoOptions: { ...imitated, ...(channels ? { channels } : {}), ...(viewers !== undefined ? { viewers } : {}) },
    servers: servers.map((url, i) => ({ url, apiKey: paired.keys[i] ?? '' })),
    ...(values.lang ? { languages: [values.lang] } : {}),
    log: (line) => writeErr(`[preview] ${line}\n`),
  });
} catch (error) {
  const code = (error as NodeJS.ErrnoException).code;
  bail(code === 'EADDRINUSE' ? `Port ${port} is in use; pass --port 0 for any free port.` : (error as Error).message);
}
writeOut(`${host.url}\n`);

let closing = false;
const stop = () => {
  if (closing) return;
  closing = true;
  void host.close().then(() => process.exit(0));
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
