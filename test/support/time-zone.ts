import { afterEach } from 'vitest';

/**
 * Lets the tests of a describe block run in a named time zone (Node reads `process.env.TZ` anew
 * when it is set) and puts the zone the run started in back after each test, so a test that
 * checks a clock-change day depends on no machine's zone and leaves none behind.
 */
export function useTimeZone(): (zone: string) => void {
  const started = process.env.TZ;
  afterEach(() => {
    if (started === undefined) delete process.env.TZ;
    else process.env.TZ = started;
  });
  return (zone) => {
    process.env.TZ = zone;
  };
}
