import type { Clock, TimerHandle } from '../common/clock';
import type { DemoChannel } from './channels';
import { Rng } from './rng';
import type { SessionPool } from './sessions';

/**
 * What real viewers do between arriving and leaving, for the airwave and legacy profiles with
 * churn: now and then someone changes channel (channel.tuned) or their device drops off the
 * network for 10–50 s and comes back (no events). Seeded, on the injected clock, at the churn rate.
 */

export class ViewerHabits {
  private readonly rng: Rng;
  private timer: TimerHandle | null = null;
  private closed = false;

  constructor(
    seed: number | string,
    private readonly clock: Clock,
    private readonly pool: SessionPool,
    private readonly channels: readonly DemoChannel[],
    private readonly perHour: number,
  ) {
    this.rng = new Rng(seed, 'habits');
    this.schedule();
  }

  close(): void {
    this.closed = true;
    this.timer?.cancel();
  }

  private schedule(): void {
    if (this.perHour <= 0 || this.closed) return;
    const gap = Math.max(1_000, this.rng.exponential(3_600_000 / this.perHour));
    this.timer = this.clock.setTimeout(() => {
      this.act();
      this.schedule();
    }, gap);
  }

  private act(): void {
    const watching = this.pool.list().filter((s) => s.playbackState !== 'idle');
    const playable = this.channels.filter((c) => !c.empty);
    if (watching.length === 0 || playable.length === 0) return;
    const session = this.rng.pick(watching);
    if (this.rng.chance(0.6)) this.pool.tune(session.id, this.rng.pick(playable).record.number);
    else this.pool.dropOut(session.id, this.rng.int(10, 50));
  }
}
