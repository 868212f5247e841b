/**
 * The event stream's silence watchdog, to the clock step: the core follows the demo through a
 * proxy whose event stream says hello (and, in one case, one keepalive 20 s later) and then goes
 * silent. The stream is declared dead exactly `streamSilenceMs` after its last byte (give or take
 * one step of the fake clock), and not before: not while bytes keep it alive, and not counted from
 * when it opened once a keepalive came.
 */
import { describe, expect, it } from 'vitest';
import type { TimerHandle } from '../../src/main/common/clock';
import { DEFAULT_TUNING } from '../../src/main/core/sync/config';
import { sleep, type CoreHarness } from '../support/core-harness';
import { useCoreHarness } from '../support/use-core-harness';
import { startHostileServer, type HostileServer } from '../support/hostile-server';
import { ManualClock } from '../support/manual-clock';

const SILENCE_MS = DEFAULT_TUNING.streamSilenceMs;
const STEP_MS = 1_000;
const WENT_SILENT = 'The live event stream went silent.';

/** A ManualClock that remembers when each timer was set (so a test can tell a byte was read). */
class ArmingClock extends ManualClock {
  readonly armedAt: number[] = [];
  override setTimeout(fn: () => void, ms: number): TimerHandle {
    this.armedAt.push(this.now());
    return super.setTimeout(fn, ms);
  }
}

const core = useCoreHarness();
let h: CoreHarness | null = null;
let hostile: HostileServer | null = null;

/** The core live through a proxy whose event stream says hello and then nothing. */
async function silentStream() {
  const clock = new ArmingClock();
  const lines: { line: string; at: number }[] = [];
  h = await core.start({ clock, demo: { viewers: 2 }, app: { log: (line) => lines.push({ line, at: clock.now() }) } });
  hostile = core.closeAfter(await startHostileServer(h.demo, { now: () => clock.now() }));
  await hostile.setMode('sse-silent', /\/events$/);
  await h.connect(hostile.url);
  expect(h.app.store.state.connection.state).toBe('live');
  const opened = hostile.streamOpenedAt;
  expect(opened, 'the stream opened').not.toBeNull();
  const deadAt = () => lines.find((l) => l.line.includes(WENT_SILENT))?.at ?? null;
  return { clock, opened: opened!, deadAt };
}

/** Steps the clock a second at a time until the stream is declared dead; when that was. */
async function untilDead(deadAt: () => number | null): Promise<number> {
  for (let i = 0; i < 3 * (SILENCE_MS / STEP_MS) && deadAt() === null; i++) await h!.step(STEP_MS);
  expect(deadAt(), 'the stream was never declared dead').not.toBeNull();
  return deadAt()!;
}

describe('event-stream watchdog', () => {
  it('is the documented 45 s (docs/compatibility.md)', () => {
    expect(SILENCE_MS).toBe(45_000);
  });

  it('declares a stream that only said hello dead 45 s after it, not before', async () => {
    const { opened, deadAt } = await silentStream();
    const dead = await untilDead(deadAt);
    expect(dead - opened).toBeGreaterThanOrEqual(SILENCE_MS);
    expect(dead - opened).toBeLessThanOrEqual(SILENCE_MS + STEP_MS);
  });

  it('counts 45 s from the last keepalive, not from the opening: dead at keepalive + 45 s (± one step), not before', async () => {
    const { clock, opened, deadAt } = await silentStream();
    for (let i = 0; i < 20; i++) await h!.step(STEP_MS);
    expect(deadAt()).toBeNull();
    expect(hostile!.keepalive()).toBe(1);
    const keptAt = clock.now();
    // real time (bounded) for the keepalive to cross loopback and be read (reading it re-arms the
    // watchdog: a timer set at this instant); the clock stays put meanwhile
    for (let i = 0; i < 400 && !clock.armedAt.includes(keptAt); i++) await sleep(5);

    const dead = await untilDead(deadAt);
    expect(dead - opened, 'not counted from the opening').toBeGreaterThan(SILENCE_MS + STEP_MS);
    expect(dead - keptAt).toBeGreaterThanOrEqual(SILENCE_MS);
    expect(dead - keptAt).toBeLessThanOrEqual(SILENCE_MS + STEP_MS);
  });
});
