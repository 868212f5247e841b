import * as v from 'valibot';
import { SessionSchema } from './sessions';
import { channelNumber, ContractError, isoTime, nameText, nullable, parseWith } from './schema';

export const EventTypes = [
  'session.started',
  'session.ended',
  'playback.started',
  'playback.stopped',
  'playback.paused',
  'playback.resumed',
  'channel.tuned',
  'ping',
] as const;

/** The JSON in `data:` of every real event on `GET /events`; `hello`/`keepalive` frames carry none. */
export const EventEnvelopeSchema = v.object({
  id: v.union([v.string(), v.number()]),
  type: v.string(),
  timestamp: isoTime,
  data: v.optional(v.unknown(), null),
});
export type EventEnvelope = v.InferOutput<typeof EventEnvelopeSchema>;
export const parseEventEnvelope = (input: unknown): EventEnvelope =>
  parseWith(EventEnvelopeSchema, 'event stream (GET /events)', input);

/** Seed-shaped servers put the whole `/sessions` record in a session event's `data`. */
export const parseSessionEventData = (envelope: EventEnvelope) =>
  parseWith(SessionSchema, `event ${envelope.type} (GET /events)`, envelope.data);

export const isSessionEvent = (type: string): boolean => type.startsWith('session.') || type.startsWith('playback.');

// ------------------------------------------------------------------ events as signals

/** An id a server may send as a string or a number; kept as a string. */
const idLike = v.union([v.string(), v.pipe(v.number(), v.transform(String))]);

/** What Airwave's own servers put in a session or playback event (`sessionEventData`). */
const CompactEventSchema = v.object({
  userId: nullable(idLike),
  deviceId: nullable(idLike),
  user: nullable(nameText),
  channel: nullable(v.object({ id: nullable(idLike), number: nullable(channelNumber) })),
});

/** The seed-shaped record: a session `id`, and who and where as in `/sessions`. */
const SessionShapedEventSchema = v.object({
  id: v.string(),
  user: nullable(nameText),
  deviceId: nullable(idLike),
  channel: nullable(v.object({ id: nullable(idLike), number: nullable(channelNumber) })),
});

export type ViewerChange = 'started' | 'ended' | 'tuned' | 'playback';

/**
 * A viewer event reduced to who and what changed. Events are signals, never records: the full
 * session (artwork, device, start time) comes from `/sessions` or `/now-playing`, which are also
 * the only source of what the key may see (Airwave does not filter the event stream by key).
 */
export interface ViewerSignal {
  eventId: string;
  type: string;
  /** the event's timestamp */
  at: string;
  change: ViewerChange;
  /** which of the two payloads the server sent */
  shape: 'session' | 'compact';
  who: { sessionId: string | null; userId: string | null; deviceId: string | null; user: string | null };
  /** where the viewer is (for `channel.tuned`, where they went), when the event says */
  channel: { id: string | null; number: number | null } | null;
}

const CHANGES: Record<string, ViewerChange> = {
  'session.started': 'started',
  'session.ended': 'ended',
  'channel.tuned': 'tuned',
};

/**
 * The signal in a viewer event, or null for an event that is not about a viewer (`ping`, types a
 * newer server adds). Reads both payloads: the seed-shaped session record and Airwave's compact
 * one. A payload that says nothing about who it concerns is a ContractError naming the event.
 */
export function parseViewerSignal(envelope: EventEnvelope): ViewerSignal | null {
  const change = CHANGES[envelope.type] ?? (envelope.type.startsWith('playback.') ? 'playback' : null);
  if (!change) return null;
  const endpoint = `event ${envelope.type} (GET /events)`;
  const base = { eventId: String(envelope.id), type: envelope.type, at: envelope.timestamp, change };
  const data = envelope.data;
  if (typeof data === 'object' && data !== null && 'id' in data && typeof data.id === 'string') {
    const record = parseWith(SessionShapedEventSchema, endpoint, data);
    return {
      ...base,
      shape: 'session',
      who: { sessionId: record.id, userId: null, deviceId: record.deviceId, user: record.user },
      channel: record.channel,
    };
  }
  const record = parseWith(CompactEventSchema, endpoint, data);
  if (record.userId === null && record.deviceId === null && record.user === null) {
    throw new ContractError(endpoint, '', { kind: 'said', problem: 'the event does not say which viewer it is about' });
  }
  return {
    ...base,
    shape: 'compact',
    who: { sessionId: null, userId: record.userId, deviceId: record.deviceId, user: record.user },
    channel: record.channel,
  };
}
