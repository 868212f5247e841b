import { describe, expect, it } from 'vitest';
import { parseEventEnvelope, parseViewerSignal, type EventEnvelope } from '../../src/shared/airwave';

// Events as signals (issue 13, item 3): both payloads real servers send become one "who and what
// changed" signal; nothing else is read from them.

const envelope = (type: string, data: unknown): EventEnvelope =>
  parseEventEnvelope({ id: 'evt_1', type, timestamp: '2026-09-27T18:00:00.000Z', data });

/** What Airwave's `sessionEventData` builds (see ../shared/airwave-api.md, *Live events*). */
const compact = (over: Record<string, unknown> = {}) => ({
  userId: 'u_7',
  deviceId: 'd_3',
  user: 'James',
  channel: { id: 'ch_sitcoms', number: 101, name: '90s Sitcoms', callsign: null },
  program: { ratingKey: '48213', title: 'Pilot', showTitle: 'Friends', season: 1, episode: 1, year: 1994 },
  playbackState: 'playing',
  delaySeconds: 0,
  progress: { positionSeconds: 12, durationSeconds: 1320 },
  ...over,
});

/** The seed-shaped payload: the whole /sessions record. */
const seeded = (over: Record<string, unknown> = {}) => ({
  id: 'sess_1',
  user: 'James',
  deviceId: 'd_3',
  channel: { number: 101, name: '90s Sitcoms', callsign: null },
  state: 'program',
  startedAt: '2026-09-27T17:59:00.000Z',
  artworkUrl: '/api/public/v1/channels/ch_sitcoms/artwork/1?kind=poster',
  device: { id: 'd_3', platform: 'tvOS', model: 'Apple TV', osVersion: null, hdr: null },
  ...over,
});

describe('parseViewerSignal', () => {
  it("reads Airwave's compact payload as who and where, nothing more", () => {
    expect(parseViewerSignal(envelope('session.started', compact()))).toStrictEqual({
      eventId: 'evt_1',
      type: 'session.started',
      at: '2026-09-27T18:00:00.000Z',
      change: 'started',
      shape: 'compact',
      who: { sessionId: null, userId: 'u_7', deviceId: 'd_3', user: 'James' },
      channel: { id: 'ch_sitcoms', number: 101 },
    });
  });

  it('reads the seed-shaped session record as the same kind of signal', () => {
    expect(parseViewerSignal(envelope('session.ended', seeded()))).toStrictEqual({
      eventId: 'evt_1',
      type: 'session.ended',
      at: '2026-09-27T18:00:00.000Z',
      change: 'ended',
      shape: 'session',
      who: { sessionId: 'sess_1', userId: null, deviceId: 'd_3', user: 'James' },
      channel: { id: null, number: 101 },
    });
  });

  it('reads channel.tuned as a channel change and playback.* as playback, in both shapes', () => {
    expect(parseViewerSignal(envelope('channel.tuned', compact()))?.change).toBe('tuned');
    expect(parseViewerSignal(envelope('channel.tuned', seeded()))?.change).toBe('tuned');
    for (const type of ['playback.started', 'playback.stopped', 'playback.paused', 'playback.resumed']) {
      expect(parseViewerSignal(envelope(type, compact()))?.change).toBe('playback');
    }
  });

  it('accepts numeric ids, a null user or channel, and a payload without program or progress', () => {
    const signal = parseViewerSignal(envelope('session.started', { userId: 7, deviceId: 3, user: null, channel: null }));
    expect(signal?.who).toStrictEqual({ sessionId: null, userId: '7', deviceId: '3', user: null });
    expect(signal?.channel).toBeNull();
  });

  it('ignores events that are not about a viewer', () => {
    expect(parseViewerSignal(envelope('ping', null))).toBeNull();
    expect(parseViewerSignal(envelope('channel.renamed', { id: 'ch_1' }))).toBeNull();
  });

  it('refuses a payload that does not say who, naming the event', () => {
    expect(() => parseViewerSignal(envelope('session.started', { channel: null }))).toThrow(
      'Unexpected response from event session.started (GET /events): the event does not say which viewer it is about',
    );
    expect(() => parseViewerSignal(envelope('session.ended', null))).toThrow(/event session.ended \(GET \/events\): expected Object/);
    // older, smaller or odd data is read tolerantly (0.14.76–0.15.1): a bad field is unknown, the signal stays
    expect(parseViewerSignal(envelope('channel.tuned', compact({ channel: { id: 'c', number: 'one' } })))?.channel).toEqual({ id: 'c', number: null });
  });
});
