import * as v from 'valibot';
import { SessionSchema } from './sessions';
import { isoTime, parseWith } from './schema';

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
export type KnownEventType = (typeof EventTypes)[number];

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

/** Session and playback events carry the session record in `data`. */
export const parseSessionEventData = (envelope: EventEnvelope) =>
  parseWith(SessionSchema, `event ${envelope.type} (GET /events)`, envelope.data);

export const isSessionEvent = (type: string): boolean => type.startsWith('session.') || type.startsWith('playback.');
