/**
 * The channel sheet's lookup by number: the server's answer (whichever lookup form it has, see
 * ChannelLookup), or, when the server cannot be asked, the held On now row marked stale. "There is
 * no channel N" is said only when the server itself says so.
 */
import type { GuideNowRow, NowSlot, Program } from '../../../../shared/airwave';
import type { ChannelLookup as LookupView, Outcome } from '../../../../shared/bridge';
import { isApiError } from '../../client';
import { ChannelLookup } from '../../connection-test/lookup';
import type { StateStore } from '../../state';
import type { EngineView } from '../servers';
import { failed, failure, ok } from './outcome';
import { maxOf, minOf } from '../../../../shared/extent';
import { messages, t } from '../../../../shared/i18n/messages';

/** Failures after which the held row is the best answer (rather than an error). */
const UNREACHABLE = new Set(['unreachable', 'timeout', 'server-error', 'cancelled']);

export function lookupHandler(engine: EngineView, store: StateStore): (request: { number: number }) => Promise<Outcome<LookupView>> {
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
      // what the app holds first: a channel On now lists is asked by its id (one request, no route tried)
      const result = await lookup.lookup(client, number, { user: true }, store.state.routes, held);
      if (result.kind === 'missing') return notFound(number, store);
      const { channel, now, next, endsAt, currentUntimed, nextUntimed } = result;
      const untimed = { ...(currentUntimed ? { currentUntimed } : {}), ...(nextUntimed ? { nextUntimed } : {}) };
      return ok({ number, channel: held, now: { current: now, next, endsAt, ...(channel ? { channel } : {}), ...untimed } });
    } catch (error) {
      if (held && isApiError(error) && UNREACHABLE.has(error.kind)) return ok(fromHeld(store, held, error.message));
      return failure(error);
    }
  };
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
    now: { current: now, next: slot(row.next), endsAt: null, ...(row.nowUntimed ? { currentUntimed: row.nowUntimed } : {}), ...(row.nextUntimed ? { nextUntimed: row.nextUntimed } : {}) },
    stale: { updatedAt: store.state.onNow.updatedAt, reason },
  };
}

function slot(program: Program | null): NowSlot | null {
  return program ? { ...program, kind: program.ratingKey === null ? 'bumper' : 'program' } : null;
}
