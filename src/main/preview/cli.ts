import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { startPreviewHost, type PreviewHost } from './host';

/**
 * `npm run preview`: the popover in a browser, driven by the real core (see host.ts). Prints
 * `http://127.0.0.1:<port>` on stdout and runs until Ctrl+C.
 */

const USAGE = `Usage: npm run preview -- [options]

  --port <n>           port on 127.0.0.1 (default: any free port)
  --data-dir <dir>     settings and artwork cache (default: a fresh temp directory)
  --demo               start the built-in demo server and connect to it
  --demo-channels <n>  channels of that demo (default 24)
  --server <url>       connect to this server at start-up; the key comes from AIRWAVE_API_KEY`;

function bail(message: string): never {
  process.stderr.write(`${message}\n\n${USAGE}\n`);
  process.exit(1);
}

let values;
try {
  ({ values } = parseArgs({
    options: {
      port: { type: 'string' },
      'data-dir': { type: 'string' },
      demo: { type: 'boolean', default: false },
      'demo-channels': { type: 'string' },
      server: { type: 'string' },
      help: { type: 'boolean', short: 'h', default: false },
    },
    strict: true,
  }));
} catch (error) {
  bail((error as Error).message);
}
if (values.help) {
  process.stdout.write(`${USAGE}\n`);
  process.exit(0);
}

const port = values.port === undefined ? 0 : Number(values.port);
if (!Number.isInteger(port) || port < 0 || port > 65535 || !/^\d+$/.test(values.port ?? '0')) bail(`--port takes a whole number from 0 to 65535.`);
const channels = values['demo-channels'] === undefined ? undefined : Number(values['demo-channels']);
if (channels !== undefined && (!Number.isInteger(channels) || channels < 1 || channels > 5000)) bail('--demo-channels takes a whole number from 1 to 5000.');
if (values.demo && values.server) bail('Choose --demo or --server, not both.');
const apiKey = process.env.AIRWAVE_API_KEY ?? '';
if (values.server && !apiKey) bail('Put the API key in AIRWAVE_API_KEY (a key on the command line would land in your shell history).');

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
    demoOptions: channels ? { channels } : {},
    server: values.server,
    apiKey,
    log: (line) => process.stderr.write(`[preview] ${line}\n`),
  });
} catch (error) {
  const code = (error as NodeJS.ErrnoException).code;
  bail(code === 'EADDRINUSE' ? `Port ${port} is in use; pass --port 0 for any free port.` : (error as Error).message);
}
process.stdout.write(`${host.url}\n`);

let closing = false;
const stop = () => {
  if (closing) return;
  closing = true;
  void host.close().then(() => process.exit(0));
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
