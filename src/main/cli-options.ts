import { parseArgs, type ParseArgsOptionsConfig } from 'node:util';
import { writeErr, writeOut } from './common/terminal';

/**
 * The command lines of `doctor`, `demo-server` and `preview` behave alike: `--help` prints the
 * usage and exits 0; a usage error prints what is wrong and the usage, and exits 1.
 */
export function exitWithUsage(usage: string, message: string): never {
  writeErr(`${message}\n\n${usage}\n`);
  process.exit(1);
}

const HELP = { help: { type: 'boolean', short: 'h', default: false } } as const;

export function commandLine<const O extends ParseArgsOptionsConfig>(usage: string, options: O) {
  let values: ReturnType<typeof parseArgs<{ options: O & typeof HELP; strict: true; allowPositionals: false }>>['values'];
  try {
    ({ values } = parseArgs({ options: { ...options, ...HELP }, strict: true, allowPositionals: false }));
  } catch (error) {
    return exitWithUsage(usage, (error as Error).message);
  }
  if ((values as { help?: boolean }).help) {
    writeOut(`${usage}\n`);
    process.exit(0);
  }
  /** A whole-number option in [min, max], or `fallback` when it was not given. */
  const whole = (name: string, raw: string | undefined, fallback: number, min: number, max: number): number => {
    if (raw === undefined) return fallback;
    const value = Number(raw);
    if (!/^\d+$/.test(raw) || value < min || value > max) exitWithUsage(usage, `--${name} takes a whole number from ${min} to ${max} (got "${raw}").`);
    return value;
  };
  return { values, whole };
}

/**
 * The key for each `--server` of `doctor` and `preview`, in the same order: AIRWAVE_API_KEYS
 * (comma-separated, one per server) when it is set, else AIRWAVE_API_KEY for every server (empty
 * when neither is set). A list of the wrong length is an error naming both counts.
 */
export function keysForServers(count: number, env: NodeJS.ProcessEnv): { ok: true; keys: string[] } | { ok: false; message: string } {
  const list = env.AIRWAVE_API_KEYS?.trim();
  if (list) {
    const keys = list.split(',').map((key) => key.trim());
    if (keys.length === count) return { ok: true, keys };
    const servers = `${count} ${count === 1 ? 'server' : 'servers'}`;
    const given = `${keys.length} ${keys.length === 1 ? 'key' : 'keys'}`;
    return { ok: false, message: `AIRWAVE_API_KEYS has ${given} for ${servers}: give one key per --server, comma-separated, in the same order.` };
  }
  const key = env.AIRWAVE_API_KEY ?? '';
  return { ok: true, keys: Array.from({ length: count }, () => key) };
}
