import * as v from 'valibot';
import { channelNumber, CHECKS, count, integer, isoTime, nameText, nullable, openEnum, parseWith, rows, titleText, type Read } from './schema';

/**
 * `GET /sessions/count`. Real servers count sessions in state `off` here; `/now-playing` omits them.
 * A count that cannot be a count (-86827633, 2.5, "3") is null, unknown (issue 48): the answer
 * stays, set-up and the doctor pass saying so, and the lists count instead.
 */
export const SessionCountSchema = v.object({ count: nullable(count) });
export type SessionCount = v.InferOutput<typeof SessionCountSchema>;
export const parseSessionCount = (input: unknown): Read<SessionCount> =>
  parseWith(SessionCountSchema, 'GET /sessions/count', input);

/**
 * What a viewer's progress can be (issue 48): a programme lasts more than nothing and at most a
 * day; a heartbeat a little ahead of the server's clock may put the position up to `slackSeconds`
 * outside it. Anything else is no figure at all.
 */
export const PROGRESS_LIMITS = { longestSeconds: 86_400, slackSeconds: 60 } as const;

/**
 * How far a viewer is into what they watch. A position a little outside the programme (within
 * PROGRESS_LIMITS.slackSeconds: a heartbeat ahead of the clock) is read as 0, or as the duration; a
 * duration or position outside what a programme can be (negative, longer than a day, -1,379,430 s
 * of 61,439,696 s) makes the progress unknown (null, noted), never "17066 h 35 min left".
 */
const ProgressSchema = v.pipe(
  v.object({
    positionSeconds: v.pipe(v.number(), v.check((n) => Number.isFinite(n), CHECKS.finite)),
    durationSeconds: v.pipe(v.number(), v.check((n) => Number.isFinite(n), CHECKS.finite)),
  }),
  v.check(({ durationSeconds }) => durationSeconds > 0 && durationSeconds <= PROGRESS_LIMITS.longestSeconds, CHECKS.programmeLength),
  v.check(
    ({ positionSeconds, durationSeconds }) => positionSeconds >= -PROGRESS_LIMITS.slackSeconds && positionSeconds <= durationSeconds + PROGRESS_LIMITS.slackSeconds,
    CHECKS.withinProgramme,
  ),
  v.transform(({ positionSeconds, durationSeconds }) => ({ positionSeconds: Math.min(Math.max(0, positionSeconds), durationSeconds), durationSeconds })),
);
export type Progress = v.InferOutput<typeof ProgressSchema>;

/** One compact entry per viewer of `GET /now-playing`. */
export const NowPlayingEntrySchema = v.object({
  user: nameText,
  channelNumber: nullable(channelNumber),
  channelName: nullable(nameText),
  title: nullable(titleText),
  showTitle: nullable(titleText),
  artworkUrl: nullable(v.string()),
  progress: nullable(ProgressSchema),
  device: nullable(v.object({ model: nullable(nameText), platform: nullable(nameText) })),
});
export type NowPlayingEntry = v.InferOutput<typeof NowPlayingEntrySchema>;

/** Required: the list; in each entry `user` (a viewer who cannot be named is left out alone). */
export const NowPlayingSchema = v.object({ nowPlaying: rows(NowPlayingEntrySchema) });
export type NowPlaying = v.InferOutput<typeof NowPlayingSchema>;
export const parseNowPlaying = (input: unknown): Read<NowPlaying> => parseWith(NowPlayingSchema, 'GET /now-playing', input);

export const SessionStates = ['program', 'bumper', 'off'] as const;

/**
 * The device id Airwave gives every client that sends none: all such sessions of one user are one
 * session, whatever device they play on. It names no device: never read two devices, or one, there.
 */
export const LEGACY_DEVICE_ID = 'legacy';

/** A session's own device, or null where the server merged a user's devices (`deviceId: "legacy"`). */
export const sessionDevice = (session: Pick<Session, 'deviceId' | 'device'>): Session['device'] =>
  session.deviceId === LEGACY_DEVICE_ID || session.device?.id === LEGACY_DEVICE_ID ? null : session.device;
export const PlaybackStates = ['playing', 'paused', 'buffering', 'idle'] as const;

/**
 * A full session record: `GET /sessions` (beyond the documented interface) and seed-shaped session
 * events. Required: `id` (the viewer's identity) and `user` (who to name); a session without a
 * `state` is taken as watching, and a channel without a number as no channel at all.
 */
export const SessionSchema = v.object({
  id: v.string(),
  user: nameText,
  deviceId: nullable(v.string()),
  channel: nullable(v.object({ number: channelNumber, name: nullable(nameText), callsign: nullable(nameText) })),
  state: nullable(openEnum(SessionStates)),
  playbackState: nullable(openEnum(PlaybackStates)),
  title: nullable(titleText),
  showTitle: nullable(titleText),
  season: nullable(integer),
  episode: nullable(integer),
  year: nullable(integer),
  artworkUrl: nullable(v.string()),
  progress: nullable(ProgressSchema),
  startedAt: nullable(isoTime),
  device: nullable(
    v.object({
      id: nullable(v.string()),
      platform: nullable(nameText),
      model: nullable(nameText),
      osVersion: nullable(nameText),
      hdr: nullable(v.boolean()),
    }),
  ),
});
export type Session = v.InferOutput<typeof SessionSchema>;

export const SessionsSchema = v.object({ sessions: rows(SessionSchema) });
export type Sessions = v.InferOutput<typeof SessionsSchema>;
export const parseSessions = (input: unknown): Read<Sessions> => parseWith(SessionsSchema, 'GET /sessions', input);
