/**
 * The gate in front of every connection test the page can start (Test connection, Connect, Add
 * server). A test builds its own client, so without this a page asking hundreds of times a second
 * would send several requests to the named address for each ask. Through the gate: one test runs
 * at a time, at most one waits behind it (a newer ask takes the waiting place, the one it displaces
 * is answered 'busy'), and at most PROBE_LIMITS.perWindow tests start in any PROBE_LIMITS.windowMs.
 * What is refused is answered at once with a 'busy' report that asked nothing of any server.
 */
import type { Clock } from '../../common/clock';
import { busyReport, type ProbeOptions, type ProbeReport } from './probe';

export const PROBE_LIMITS = {
  /** tests started in any window… */
  perWindow: 6,
  /** …of this many milliseconds (monotonic) */
  windowMs: 10_000,
} as const;

type Probe = (options: ProbeOptions) => Promise<ProbeReport>;

export function gatedProbe(probe: Probe, clock: Clock): Probe {
  const starts: number[] = [];
  let running: Promise<unknown> | null = null;
  let waiting: { options: ProbeOptions; resolve: (report: ProbeReport | Promise<ProbeReport>) => void } | null = null;

  const withinBudget = (): boolean => {
    const now = clock.monotonic();
    while (starts.length && starts[0]! <= now - PROBE_LIMITS.windowMs) starts.shift();
    if (starts.length >= PROBE_LIMITS.perWindow) return false;
    starts.push(now);
    return true;
  };

  const start = (options: ProbeOptions): Promise<ProbeReport> => {
    if (!withinBudget()) return Promise.resolve(busyReport(options.server));
    const result = probe(options);
    const done = result.then(
      () => undefined,
      () => undefined,
    );
    running = done;
    void done.then(() => {
      running = null;
      const next = waiting;
      waiting = null;
      if (next) next.resolve(start(next.options));
    });
    return result;
  };

  return (options) => {
    if (!running) return start(options);
    return new Promise<ProbeReport>((resolve) => {
      waiting?.resolve(busyReport(waiting.options.server));
      waiting = { options, resolve };
    });
  };
}
