/**
 * The channel sheet's lookup by number: the server's answer (whichever lookup form it has, see
 * ChannelLookup), or, when the server cannot be asked, the held On now row marked stale. "There is
 * no channel N" is said only when the server itself says so. The answer's own times are learned
 * (shared/programme-times.ts), and a break (a bumper slot) before the next programme never stands
 * in its place: the programme it leads to is found (the channel's schedule, else the guide held)
 * and answered as next, with its own start and end.
 */
import { hasRoute, ROUTES, type GuideNowRow, type NowSlot, type Program } from '../../../../shared/airwave';
import { SHEET_HOURS, type ChannelLookup as LookupView, type Outcome } from '../../../../shared/bridge';
import { isBreakSlot } from '../../../../shared/programme-times';
import type { ChannelSchedules } from './channel-schedule';
import { isApiError } from '../../client';
import { ChannelLookup } from '../../connection-test/lookup';
import type { StateStore } from '../../state';
import type { EngineView } from '../servers';
import { failed, failure, ok } from './outcome';
import { maxOf, minOf } from '../../../../shared/extent';
import { messages, t } from '../../../../shared/i18n/messages';

/** Failures after which the held row is the best answer (rather than an error). */
const UNREACHABLE = new Set(['unreachable', 'timeout', 'server-error', 'cancelled']);

export function lookupHandler(engine: EngineView, store: StateStore, schedules: ChannelSchedules): (request: { number: number }) => Promise<Outcome<LookupView>> {
  const lookup = new ChannelLookup();
  return async ({ number }) => {
    const client = engine.client;
    if (!client) return failed('unconfigured', messages().errors.connectFirst);
    const held = store.state.onNow.data?.channels.find((row) => row.number === number) ?? null;
    const connection = store.state.connection;
    // Not connected now: do not wait for a request that cannot succeed; show what is held.
    if (held && (connection.suspended || connection.state === 'offline')) return ok(fromHeld(store, held, connection.message));
    try {
      // typed by the user: first in the governor's queue and not held to the background budget
      const result = await lookup.lookup(client, number, { user: true }, store.state.routes);
      if (result.kind === 'missing') return notFound(number, store);
      const { channel, endsAt } = result;
      const channelId = channel?.id ?? held?.id ?? null;
      const { current, next } = channelId ? await pastTheBreak(engine, store, schedules, channelId, result.now, result.next) : { current: result.now, next: result.next };
      return ok({ number, channel: held, now: { current, next, endsAt, ...(channel ? { channel } : {}) } });
    } catch (error) {
      if (held && isApiError(error) && UNREACHABLE.has(error.kind)) return ok(fromHeld(store, held, error.message));
      return failure(error);
    }
  };
}

/**
 * A now answer as the sheet shows it: its own times learned, and where a break stands before the
 * next programme (a bumper as `next`, or as `current` with nothing after it), that programme as
 * `next`: held from an earlier answer, else from the channel's schedule (asked once with the sheet's
 * list, channel-schedule.ts), else from the guide held (the rule's times). Found nowhere, the answer
 * stays as the server gave it.
 */
export async function pastTheBreak(
  engine: Pick<EngineView, 'times' | 'learnTimes' | 'guide'>,
  store: Pick<StateStore, 'state'>,
  schedules: Pick<ChannelSchedules, 'programmes'>,
  channelId: string,
  current: NowSlot | null,
  next: NowSlot | null,
): Promise<{ current: NowSlot | null; next: NowSlot | null }> {
  engine.learnTimes(channelId, [current, next]);
  const gap = next && isBreakSlot(next) ? next : current && isBreakSlot(current) && (!next || isBreakSlot(next)) ? current : null;
  if (!gap) return { current, next };
  const at = Date.parse(gap.endsAt);
  const held = () => engine.times.programmeAt(channelId, at);
  let programme: Program | null = held();
  if (!programme && hasRoute(store.state.routes, ROUTES.schedule) !== false) {
    programme = await schedules.programmes(channelId, SHEET_HOURS).then(held, () => null);
  }
  programme ??= engine.guide.row(channelId)?.programs.find((p) => p.ratingKey !== null && Date.parse(p.startsAt) === at) ?? null;
  if (!programme) return { current, next };
  return { current, next: { ...engine.times.timed(programme, channelId), kind: 'program' } };
}

/**
 * "No channel 999: this server's channels run from 101 to 124 (24 channels)." (the range from the held
 * On now rows, when there are some), with the range alone as the detail shown under the sheet's own heading.
 */
function notFound(number: number, store: StateStore): Outcome<never> {
  const words = messages().errors;
  const numbers = (store.state.onNow.data?.channels ?? []).map((row) => row.number);
  if (numbers.length === 0) return failed('not-found', t(words.noChannel, { number }));
  const low = minOf(numbers);
  const high = maxOf(numbers);
  const [message, detail] =
    low === high
      ? [t(words.noChannelOne, { number, low }), t(words.channelsOne, { low })]
      : [t(words.noChannelRange, { number, low, high, n: numbers.length }), t(words.channelsRange, { low, high, n: numbers.length })];
  return { ok: false, error: { kind: 'not-found', message, detail } };
}

function fromHeld(store: StateStore, row: GuideNowRow, reason: string): LookupView {
  const now = slot(row.now);
  return {
    number: row.number,
    channel: row,
    // the answer's endsAt is when the schedule runs out, which a /guide/now row does not say (the programme's end is now.endsAt)
    now: { current: now, next: slot(row.next), endsAt: null },
    stale: { updatedAt: store.state.onNow.updatedAt, reason },
  };
}

function slot(program: Program | null): NowSlot | null {
  return program ? { ...program, kind: program.ratingKey === null ? 'bumper' : 'program' } : null;
}
