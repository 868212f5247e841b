import { commandLine, exitWithUsage } from '../cli-options';
import { probeServer } from '../core/probe';
import type { AuthStyle } from '../core/client';
import { EXIT_CODES, formatReport } from './report';

/**
 * `npm run doctor -- --server <url>`: checks the connection a user is about to configure and says
 * what to do about each problem. The key comes from AIRWAVE_API_KEY (or --key, which lands in the
 * shell history). Exit codes: 0 all good, 1 usage or an address that cannot be a server, 2 key
 * rejected, 3 unreachable, 4 answered but not like an Airwave server.
 */

const USAGE = `Usage: npm run doctor -- --server <url> [--bearer] [--json] [--timeout <seconds>]

Checks an Airwave server and API key the way Airwave Tray will use them.

  --server <url>     the server, e.g. http://192.168.1.10:36020 (or $AIRWAVE_SERVER)
  --key <key>        the API key; prefer the AIRWAVE_API_KEY environment variable,
                     since a key on the command line lands in your shell history
  --bearer           prefer "Authorization: Bearer" over "X-API-Key" (both are tried)
  --json             print the report as JSON
  --timeout <s>      give up on each request after this many seconds (default 10)

Exit codes: 0 all good, 1 usage, 2 key rejected, 3 unreachable, 4 not an Airwave server.`;

function usage(message: string): never {
  return exitWithUsage(USAGE, message);
}

async function main(): Promise<number> {
  const { values } = commandLine(USAGE, {
    server: { type: 'string' },
    key: { type: 'string' },
    bearer: { type: 'boolean', default: false },
    json: { type: 'boolean', default: false },
    timeout: { type: 'string' },
  });
  const server = values.server ?? process.env.AIRWAVE_SERVER;
  if (!server) usage('Which server? Pass --server <url>.');
  if (values.key !== undefined) {
    process.stderr.write(
      'Warning: a key given with --key is saved in your shell history. Prefer: AIRWAVE_API_KEY=<key> npm run doctor -- --server <url>\n',
    );
  }
  const apiKey = values.key ?? process.env.AIRWAVE_API_KEY ?? '';
  let timeoutMs = 10_000;
  if (values.timeout !== undefined) {
    const seconds = Number(values.timeout);
    if (!Number.isFinite(seconds) || seconds <= 0 || seconds > 300) usage('--timeout takes a number of seconds from 0 to 300.');
    timeoutMs = seconds * 1000;
  }
  const authStyle: AuthStyle = values.bearer ? 'bearer' : 'x-api-key';
  const report = await probeServer({
    server,
    apiKey,
    authStyle,
    timeouts: { connectMs: Math.min(timeoutMs, 5_000), headersMs: timeoutMs, bodyMs: timeoutMs * 1.5 },
  });
  if (values.json) {
    process.stdout.write(`${JSON.stringify({ ...report, exitCode: EXIT_CODES[report.verdict] }, null, 2)}\n`);
  } else {
    process.stdout.write(`${formatReport(report, report.server?.display ?? server)}\n`);
  }
  return EXIT_CODES[report.verdict];
}

main().then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    process.stderr.write(`doctor failed unexpectedly: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exitCode = 1;
  },
);
