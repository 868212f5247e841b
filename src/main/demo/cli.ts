import { commandLine, exitWithUsage } from '../cli-options';
import { writeOut } from '../common/terminal';
import { CLI_PROFILE_NAMES, cliProfileName, demoFromCommandLine } from './newcomer';
import { startDemoServer, type DemoServer } from './server';

/**
 * `npm run demo-server`: a demo Airwave server on 127.0.0.1:36020 (by default) in the profile asked
 * for (Airwave at its newest stage unless told: newcomer.ts), that prints its address, profile and
 * keys and runs until Ctrl+C.
 */

const USAGE = `Usage: npm run demo-server -- [options]

  --port <n>       port to listen on (default 36020; 0 picks a free one)
  --host <addr>    interface to listen on (default 127.0.0.1)
  --channels <n>   number of channels, numbered from 101 (default 24)
  --seed <s>       everything generated follows from it (default 1)
  --viewers <n>    viewers watching at start (default 3)
  --churn <n>      average new viewers per hour (default 4; 0 for none)
  --profile <p>    which server to imitate: airwave (default: Airwave's own server at
                   0.15.13, its newest stage), legacy (Airwave 0.14: no uptime or
                   counts in /status, no /events) or spec (synthetic: the published
                   interface as this app was first built against, "Airwave
                   0.9.0-demo", with bumpers in /guide, which real servers never send)
  --server-version <v>  play one stage of Airwave's public API (with airwave, the
                   default): 0.14.67 (no guide, no sessions), 0.14.68 (artwork as
                   artworkPath), 0.15.12 (no by-number now), 0.15.13 (everything; the
                   default), or any version from 0.14.0 (before 0.14.65 only
                   /api/identity answers)
  --no-sse         offer no /events stream, so clients poll
  --key <key>      the admin API key to accept (default: derived from the seed)
  --viewer-key <key>  a viewer's key that sees every other channel (default: derived)`;

function bail(message: string): never {
  return exitWithUsage(USAGE, message);
}

const { values, whole } = commandLine(USAGE, {
  port: { type: 'string' },
  host: { type: 'string', default: '127.0.0.1' },
  channels: { type: 'string' },
  seed: { type: 'string' },
  viewers: { type: 'string' },
  churn: { type: 'string' },
  sse: { type: 'boolean', default: true },
  'no-sse': { type: 'boolean', default: false },
  key: { type: 'string' },
  'viewer-key': { type: 'string' },
  profile: { type: 'string' },
  'server-version': { type: 'string' },
});

const imitated = demoFromCommandLine(values.profile, values['server-version']);
if (!imitated) bail(`--profile takes one of ${CLI_PROFILE_NAMES.join(', ')} (got "${values.profile}").`);

const port = whole('port', values.port, 36020, 0, 65535);
let server: DemoServer;
try {
  server = await startDemoServer({
    port,
    host: values.host,
    channels: whole('channels', values.channels, 24, 0, 20_000),
    viewers: whole('viewers', values.viewers, 3, 0, 10_000),
    churn: whole('churn', values.churn, 4, 0, 100_000),
    seed: values.seed ?? 1,
    sse: values.sse && !values['no-sse'],
    apiKey: values.key,
    viewerKey: values['viewer-key'],
    ...imitated,
  });
} catch (error) {
  const code = (error as { code?: string }).code;
  if (code === 'EADDRINUSE') bail(`Port ${port} is in use (another demo, or Airwave itself?). Try --port 0 for any free port.`);
  if (code === 'EADDRNOTAVAIL') bail(`This computer has no address ${values.host}.`);
  if (error instanceof RangeError) bail(error.message);
  throw error;
}

writeOut(
  [
    `Airwave demo server listening on ${server.url}`,
    `Profile: ${cliProfileName(server.profile)} (Airwave ${server.version})`,
    `API key: ${server.key}`,
    `Viewer key: ${server.viewerKey} (sees channels ${listNumbers(server.controls.viewerChannels())})`,
    '',
    `Check it:  AIRWAVE_API_KEY=${server.key} npm run doctor -- --server ${server.url}`,
    'Stop it:   Ctrl+C',
    '',
  ].join('\n'),
);

/** 101, 103, 105 … as "101, 103, 105 and 9 more" when long. */
function listNumbers(numbers: number[]): string {
  if (numbers.length === 0) return 'none';
  const shown = numbers.slice(0, 8).join(', ');
  return numbers.length > 8 ? `${shown} and ${numbers.length - 8} more` : shown;
}

const stop = () => {
  void server.close().then(() => process.exit(0));
};
process.once('SIGINT', stop);
process.once('SIGTERM', stop);
