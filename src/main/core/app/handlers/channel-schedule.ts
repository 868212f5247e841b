/**
 * One channel's `/schedule` as the channel sheet reads it, asked of the server once for both things
 * the sheet needs it for: the programme a break in the now answer leads to (lookup-handler.ts) and
 * the programmes later (schedule.ts). An answer is kept a minute for a few channels, one request in
 * flight is shared, and every programme in it teaches the app its own times
 * (shared/programme-times.ts), so each view says the programme's own end from then on.
 */
import type { Program } from '../../../../shared/airwave';
import type { AirwaveClient } from '../../client';
import type { EngineView } from '../servers';

/** An answer is used again for this long (the sheet's lookup and its list ask within moments). */
export const SCHEDULE_KEPT_MS = 60_000;
/** Channels whose answer is kept (a person opens one sheet at a time). */
const KEPT_CHANNELS = 8;

interface Asked {
  client: AirwaveClient;
  at: number;
  hours: number;
  answer: Promise<Program[]>;
}

export class ChannelSchedules {
  readonly #asked = new Map<string, Asked>();

  constructor(
    private readonly engine: Pick<EngineView, 'client' | 'learnTimes'>,
    private readonly now: () => number,
  ) {}

  /** The channel's programmes for the next `hours` from the server (an ApiError when it cannot answer). */
  programmes(channelId: string, hours: number): Promise<Program[]> {
    const client = this.engine.client;
    if (!client) return Promise.reject(new Error('no server is followed'));
    const key = `${client.server.root}\n${channelId}`;
    const at = this.now();
    const kept = this.#asked.get(key);
    if (kept && kept.client === client && kept.hours >= hours && at - kept.at < SCHEDULE_KEPT_MS && at >= kept.at) return kept.answer;
    const answer = client.channelSchedule(channelId, hours).then(({ programs }) => {
      // the answer is the server's own times (no break stretched over): every view says them from now on
      if (this.engine.client === client) this.engine.learnTimes(channelId, programs);
      return programs;
    });
    const asked: Asked = { client, at, hours, answer };
    this.#asked.delete(key);
    this.#asked.set(key, asked);
    if (this.#asked.size > KEPT_CHANNELS) this.#asked.delete(this.#asked.keys().next().value!);
    // a failure is not kept: the next sheet asks again
    answer.catch(() => this.#asked.get(key) === asked && this.#asked.delete(key));
    return answer;
  }
}
