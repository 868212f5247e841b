import { describe, expect, it } from 'vitest';
import {
  ContractError,
  parseCapabilities,
  parseChannel,
  parseChannelNow,
  parseChannels,
  parseGuide,
  parseGuideNow,
  parseSessions,
  parseStatus,
} from '../../src/shared/airwave';

// Tolerant reading (issue 13, item 1): fields a real server may leave out read as null (unknown) or
// are worked out; the few the app cannot do without still fail, naming endpoint and field.

type Json = Record<string, unknown>;
const omit = (object: Json, ...keys: string[]): Json => Object.fromEntries(Object.entries(object).filter(([k]) => !keys.includes(k)));

const fullStatus = (): Json => ({
  product: 'airwave',
  version: '1.8.2',
  instanceId: 'i-1',
  name: 'Den',
  time: '2026-09-27T18:00:00.000Z',
  timezone: 'Europe/Berlin',
  uptimeSeconds: 12,
  counts: { channels: 4, packages: 1, activeSessions: 2 },
});

const program = (over: Json = {}): Json => ({
  ratingKey: '7',
  title: 'Night Train',
  startsAt: '2026-09-27T18:00:00.000Z',
  endsAt: '2026-09-27T19:42:00.000Z',
  durationSeconds: 6120,
  ...over,
});

const row = (over: Json = {}): Json => ({ id: 'ch_1', number: 101, name: 'Films', now: program(), next: null, ...over });

function contractError(run: () => unknown): ContractError {
  try {
    run();
  } catch (error) {
    if (error instanceof ContractError) return error;
    throw error;
  }
  throw new Error('no ContractError thrown');
}

describe('/status as every Airwave version sends it', () => {
  it('reads an Airwave 0.14 answer (no uptime, no counts) with both as null', () => {
    const status = parseStatus(omit(fullStatus(), 'uptimeSeconds', 'counts'));
    expect(status.uptimeSeconds).toBeNull();
    expect(status.counts).toBeNull();
    expect(status.name).toBe('Den');
  });

  it.each(['instanceId', 'time', 'timezone', 'uptimeSeconds', 'counts'])('reads an absent %s as null', (field) => {
    const status = parseStatus(omit(fullStatus(), field));
    expect(status).toHaveProperty(field, null);
    expect(status.version).toBe('1.8.2');
  });

  it.each(['channels', 'packages', 'activeSessions'])('reads an absent counts.%s as null and keeps the others', (field) => {
    const status = parseStatus({ ...fullStatus(), counts: omit(fullStatus().counts as Json, field) });
    expect(status.counts).toHaveProperty(field, null);
    expect(Object.values(status.counts ?? {}).filter((n) => n !== null)).toHaveLength(2);
  });

  it('needs only product, version and name', () => {
    expect(parseStatus({ product: 'airwave', version: '0.14.2', name: 'Attic' })).toStrictEqual({
      product: 'airwave',
      version: '0.14.2',
      instanceId: null,
      name: 'Attic',
      time: null,
      timezone: null,
      uptimeSeconds: null,
      counts: null,
    });
  });

  // issue 33: an optional field sent with the wrong type costs that field, named in `unreadable`
  it('reads an optional field sent with the wrong type as unknown, naming it', () => {
    const uptime = parseStatus({ ...fullStatus(), uptimeSeconds: '12' });
    expect(uptime.uptimeSeconds).toBeNull();
    expect(uptime.unreadable?.examples).toEqual(['uptimeSeconds: expected number but received "12"']);
    const counts = parseStatus({ ...fullStatus(), counts: 'many' });
    expect(counts.counts).toBeNull();
    expect(counts.unreadable?.examples[0]).toMatch(/^counts: /);
  });
});

describe('/capabilities', () => {
  it('reads an absent serverVersion as null; apiVersion stays required', () => {
    expect(parseCapabilities({ apiVersion: 'v1' }).serverVersion).toBeNull();
    expect(contractError(() => parseCapabilities({ serverVersion: '1' })).field).toBe('apiVersion');
  });
});

describe('programmes and slots', () => {
  it('reads an absent /guide/now serverTime as null', () => {
    expect(parseGuideNow({ channels: [row()] }).serverTime).toBeNull();
  });

  it('works out an absent durationSeconds from the start and end, in every answer that carries programmes', () => {
    const bare = omit(program(), 'durationSeconds');
    expect(parseGuideNow({ channels: [row({ now: bare })] }).channels[0]?.now?.durationSeconds).toBe(6120);
    const guide = parseGuide({ serverTime: '2026-09-27T18:00:00.000Z', windowMinutes: 180, channels: [{ ...omit(row(), 'now', 'next'), programs: [bare] }] });
    expect(guide.channels[0]?.programs[0]?.durationSeconds).toBe(6120);
    expect(parseChannelNow({ current: { ...bare, kind: 'program' }, next: null, endsAt: null }).current?.durationSeconds).toBe(6120);
  });

  it('never works out a negative duration, and keeps one the server sent', () => {
    const backwards = omit(program({ endsAt: '2026-09-27T17:00:00.000Z' }), 'durationSeconds');
    expect(parseGuideNow({ channels: [row({ now: backwards })] }).channels[0]?.now?.durationSeconds).toBe(0);
    expect(parseGuideNow({ channels: [row({ now: program({ durationSeconds: 60 }) })] }).channels[0]?.now?.durationSeconds).toBe(60);
  });

  it('reads a slot without kind as a bumper when it has no rating key, else as a programme', () => {
    const out = parseChannelNow({ current: program(), next: program({ ratingKey: null, title: 'Up next' }), endsAt: null });
    expect(out.current?.kind).toBe('program');
    expect(out.next?.kind).toBe('bumper');
    expect(parseChannelNow({ current: program({ kind: 'promo' }), next: null, endsAt: null }).current?.kind).toBe('promo');
  });

  it('keeps title, startsAt and endsAt required: a programme without one is unknown, its channel stays', () => {
    for (const field of ['title', 'startsAt', 'endsAt']) {
      const read = parseGuideNow({ channels: [row({ now: omit(program(), field) })] });
      expect(read.channels[0]?.now).toBeNull();
      expect(read.unreadable?.examples).toEqual([`channels[0].now: ${field}: required field is missing`]);
    }
  });
});

describe('channel records', () => {
  const record = (over: Json = {}): Json => ({ id: 'ch_1', number: 101, name: 'Films', ...over });

  it('reads absent enabled as true and absent mode and provenance as null', () => {
    const [channel] = parseChannels({ channels: [record()] }).channels;
    expect(channel).toMatchObject({ enabled: true, mode: null, provenance: null, description: null, package: null });
    expect(parseChannels({ channels: [record({ enabled: false })] }).channels[0]?.enabled).toBe(false);
  });

  it('reads /channels/by-number/{n} and names it in errors', () => {
    expect(parseChannel(record({ mode: 'filter' }), 101)).toMatchObject({ id: 'ch_1', mode: 'filter' });
    expect(contractError(() => parseChannel(omit(record(), 'id'), 101)).message).toBe(
      'Unexpected response from GET /channels/by-number/101: id: required field is missing',
    );
  });
});

describe('/sessions', () => {
  const record = (over: Json = {}): Json => ({ id: 's1', user: 'Ann', ...over });

  it('reads an absent state as null (watching, as far as anyone knows) and a channel without a name', () => {
    const [session] = parseSessions({ sessions: [record({ channel: { number: 101 } })] }).sessions;
    expect(session?.state).toBeNull();
    expect(session?.channel).toStrictEqual({ number: 101, name: null, callsign: null });
  });

  it('keeps id and user required: a session without one is left out alone', () => {
    expect(parseSessions({ sessions: [omit(record(), 'id'), record()] }).sessions).toHaveLength(1);
    expect(parseSessions({ sessions: [omit(record(), 'user')] }).unreadable?.examples).toEqual(['sessions[0]: user: required field is missing']);
  });
});
