/**
 * Vitest global set-up of the e2e project: chooses the run's start instant once (e2e-start.ts),
 * prints it and the seed that reproduces it on the run's first line, and hands it to every test
 * file: through `provide('e2eStart')` and through `AIRWAVE_E2E_START_MS` in the environment the
 * workers inherit (e2e-clock.ts reads the latter; test/e2e/clock.test.ts checks the two agree).
 */
import { randomInt } from 'node:crypto';
import type { TestProject } from 'vitest/node';
import { chooseStart, formatLocal } from './e2e-start';

declare module 'vitest' {
  export interface ProvidedContext {
    /** the e2e run's start instant, ms since the epoch */
    e2eStart: number;
  }
}

export default function setup(project: TestProject): void {
  const chosen = chooseStart(process.env, () => randomInt(1, 2 ** 31 - 1));
  process.env.AIRWAVE_E2E_START_MS = String(chosen.start);
  project.provide('e2eStart', chosen.start);
  const zone = process.env.TZ || Intl.DateTimeFormat().resolvedOptions().timeZone;
  const how =
    chosen.seed === null
      ? 'set by AIRWAVE_E2E_START'
      : `${chosen.kind}, seed ${chosen.seed}: AIRWAVE_E2E_SEED=${chosen.seed} reproduces it`;
  process.stdout.write(`[e2e clock] the suite starts at ${formatLocal(chosen.start)} ${zone} (${how})\n`);
}
