import { commandLine, exitWithUsage } from '../cli-options';
import { startDemoServer, type DemoServer } from './server';

/**
 * `npm run demo-server`: a demo Airwave server on 127.0.0.1:36020 (by default) that prints its
 * address and key and runs until Ctrl+C.
 */

const USAGE = `Usage: npm run demo-server -- [options]

  --port <n>       port to listen on (default 36020; 0 picks a free one)
  --host <addr>    interface to listen on (default 127.0.0.1)
  --channels <n>   number of channels, numbered from 101 (default 24)
  --seed <s>       everything generated follows from it (default 1)
  --viewers <n>    viewers watching at start (default 3)
  --churn <n>      average new viewers per hour (default 4; 0 for none)
  --no-sse         offer no /events stream, so clients poll
  --key <key>      the API key to accept (default: derived from the seed)`;

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
});

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
  });
} catch (error) {
  const code = (error as { code?: string }).code;
  if (code === 'EADDRINUSE') bail(`Port ${port} is in use (another demo, or Airwave itself?). Try --port 0 for any free port.`);
  if (code === 'EADDRNOTAVAIL') bail(`This computer has no address ${values.host}.`);
  throw error;
}

process.stdout.write(
  [
    `Airwave demo server listening on ${server.url}`,
    `API key: ${server.key}`,
    '',
    `Check it:  AIRWAVE_API_KEY=${server.key} npm run doctor -- --server ${server.url}`,
    'Stop it:   Ctrl+C',
    '',
  ].join('\n'),
);

const stop = () => {
  void server.close().then(() => process.exit(0));
};
process.once('SIGINT', stop);
process.once('SIGTERM', stop);
