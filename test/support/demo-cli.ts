import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { connect } from 'node:net';
import { fileURLToPath } from 'node:url';

/**
 * The demo server's command line (`npm run demo-server`) as a child process in tests. Node itself
 * runs src/main/demo/cli.ts with tsx as its loader (`node --import tsx`), not the tsx wrapper, so
 * the child is the server: killing it leaves nothing behind. Every wait here is bounded in real
 * time and fails with what the CLI printed; close() kills the child and checks that nothing
 * listens on its port any more.
 */

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const CLI = 'src/main/demo/cli.ts';
const LISTENING = /listening on (http:\/\/127\.0\.0\.1:(\d+))/;
/** from spawn to the banner: tsx compiles the demo on the way, on a busy 2-core machine */
const START_MS = 15_000;
/** from a signal to the exit, and for one line more of output */
const SETTLE_MS = 5_000;

export interface DemoCli {
  /** the address it printed, http://127.0.0.1:<port> */
  url: string;
  port: number;
  /** everything written to stdout so far */
  stdout(): string;
  /** the first match of `pattern` in stdout, waiting (bounded) for it to be printed */
  line(pattern: RegExp): Promise<RegExpExecArray>;
  /**
   * Sends `signal` (SIGKILL unless told), waits (bounded) for the exit and checks the port is
   * free. Resolves with the exit code (null when killed by the signal). Safe to call twice.
   */
  close(signal?: NodeJS.Signals): Promise<number | null>;
}

export interface DemoCliRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

function spawnCli(args: readonly string[]): ChildProcessWithoutNullStreams {
  return spawn(process.execPath, ['--import', 'tsx', CLI, ...args], { cwd: ROOT, stdio: 'pipe' });
}

/** Output and exit of one child, with bounded waits for either. */
function watch(child: ChildProcessWithoutNullStreams) {
  let stdout = '';
  let stderr = '';
  const changed = new Set<() => void>();
  const notify = () => changed.forEach((listener) => listener());
  child.stdout.on('data', (chunk: Buffer) => {
    stdout += chunk.toString();
    notify();
  });
  child.stderr.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
    notify();
  });
  let exit: { code: number | null } | undefined;
  let closed = false;
  child.on('exit', (code) => {
    exit = { code };
    notify();
  });
  // after the exit, once its output is all read (a process it left holding the pipes delays this)
  child.on('close', () => {
    closed = true;
    notify();
  });
  const printed = () => `stdout:\n${stdout || '(nothing)'}\nstderr:\n${stderr || '(nothing)'}`;

  /**
   * Resolves with `check()`'s first defined answer, asked again on every output and on the exit;
   * rejects after `ms`, or at the exit when `exitFails` (something the running CLI should print).
   */
  function until<T>(check: () => T | undefined, ms: number, what: string, exitFails = true): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      const done = () => {
        clearTimeout(timer);
        changed.delete(ask);
      };
      const ask = () => {
        const answer = check();
        if (answer !== undefined) {
          done();
          resolve(answer);
        } else if (exit && exitFails) {
          done();
          reject(new Error(`the demo CLI exited (code ${exit.code}) before ${what}\n${printed()}`));
        }
      };
      const timer = setTimeout(() => {
        done();
        reject(new Error(`the demo CLI did not ${what} within ${ms} ms\n${printed()}`));
      }, ms);
      changed.add(ask);
      ask();
    });
  }

  return {
    stdout: () => stdout,
    stderr: () => stderr,
    exit: () => exit,
    until,
    /** the exit code, once the child has exited (bounded) */
    exited: (ms: number, what: string) => until(() => exit, ms, `exit ${what}`, false).then((e) => e.code),
    /** once its output is all read (bounded) */
    closed: (ms: number) => until(() => (closed ? true : undefined), ms, 'close its output after exiting', false),
  };
}

/** Rejects when something still accepts connections on 127.0.0.1:`port`. */
function expectNothingListening(port: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const socket = connect({ host: '127.0.0.1', port });
    socket.setTimeout(SETTLE_MS, () => {
      socket.destroy();
      reject(new Error(`127.0.0.1:${port} neither accepted nor refused a connection within ${SETTLE_MS} ms`));
    });
    socket.once('connect', () => {
      socket.destroy();
      reject(new Error(`something still listens on 127.0.0.1:${port} after the demo CLI exited (a process it left behind?)`));
    });
    socket.once('error', (error: NodeJS.ErrnoException) => {
      socket.destroy();
      if (error.code === 'ECONNREFUSED') resolve();
      else reject(error);
    });
  });
}

/**
 * Starts `npm run demo-server -- <args>` and resolves once it has printed the address it listens
 * on. Pass `--port 0` so that parallel tests never collide. Rejects (and kills the child) if the
 * line does not come in time or the CLI exits first.
 */
export async function startDemoCli(args: readonly string[]): Promise<DemoCli> {
  const child = spawnCli(args);
  const output = watch(child);
  let url: string;
  let port: number;
  try {
    [url, port] = await output.until(
      () => {
        const match = LISTENING.exec(output.stdout());
        return match ? ([match[1]!, Number(match[2])] as const) : undefined;
      },
      START_MS,
      'print "listening on http://127.0.0.1:<port>"',
    );
  } catch (error) {
    child.kill('SIGKILL');
    throw error;
  }

  let closing: Promise<number | null> | undefined;
  return {
    url,
    port,
    stdout: output.stdout,
    line: (pattern) => output.until(() => pattern.exec(output.stdout()) ?? undefined, SETTLE_MS, `print a line matching ${pattern}`),
    close(signal = 'SIGKILL') {
      closing ??= (async () => {
        if (!output.exit()) child.kill(signal);
        const code = await output.exited(SETTLE_MS, `after ${signal}`).catch((error: unknown) => {
          child.kill('SIGKILL');
          throw error;
        });
        await expectNothingListening(port);
        return code;
      })();
      return closing;
    },
  };
}

/** Runs the CLI to its end (one that refuses its arguments, say): its exit code and output. */
export async function runDemoCli(args: readonly string[]): Promise<DemoCliRun> {
  const child = spawnCli(args);
  const output = watch(child);
  try {
    const code = await output.exited(START_MS, 'by itself');
    await output.closed(SETTLE_MS);
    return { code, stdout: output.stdout(), stderr: output.stderr() };
  } finally {
    child.kill('SIGKILL');
  }
}
