import { request } from 'undici';
import type { Clock } from '../src/main/common/clock';

/**
 * The baseline every benchmark compares against: the set-up Airwave documents for Home
 * Assistant, two REST sensors polling `/sessions/count` and `/now-playing` every 30 s, on the
 * benchmark's clock. It "notices" a viewer when its `/now-playing` first lists them (where an
 * automation would fire).
 */
export class BaselinePoller {
  /** user → when the `/now-playing` sensor first listed them */
  readonly seen = new Map<string, number>();
  #inFlight = 0;
  #stopped = false;

  constructor(
    private readonly clock: Clock,
    private readonly server: { url: string; key: string },
  ) {}

  /** requests under way (the benchmarks let the network settle until this is 0) */
  get inFlight(): number {
    return this.#inFlight;
  }

  start(): void {
    const sensor = (path: string, onBody: (body: unknown) => void) => {
      const tick = () => {
        if (this.#stopped) return;
        this.clock.setTimeout(tick, 30_000);
        this.#inFlight++;
        void request(`${this.server.url}/api/public/v1${path}`, { headers: { 'x-api-key': this.server.key } })
          .then(async (response) => onBody(await response.body.json()))
          .catch(() => {})
          .finally(() => this.#inFlight--);
      };
      tick();
    };
    sensor('/sessions/count', () => {});
    // the second sensor starts a little later, as two independently configured sensors would
    this.clock.setTimeout(
      () =>
        sensor('/now-playing', (body) => {
          for (const entry of (body as { nowPlaying: { user: string }[] }).nowPlaying) {
            if (!this.seen.has(entry.user)) this.seen.set(entry.user, this.clock.now());
          }
        }),
      7_000,
    );
  }

  stop(): void {
    this.#stopped = true;
  }
}
