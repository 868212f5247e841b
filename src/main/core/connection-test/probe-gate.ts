/**
 * The gate in front of every connection test the page can start (Test connection, Connect, Add
 * server). A test builds its own client, so without this a page asking hundreds of times a second
 * would send several requests to the named address for each ask. Through the gate: one test runs
 * at a time, at most one waits behind it (a newer ask takes the waiting place, the one it displaces
 * is answered 'busy'), and at most PROBE_LIMITS.perWindow tests start in any PROBE_LIMITS.windowMs.
 * What is refused is answered at once with a 'busy' report that asked nothing of any server.
 * Gates may share one start budget (startBudget): the local server finder spends the connection
 * test's, so neither can be made to flood the address they both ask.
 */
import type { Clock } from '../../common/clock';
import { busyReport, type ProbeOptions, type ProbeReport } from './probe-types';

export const PROBE_LIMITS = {
  /** tests started in any window… */
  perWindow: 6,
  /** …of this many milliseconds (monotonic) */
  windowMs: 10_000,
} as const;

type Probe = (options: ProbeOptions) => Promise<ProbeReport>;

/** Starts allowed: at most PROBE_LIMITS.perWindow in any PROBE_LIMITS.windowMs (monotonic); true takes one. */
export type StartBudget = () => boolean;

export function startBudget(clock: Clock): StartBudget {
  const starts: number[] = [];
  return () => {
    const now = clock.monotonic();
    while (starts.length && starts[0]! <= now - PROBE_LIMITS.windowMs) starts.shift();
    if (starts.length >= PROBE_LIMITS.perWindow) return false;
    starts.push(now);
    return true;
  };
}

export function gatedProbe(probe: Probe, clock: Clock, budget: StartBudget = startBudget(clock)): Probe {
  return gated(probe, (options) => busyReport(options.server), clock, budget);
}

/**
 * The same gate for any ask the page can start against an address it names (the keyless identity
 * look as the address is typed too): `busy` answers what is refused, at once and with no request.
 */
export function gated<O, R>(run: (options: O) => Promise<R>, busy: (options: O) => R, clock: Clock, withinBudget: StartBudget = startBudget(clock)): (options: O) => Promise<R> {
  let running: Promise<unknown> | null = null;
  let waiting: { options: O; resolve: (report: R | Promise<R>) => void } | null = null;

  const start = (options: O): Promise<R> => {
    if (!withinBudget()) return Promise.resolve(busy(options));
    const result = run(options);
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
    return new Promise<R>((resolve) => {
      waiting?.resolve(busy(waiting.options));
      waiting = { options, resolve };
    });
  };
}
