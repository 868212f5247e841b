import { commandLine, exitWithUsage, keysForServers } from '../cli-options';
import { writeErr, writeOut } from '../common/terminal';
import { probeServer, type ProbeReport } from '../core/connection-test/probe';
import type { AuthStyle } from '../core/client';
import { EXIT_CODES, formatReport, formatRun, sameServers, worstExitCode, type CheckedServer } from './report';
import { applyLocale } from '../../shared/i18n/catalogues';

// the doctor is a terminal tool and speaks English, whatever the system's language (the probe's words come from the catalogue)
applyLocale('en');

/**
 * `npm run doctor -- --server <url> [--server <url> …]`: checks the connections a user is about to
 * configure and says what to do about each problem. Keys come from AIRWAVE_API_KEYS (one per
 * server) or AIRWAVE_API_KEY (or --key with one server, which lands in the shell history). Exit
 * codes, the worst of all servers: 0 all good, 1 usage or an address that cannot be a server, 2 key
 * rejected, 3 unreachable, 4 answered but not like an Airwave server.
 */

const USAGE = `Usage: npm run doctor -- --server <url> [--server <url> …] [--bearer] [--json] [--timeout <seconds>]

Checks Airwave servers and API keys the way Airwave Tray will use them.

  --server <url>     the server, e.g. http://192.168.1.10:36020 (or $AIRWAVE_SERVER);
                     repeat it to check several servers in one run
  --key <key>        the API key (one server only); prefer the AIRWAVE_API_KEY environment
                     variable, since a key on the command line lands in your shell history
  --bearer           prefer "Authorization: Bearer" over "X-API-Key" (both are tried)
  --json             print the report as JSON
  --timeout <s>      give up on each request after this many seconds (default 10)

Keys: AIRWAVE_API_KEY for one server. For several, AIRWAVE_API_KEYS holds one key per --server,
comma-separated, in the same order; when AIRWAVE_API_KEYS is unset, AIRWAVE_API_KEY is used for
every server.

Exit codes (the worst of all servers): 0 all good, 1 usage, 2 key rejected, 3 unreachable,
4 not an Airwave server.`;

/** Servers probed at the same time, at most. */
const AT_ONCE = 2;

function usage(message: string): never {
  return exitWithUsage(USAGE, message);
}

/** Runs `work` on every item, at most `limit` at a time; the results keep the items' order. */
async function eachAtMost<T, R>(items: T[], limit: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await work(items[index] as T);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

async function main(): Promise<number> {
  const { values } = commandLine(USAGE, {
    server: { type: 'string', multiple: true },
    key: { type: 'string' },
    bearer: { type: 'boolean', default: false },
    json: { type: 'boolean', default: false },
    timeout: { type: 'string' },
  });
  const servers = values.server && values.server.length > 0 ? values.server : process.env.AIRWAVE_SERVER ? [process.env.AIRWAVE_SERVER] : [];
  if (servers.length === 0) usage('Which server? Pass --server <url>.');
  let keys: string[];
  if (values.key !== undefined) {
    if (servers.length > 1) usage(`--key goes with one server (got ${servers.length}); put one key per --server in AIRWAVE_API_KEYS, comma-separated.`);
    writeErr(
      'Warning: a key given with --key is saved in your shell history. Prefer: AIRWAVE_API_KEY=<key> npm run doctor -- --server <url>\n',
    );
    keys = [values.key];
  } else {
    const paired = keysForServers(servers.length, process.env);
    if (!paired.ok) usage(paired.message);
    keys = paired.keys;
  }
  let timeoutMs = 10_000;
  if (values.timeout !== undefined) {
    const seconds = Number(values.timeout);
    if (!Number.isFinite(seconds) || seconds <= 0 || seconds > 300) usage('--timeout takes a number of seconds from 0 to 300.');
    timeoutMs = seconds * 1000;
  }
  const authStyle: AuthStyle = values.bearer ? 'bearer' : 'x-api-key';
  const probe = (server: string, apiKey: string): Promise<ProbeReport> =>
    probeServer({
      server,
      apiKey,
      authStyle,
      timeouts: { connectMs: Math.min(timeoutMs, 5_000), headersMs: timeoutMs, bodyMs: timeoutMs * 1.5 },
    });

  if (servers.length === 1) {
    const [server] = servers as [string];
    const report = await probe(server, keys[0] ?? '');
    if (values.json) {
      writeOut(`${JSON.stringify({ ...report, exitCode: EXIT_CODES[report.verdict] }, null, 2)}\n`);
    } else {
      writeOut(`${formatReport(report, report.server?.display ?? server)}\n`);
    }
    return EXIT_CODES[report.verdict];
  }

  const checked = await eachAtMost(
    servers.map((given, i) => ({ given, apiKey: keys[i] ?? '' })),
    AT_ONCE,
    async ({ given, apiKey }): Promise<CheckedServer> => ({ given, report: await probe(given, apiKey) }),
  );
  const exitCode = worstExitCode(checked);
  if (values.json) {
    const servers = checked.map(({ report }) => ({ ...report, exitCode: EXIT_CODES[report.verdict] }));
    writeOut(`${JSON.stringify({ servers, sameServer: sameServers(checked), exitCode }, null, 2)}\n`);
  } else {
    writeOut(`${formatRun(checked)}\n`);
  }
  return exitCode;
}

main().then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    writeErr(`doctor failed unexpectedly: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exitCode = 1;
  },
);
