import * as v from 'valibot';
import { count, integer, isoTime, nameText, nullable, openEnum, parseWith, seconds, titleText } from './schema';

/** `GET /sessions/count`. Real servers count sessions in state `off` here; `/now-playing` omits them. */
export const SessionCountSchema = v.object({ count });
export type SessionCount = v.InferOutput<typeof SessionCountSchema>;
export const parseSessionCount = (input: unknown): SessionCount =>
  parseWith(SessionCountSchema, 'GET /sessions/count', input);

const ProgressSchema = v.object({ positionSeconds: seconds, durationSeconds: seconds });
export type Progress = v.InferOutput<typeof ProgressSchema>;

/** One compact entry per viewer of `GET /now-playing`. */
export const NowPlayingEntrySchema = v.object({
  user: nameText,
  channelNumber: nullable(integer),
  channelName: nullable(nameText),
  title: nullable(titleText),
  showTitle: nullable(titleText),
  artworkUrl: nullable(v.string()),
  progress: nullable(ProgressSchema),
  device: nullable(v.object({ model: nullable(nameText), platform: nullable(nameText) })),
});
export type NowPlayingEntry = v.InferOutput<typeof NowPlayingEntrySchema>;

export const NowPlayingSchema = v.object({ nowPlaying: v.array(NowPlayingEntrySchema) });
export type NowPlaying = v.InferOutput<typeof NowPlayingSchema>;
export const parseNowPlaying = (input: unknown): NowPlaying => parseWith(NowPlayingSchema, 'GET /now-playing', input);

export const SessionStates = ['program', 'bumper', 'off'] as const;
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
  channel: nullable(v.object({ number: integer, name: nullable(nameText), callsign: nullable(nameText) })),
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

export const SessionsSchema = v.object({ sessions: v.array(SessionSchema) });
export type Sessions = v.InferOutput<typeof SessionsSchema>;
export const parseSessions = (input: unknown): Sessions => parseWith(SessionsSchema, 'GET /sessions', input);
