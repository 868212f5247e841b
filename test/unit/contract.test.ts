import { describe, expect, it } from 'vitest';
import {
  ContractError,
  parseCapabilities,
  parseChannelNow,
  parseChannels,
  parseEventEnvelope,
  parseGuide,
  parseGuideNow,
  parseNowPlaying,
  PROGRESS_LIMITS,
  parsePackages,
  parseSessionCount,
  parseSessionEventData,
  parseSessions,
  parseStatus,
  readErrorEnvelope,
  type EventEnvelope,
} from '../../src/shared/airwave';

// Samples follow the layouts in ../shared/airwave-api.md (beside the project root). Each factory returns a fresh, fully
// populated object (every nullable field set to a real value) so a test can null or drop one field.

type Json = Record<string, unknown>;
type Path = readonly (string | number)[];

const SERVER_TIME = '2026-09-27T18:00:00.000Z';
const ART = (channel: string, key: string) => `/api/public/v1/channels/${channel}/artwork/${key}?kind=poster`;

function packageRef(over: Json = {}): Json {
  return { id: 'pkg_comedy', key: 'comedy', name: 'Comedy', icon: 'lucide:Laugh', tint: 'amber', ...over };
}

function episode(over: Json = {}): Json {
  return {
    ratingKey: '48213',
    title: 'The One Where They Move',
    type: 'episode',
    showTitle: 'Housemates',
    season: 3,
    episode: 12,
    year: 2004,
    summary: 'Boxes everywhere, and nobody labelled them.',
    startsAt: '2026-09-27T17:45:00.000Z',
    endsAt: '2026-09-27T18:07:00.000Z',
    durationSeconds: 1320,
    artworkUrl: ART('ch_comedy', '48000'),
    ...over,
  };
}

function movie(over: Json = {}): Json {
  return episode({
    ratingKey: '9911',
    title: 'Night Train',
    type: 'movie',
    showTitle: null,
    season: null,
    episode: null,
    year: 1987,
    summary: 'A heist on rails.',
    startsAt: '2026-09-27T18:07:00.000Z',
    endsAt: '2026-09-27T19:49:00.000Z',
    durationSeconds: 6120,
    artworkUrl: ART('ch_comedy', '9911'),
    ...over,
  });
}

/** An interstitial: no rating key, no artwork. */
function bumper(over: Json = {}): Json {
  return episode({
    ratingKey: null,
    title: 'Up next',
    type: null,
    showTitle: null,
    season: null,
    episode: null,
    year: null,
    summary: null,
    startsAt: '2026-09-27T17:59:30.000Z',
    endsAt: '2026-09-27T18:00:30.000Z',
    durationSeconds: 60,
    artworkUrl: null,
    ...over,
  });
}

function channelHeader(over: Json = {}): Json {
  return {
    id: 'ch_comedy',
    number: 4,
    name: 'Sitcom Central',
    callsign: 'SITC',
    icon: 'lucide:Tv',
    tint: 'rose',
    package: packageRef(),
    ...over,
  };
}

function channel(over: Json = {}): Json {
  return {
    ...channelHeader(),
    description: 'Back-to-back sitcoms from the 90s and 2000s.',
    enabled: true,
    mode: 'filter',
    provenance: 'preset',
    ...over,
  };
}

function definition(): Json {
  return {
    ordering: 'shuffle',
    sort: { field: 'originallyAvailableAt', direction: 'asc' },
    strategy: 'episodes-in-order',
    clauses: [
      { source: 'filter', tree: { op: 'and', rules: [{ field: 'genre', is: 'Comedy' }] } },
      { source: 'collection', key: '/library/collections/77' },
      { source: 'items', keys: ['48213', '48214'] },
    ],
  };
}

function nowSlot(over: Json = {}): Json {
  return { ...episode(), kind: 'program', offsetSeconds: 900, ...over };
}

function statusBody(over: Json = {}): Json {
  return {
    product: 'airwave',
    version: '1.8.2',
    instanceId: '5f0c8e5e-3c1d-4b8a-9e43-0d6f1f3a2b10',
    name: 'Living Room Airwave',
    time: SERVER_TIME,
    timezone: 'Europe/Berlin',
    uptimeSeconds: 93784.25,
    counts: { channels: 24, packages: 3, activeSessions: 2 },
    ...over,
  };
}

function capabilitiesBody(over: Json = {}): Json {
  return {
    apiVersion: 'v1',
    serverVersion: '1.8.2',
    features: { workflowEngine: true, aiChannels: false },
    webhooks: { supported: true, eventTypes: ['session.started', 'session.ended'] },
    sse: { supported: true },
    ...over,
  };
}

function nowPlayingEntry(over: Json = {}): Json {
  return {
    user: 'alice',
    channelNumber: 4,
    channelName: 'Sitcom Central',
    title: 'The One Where They Move',
    showTitle: 'Housemates',
    artworkUrl: ART('ch_comedy', '48000'),
    progress: { positionSeconds: 900, durationSeconds: 1320 },
    device: { model: 'Apple TV 4K', platform: 'tvOS' },
    ...over,
  };
}

function session(over: Json = {}): Json {
  return {
    id: 'sess_8c1f',
    user: 'alice',
    deviceId: 'dev_42',
    channel: { number: 4, name: 'Sitcom Central', callsign: 'SITC' },
    state: 'program',
    playbackState: 'playing',
    title: 'The One Where They Move',
    showTitle: 'Housemates',
    season: 3,
    episode: 12,
    year: 2004,
    artworkUrl: ART('ch_comedy', '48000'),
    progress: { positionSeconds: 900, durationSeconds: 1320 },
    startedAt: '2026-09-27T17:40:12.000Z',
    device: { id: 'dev_42', platform: 'tvOS', model: 'Apple TV 4K', osVersion: '18.1', hdr: true },
    ...over,
  };
}

function eventBody(over: Json = {}): Json {
  return { id: 'evt_01JB7Q', type: 'session.started', timestamp: SERVER_TIME, data: session(), ...over };
}

// ---- helpers to edit one field deep inside a sample ----

function at(value: unknown, path: Path): unknown {
  return path.reduce<unknown>((node, key) => (node as Record<string | number, unknown>)[key], value);
}

function edited(sample: unknown, path: Path, change: (parent: Record<string | number, unknown>, key: string | number) => void) {
  const copy = structuredClone(sample);
  const key = path[path.length - 1];
  if (key === undefined) throw new Error('empty path');
  change(at(copy, path.slice(0, -1)) as Record<string | number, unknown>, key);
  return copy;
}

const withValue = (sample: unknown, path: Path, value: unknown) =>
  edited(sample, path, (parent, key) => {
    parent[key] = value;
  });

const without = (sample: unknown, path: Path) =>
  edited(sample, path, (parent, key) => {
    delete parent[key];
  });

/** Adds `surplus` fields to the object at each path (the top level is `[]`). */
function withSurplus(sample: unknown, paths: Path[]): unknown {
  const copy = structuredClone(sample);
  const surplus = { surplusField: 'from a newer server', surplusObject: { a: 1 } };
  for (const path of paths) Object.assign(at(copy, path) as Json, structuredClone(surplus));
  return copy;
}

/** Every object at `paths` carries none of the surplus fields. */
function expectNoSurplus(output: unknown, paths: Path[]) {
  for (const path of paths) {
    const node = at(output, path);
    expect(node, path.join('.')).not.toHaveProperty('surplusField');
    expect(node, path.join('.')).not.toHaveProperty('surplusObject');
  }
}

/** For each nullable field: the sample sets it; null passes as null; leaving it out reads as null. */
function itAcceptsNullFor(parse: (input: unknown) => unknown, sample: () => unknown, paths: Path[]) {
  it.each(paths.map((path) => [path.join('.'), path] as const))('%s: null is kept, absent reads as null', (_name, path) => {
    expect(at(sample(), path) ?? null).not.toBeNull();
    expect(at(parse(withValue(sample(), path, null)), path)).toBeNull();
    const parsed = parse(without(sample(), path));
    expect(at(parsed, path.slice(0, -1))).toHaveProperty([String(path[path.length - 1])], null);
  });
}

function expectContractError(run: () => unknown, endpoint: string, field: string, problem: string) {
  let caught: unknown = 'nothing thrown';
  try {
    run();
  } catch (error) {
    caught = error;
  }
  expect(caught).toBeInstanceOf(ContractError);
  const error = caught as ContractError;
  expect(error.name).toBe('ContractError');
  expect({ endpoint: error.endpoint, field: error.field, problem: error.problem }).toEqual({ endpoint, field, problem });
  expect(error.message).toBe(`Unexpected response from ${endpoint}: ${field ? `${field}: ` : ''}${problem}`);
}

const MISSING = 'required field is missing';

/**
 * The one rule (issue 33): an answer with a bad field it can do without is still read; that field
 * (read as unknown) or that row (left out) alone is the cost, counted once and quoted by its path.
 */
function expectCost<T>(run: () => T, example: string): T {
  const out = run() as T & { unreadable?: { count: number; examples: string[] } };
  expect(out.unreadable?.count).toBe(1);
  expect(out.unreadable?.examples[0]).toBe(example);
  return out;
}
const PROGRAM_NULLABLE = ['ratingKey', 'type', 'showTitle', 'season', 'episode', 'year', 'summary', 'artworkUrl'];
const HEADER_NULLABLE = ['callsign', 'icon', 'tint', 'package'];
const PACKAGE_NULLABLE = ['key', 'icon', 'tint'];

// ---------------------------------------------------------------------------------------------

describe('ContractError', () => {
  it('spells out endpoint, field and problem, and leaves the field out at the top level', () => {
    expect(new ContractError('GET /guide/now', 'channels[3].now.startsAt', { kind: 'missing' }).message).toBe(
      'Unexpected response from GET /guide/now: channels[3].now.startsAt: required field is missing',
    );
    expect(new ContractError('GET /status', '', { kind: 'expected', expected: 'Object', received: 'null' }).message).toBe(
      'Unexpected response from GET /status: expected Object but received null',
    );
  });
});

describe('times', () => {
  // Date.parse alone would take these; a server's time is ISO-8601 with a zone.
  it.each(['1', 'March 7 2026', '2026-09-27', '2026-09-27T18:00:00', 'Sun, 27 Sep 2026 18:00:00 GMT'])(
    'reads %j as no time (the field alone is the cost)',
    (time) => {
      const status = expectCost(() => parseStatus(statusBody({ time })), `time: expected an ISO-8601 time (received "${time}")`);
      expect(status.time).toBeNull();
      expect(status.version).toBe(statusBody().version);
    },
  );

  it.each(['2026-09-27T18:00:00.000Z', '2026-09-27T18:00:00Z', '2026-09-27T20:00:00+02:00', '2026-09-27T18:00Z'])(
    'accepts %j',
    (time) => {
      expect(parseStatus(statusBody({ time })).time).toBe(time);
    },
  );
});

describe('parseStatus', () => {
  const endpoint = 'GET /status';

  it('reads a full /status answer', () => {
    const status = parseStatus(statusBody());
    expect(status).toStrictEqual(statusBody());
    expect(status.product).toBe('airwave');
    expect(status.counts?.activeSessions).toBe(2);
  });

  it('drops unknown fields at every level', () => {
    const paths: Path[] = [[], ['counts']];
    const status = parseStatus(withSurplus(statusBody(), paths));
    expectNoSurplus(status, paths);
    expect(status).toStrictEqual(statusBody());
  });

  // product and version are required (what answered); the rest costs only itself (issue 33).
  it('refuses a missing or mistyped product or version with its path', () => {
    expectContractError(() => parseStatus(without(statusBody(), ['product'])), endpoint, 'product', MISSING);
    expectContractError(() => parseStatus(without(statusBody(), ['version'])), endpoint, 'version', MISSING);
    expectContractError(() => parseStatus(withValue(statusBody(), ['version'], 15)), endpoint, 'version', 'expected string but received 15');
  });

  it('reads a bad name, count, uptime or time as unknown, keeping the rest', () => {
    expect(parseStatus(without(statusBody(), ['name'])).name).toBeNull();
    expect(expectCost(() => parseStatus(withValue(statusBody(), ['name'], 7)), 'name: expected string but received 7').name).toBeNull();
    const counts = expectCost(() => parseStatus(withValue(statusBody(), ['counts', 'activeSessions'], '2')), 'counts.activeSessions: expected number but received "2"');
    expect(counts.counts).toEqual({ ...(statusBody().counts as object), activeSessions: null });
    expect(expectCost(() => parseStatus(withValue(statusBody(), ['counts', 'channels'], -1)), 'counts.channels: expected >=0 but received -1').counts?.channels).toBeNull();
    expect(expectCost(() => parseStatus(withValue(statusBody(), ['counts', 'packages'], 2.5)), 'counts.packages: expected integer but received 2.5').counts?.packages).toBeNull();
    expect(expectCost(() => parseStatus(withValue(statusBody(), ['uptimeSeconds'], -5)), 'uptimeSeconds: expected >=0 but received -5').uptimeSeconds).toBeNull();
    const time = expectCost(() => parseStatus(withValue(statusBody(), ['time'], 'half past six')), 'time: expected an ISO-8601 time (received "half past six")');
    expect(time.time).toBeNull();
    expect(time.product).toBe('airwave');
  });

  it('rejects a top level that is not an object, with an empty field', () => {
    expectContractError(
      () => parseStatus('<html>Bad gateway</html>'),
      endpoint,
      '',
      'expected Object but received "<html>Bad gateway</html>"',
    );
    expectContractError(() => parseStatus(null), endpoint, '', 'expected Object but received null');
    expectContractError(() => parseStatus(42), endpoint, '', 'expected Object but received 42');
  });
});

describe('parseCapabilities', () => {
  const endpoint = 'GET /capabilities';

  it('reads a full /capabilities answer', () => {
    const caps = parseCapabilities(capabilitiesBody());
    expect(caps).toStrictEqual(capabilitiesBody());
    expect(caps.sse.supported).toBe(true);
    expect(caps.webhooks.eventTypes).toEqual(['session.started', 'session.ended']);
  });

  it('drops unknown top-level and nested fields', () => {
    const paths: Path[] = [[], ['webhooks'], ['sse']];
    const caps = parseCapabilities(withSurplus(capabilitiesBody(), paths));
    expectNoSurplus(caps, paths);
    expect(caps).toStrictEqual(capabilitiesBody());
  });

  it('reads a missing sse record as "no event stream"', () => {
    expect(parseCapabilities(without(capabilitiesBody(), ['sse'])).sse).toStrictEqual({ supported: false });
  });

  it('reads missing webhooks and features as none', () => {
    const caps = parseCapabilities({ apiVersion: 'v1', serverVersion: '1.0.0' });
    expect(caps.webhooks).toStrictEqual({ supported: false, eventTypes: [] });
    expect(caps.features).toStrictEqual({});
    expect(parseCapabilities(without(capabilitiesBody(), ['webhooks', 'eventTypes'])).webhooks).toStrictEqual({
      supported: true,
      eventTypes: [],
    });
  });

  it('keeps boolean feature flags and drops any other value', () => {
    const caps = parseCapabilities(
      capabilitiesBody({
        features: { workflowEngine: true, aiChannels: false, maxStreams: 4, beta: 'yes', nested: { on: true }, gone: null },
      }),
    );
    expect(caps.features).toStrictEqual({ workflowEngine: true, aiChannels: false });
  });

  it('refuses a missing apiVersion; a bad sse or webhooks record reads as none', () => {
    expectContractError(() => parseCapabilities(without(capabilitiesBody(), ['apiVersion'])), endpoint, 'apiVersion', MISSING);
    expect(expectCost(() => parseCapabilities(withValue(capabilitiesBody(), ['sse', 'supported'], 'yes')), 'sse: supported: expected boolean but received "yes"').sse).toEqual({ supported: false });
    expect(expectCost(() => parseCapabilities(without(capabilitiesBody(), ['sse', 'supported'])), `sse: supported: ${MISSING}`).sse).toEqual({ supported: false });
    const hooks = expectCost(() => parseCapabilities(withValue(capabilitiesBody(), ['webhooks', 'eventTypes'], ['session.started', 3])), 'webhooks.eventTypes: [1]: expected string but received 3');
    expect(hooks.webhooks.eventTypes).toEqual([]);
    expectContractError(() => parseCapabilities([1, 2]), endpoint, 'apiVersion', MISSING);
    expectContractError(() => parseCapabilities('ok'), endpoint, '', 'expected Object but received "ok"');
  });
});

describe('parseSessionCount', () => {
  const endpoint = 'GET /sessions/count';

  it('reads the count and drops unknown fields', () => {
    expect(parseSessionCount({ count: 3 })).toStrictEqual({ count: 3 });
    expect(parseSessionCount({ count: 0, scope: 'key', surplusField: 1 })).toStrictEqual({ count: 0 });
  });

  it('reads a missing, null, negative, fractional or textual count as unknown (issue 48); refuses only what is not an answer', () => {
    expect(parseSessionCount({}).count).toBeNull();
    expect(parseSessionCount({ count: null }).count).toBeNull();
    expect(expectCost(() => parseSessionCount({ count: -86827633 }), 'count: expected >=0 but received -86827633').count).toBeNull();
    expect(expectCost(() => parseSessionCount({ count: 1.5 }), 'count: expected integer but received 1.5').count).toBeNull();
    expect(expectCost(() => parseSessionCount({ count: '3' }), 'count: expected number but received "3"').count).toBeNull();
    expectContractError(() => parseSessionCount(undefined), endpoint, '', 'expected Object but received undefined');
  });
});

describe('parseNowPlaying', () => {
  const endpoint = 'GET /now-playing';
  const body = (): Json => ({
    nowPlaying: [
      nowPlayingEntry(),
      nowPlayingEntry({ user: 'bob', channelNumber: 11, channelName: 'Movie Night', title: 'Night Train', showTitle: null }),
    ],
  });

  it('reads every entry in full', () => {
    const out = parseNowPlaying(body());
    expect(out).toStrictEqual(body());
    expect(out.nowPlaying.map((entry) => entry.user)).toEqual(['alice', 'bob']);
    expect(out.nowPlaying[0]?.progress).toEqual({ positionSeconds: 900, durationSeconds: 1320 });
  });

  it('reads an empty list', () => {
    expect(parseNowPlaying({ nowPlaying: [] })).toStrictEqual({ nowPlaying: [] });
  });

  it('drops unknown fields in entries, progress and device', () => {
    const paths: Path[] = [[], ['nowPlaying', 0], ['nowPlaying', 0, 'progress'], ['nowPlaying', 1, 'device']];
    const out = parseNowPlaying(withSurplus(body(), paths));
    expectNoSurplus(out, paths);
    expect(out).toStrictEqual(body());
  });

  describe('nullable fields', () => {
    const entry = (key: string): Path => ['nowPlaying', 0, key];
    itAcceptsNullFor(parseNowPlaying, body, [
      ...['channelNumber', 'channelName', 'title', 'showTitle', 'artworkUrl', 'progress', 'device'].map(entry),
      ['nowPlaying', 0, 'device', 'model'],
      ['nowPlaying', 0, 'device', 'platform'],
    ]);
  });

  it('reads an entry with only a user', () => {
    expect(parseNowPlaying({ nowPlaying: [{ user: 'carol' }] }).nowPlaying[0]).toStrictEqual({
      user: 'carol',
      channelNumber: null,
      channelName: null,
      title: null,
      showTitle: null,
      artworkUrl: null,
      progress: null,
      device: null,
    });
  });

  it('leaves out an entry without a user, reads a bad field as unknown, clamps a position out of range', () => {
    const users = (body().nowPlaying as Json[]).map((entry) => entry.user);
    const noUser = expectCost(() => parseNowPlaying(without(body(), ['nowPlaying', 0, 'user'])), `nowPlaying[0]: user: ${MISSING}`);
    expect(noUser.nowPlaying.map((entry) => entry.user)).toEqual(users.slice(1));
    expectCost(() => parseNowPlaying(withValue(body(), ['nowPlaying', 1, 'user'], 17)), 'nowPlaying[1]: user: expected string but received 17');
    // a heartbeat a little ahead of the server's clock (issue 33): 0, not the whole list gone
    const ahead = parseNowPlaying(withValue(body(), ['nowPlaying', 1, 'progress', 'positionSeconds'], -3));
    expect(ahead.nowPlaying[1]?.progress?.positionSeconds).toBe(0);
    expect(ahead.unreadable).toBeUndefined();
    // a little past the end: the end
    const past = parseNowPlaying(withValue(body(), ['nowPlaying', 1, 'progress', 'positionSeconds'], 1320 + 30));
    expect(past.nowPlaying[1]?.progress).toEqual({ positionSeconds: 1320, durationSeconds: 1320 });
    // what no programme can be (issue 48): the progress is unknown, never a figure; the slack and the day are PROGRESS_LIMITS'
    const progress = (positionSeconds: number, durationSeconds: number) =>
      parseNowPlaying(withValue(body(), ['nowPlaying', 1, 'progress'], { positionSeconds, durationSeconds })).nowPlaying[1]?.progress ?? null;
    const { slackSeconds, longestSeconds } = PROGRESS_LIMITS;
    expect(progress(-slackSeconds, 1320)).toEqual({ positionSeconds: 0, durationSeconds: 1320 });
    expect(progress(-slackSeconds - 1, 1320)).toBeNull();
    expect(progress(1320 + slackSeconds + 1, 1320)).toBeNull();
    expect(progress(10, longestSeconds)).toEqual({ positionSeconds: 10, durationSeconds: longestSeconds });
    expect(progress(10, longestSeconds + 1)).toBeNull();
    expect(progress(0, 0)).toBeNull();
    expect(progress(-1_379_430, 61_439_696)).toBeNull();
    expect(progress(1e9, 1320)).toBeNull();
    const number = expectCost(() => parseNowPlaying(withValue(body(), ['nowPlaying', 0, 'channelNumber'], '4')), 'nowPlaying[0].channelNumber: expected number but received "4"');
    expect(number.nowPlaying[0]?.channelNumber).toBeNull();
    expect(number.nowPlaying[0]?.user).toBe(users[0]);
    expectContractError(
      () => parseNowPlaying({ nowPlaying: 'alice' }),
      endpoint,
      'nowPlaying',
      'expected Array but received "alice"',
    );
    expectContractError(() => parseNowPlaying({}), endpoint, 'nowPlaying', MISSING);
  });
});

describe('parseGuideNow', () => {
  const endpoint = 'GET /guide/now';
  const body = (): Json => ({
    serverTime: SERVER_TIME,
    channels: [
      { ...channelHeader(), now: episode(), next: movie() },
      { ...channelHeader({ id: 'ch_films', number: 11, name: 'Movie Night', callsign: 'MOVN' }), now: bumper(), next: movie() },
    ],
  });

  it('reads a full /guide/now answer', () => {
    const guide = parseGuideNow(body());
    expect(guide).toStrictEqual(body());
    expect(guide.channels[0]?.now?.title).toBe('The One Where They Move');
    expect(guide.channels[1]?.now?.ratingKey).toBeNull();
    expect(guide.channels[0]?.package?.icon).toBe('lucide:Laugh');
  });

  it('drops unknown fields in rows, programmes and packages', () => {
    const paths: Path[] = [[], ['channels', 0], ['channels', 0, 'now'], ['channels', 1, 'next'], ['channels', 0, 'package']];
    const guide = parseGuideNow(withSurplus(body(), paths));
    expectNoSurplus(guide, paths);
    expect(guide).toStrictEqual(body());
  });

  it('accepts a programme type it does not know', () => {
    const guide = parseGuideNow(withValue(body(), ['channels', 0, 'now', 'type'], 'clip'));
    expect(guide.channels[0]?.now?.type).toBe('clip');
  });

  describe('nullable fields', () => {
    itAcceptsNullFor(parseGuideNow, body, [
      ...HEADER_NULLABLE.map((key) => ['channels', 0, key]),
      ...PACKAGE_NULLABLE.map((key) => ['channels', 0, 'package', key]),
      ['channels', 0, 'now'],
      ['channels', 0, 'next'],
      ...PROGRAM_NULLABLE.map((key) => ['channels', 0, 'now', key]),
    ]);
  });

  it('leaves out a programme or row it cannot read, names it with the full path, and keeps the rest', () => {
    const rows = body().channels as Json[];
    const cases: [unknown, string, string][] = [
      [without(body(), ['channels', 1, 'now', 'startsAt']), 'channels[1].now', `startsAt: ${MISSING}`],
      [withValue(body(), ['channels', 1, 'now', 'startsAt'], 1790000000), 'channels[1].now', 'startsAt: expected string but received 1790000000'],
      [withValue(body(), ['channels', 0, 'next', 'endsAt'], 'tomorrow-ish'), 'channels[0].next', 'endsAt: expected an ISO-8601 time (received "tomorrow-ish")'],
    ];
    for (const [input, path, problem] of cases) {
      const guide = parseGuideNow(input);
      expect(guide.channels).toHaveLength(rows.length);
      const slot = path.endsWith('now') ? 'now' : 'next';
      expect(guide.channels[Number(/\[(\d+)\]/.exec(path)![1])]![slot]).toBeNull();
      expect(guide.unreadable).toEqual({ count: 1, examples: [`${path}: ${problem}`] });
    }
    // a row that cannot be read at all is left out, the others kept
    const dropped = parseGuideNow(withValue(body(), ['channels', 1, 'number'], 11.5));
    expect(dropped.channels.map((row) => row.id)).toEqual(rows.filter((_, i) => i !== 1).map((row) => row.id));
    expect(dropped.unreadable?.examples).toEqual(['channels[1]: number: expected a whole number held exactly (received 11.5)']);
    // a field the programme can do without costs only that field
    const type = expectCost(() => parseGuideNow(withValue(body(), ['channels', 0, 'now', 'type'], 3)), 'channels[0].now.type: expected a string (received 3)');
    expect(type.channels[0]?.now?.title).toBe('The One Where They Move');
    // an unusable duration is worked out from the programme's times instead
    const duration = parseGuideNow(withValue(body(), ['channels', 0, 'now', 'durationSeconds'], -60));
    expect(duration.channels[0]?.now?.durationSeconds).toBeGreaterThan(0);
    // a serverTime that is not a time costs that field, never the rows (issue 33)
    const time = expectCost(() => parseGuideNow(withValue(body(), ['serverTime'], 'soon')), 'serverTime: expected an ISO-8601 time (received "soon")');
    expect(time.serverTime).toBeNull();
    expect(time.channels).toHaveLength(rows.length);
  });

  it('keeps every row when each has a bad field it can do without; fails only without the channel list', () => {
    const rows = body().channels as Json[];
    const broken = rows.reduce<unknown>((input, _, i) => without(input, ['channels', i, 'package', 'name']), body());
    const read = parseGuideNow(broken);
    expect(read.channels.map((row) => row.package)).toEqual([null, null]);
    expect(read.unreadable).toEqual({ count: 2, examples: [`channels[0].package: name: ${MISSING}`, `channels[1].package: name: ${MISSING}`] });
    // serverTime became optional (contract-tolerance.test.ts); the channel list is required.
    expectContractError(() => parseGuideNow(without(body(), ['channels'])), endpoint, 'channels', MISSING);
    expectContractError(() => parseGuideNow(true), endpoint, '', 'expected Object but received true');
  });
});

describe('parseGuide', () => {
  const endpoint = 'GET /guide';
  const body = (): Json => ({
    serverTime: SERVER_TIME,
    windowMinutes: 180,
    backMinutes: 60,
    channels: [
      { ...channelHeader(), programs: [episode(), bumper(), movie()] },
      { ...channelHeader({ id: 'ch_empty', number: 99, name: 'Off Air', package: null }), programs: [] },
    ],
  });

  it('reads a full /guide answer', () => {
    const guide = parseGuide(body());
    expect(guide).toStrictEqual(body());
    expect(guide.backMinutes).toBe(60);
    expect(guide.channels[0]?.programs.map((p) => p.title)).toEqual(['The One Where They Move', 'Up next', 'Night Train']);
    expect(guide.channels[1]?.package).toBeNull();
  });

  it('reads a missing backMinutes as 0 (older servers)', () => {
    expect(parseGuide(without(body(), ['backMinutes'])).backMinutes).toBe(0);
  });

  it('drops unknown fields and keeps unknown programme types', () => {
    const paths: Path[] = [[], ['channels', 1], ['channels', 0, 'programs', 2]];
    const guide = parseGuide(withSurplus(withValue(body(), ['channels', 0, 'programs', 0, 'type'], 'clip'), paths));
    expectNoSurplus(guide, paths);
    expect(guide.channels[0]?.programs[0]?.type).toBe('clip');
  });

  describe('nullable fields', () => {
    itAcceptsNullFor(parseGuide, body, [
      ...HEADER_NULLABLE.map((key) => ['channels', 0, key]),
      ...PROGRAM_NULLABLE.map((key) => ['channels', 0, 'programs', 0, key]),
    ]);
  });

  it('leaves out a programme or channel it cannot read; a window it cannot read costs only that field (issue 48)', () => {
    const ends = expectCost(() => parseGuide(withValue(body(), ['channels', 0, 'programs', 1, 'endsAt'], 'not a time')), 'channels[0].programs[1]: endsAt: expected an ISO-8601 time (received "not a time")');
    expect(ends.channels[0]?.programs).toHaveLength(2);
    expectCost(() => parseGuide(without(body(), ['channels', 0, 'programs', 2, 'title'])), `channels[0].programs[2]: title: ${MISSING}`);
    const channel = expectCost(() => parseGuide(without(body(), ['channels', 1, 'programs'])), `channels[1]: programs: ${MISSING}`);
    expect(channel.channels).toHaveLength(1);
    expect(expectCost(() => parseGuide(withValue(body(), ['windowMinutes'], -30)), 'windowMinutes: expected >=0 but received -30').windowMinutes).toBeNull();
    expect(expectCost(() => parseGuide(withValue(body(), ['backMinutes'], '60')), 'backMinutes: expected number but received "60"').backMinutes).toBe(0);
    // a serverTime that is not a time: null (the reader places the window by the local clock), every channel kept
    const timeless = expectCost(() => parseGuide(withValue(body(), ['serverTime'], 'string')), 'serverTime: expected an ISO-8601 time (received "string")');
    expect(timeless.serverTime).toBeNull();
    expect(timeless.channels).toHaveLength(2);
    expectContractError(() => parseGuide([]), endpoint, 'channels', MISSING);
  });
});

describe('parseChannels', () => {
  const endpoint = 'GET /channels';
  const body = (): Json => ({
    channels: [
      channel(),
      channel({ id: 'ch_films', number: 11, name: 'Movie Night', callsign: null, mode: 'membership', provenance: 'ai' }),
    ],
  });
  const withDefinitions = (): Json => ({
    channels: [channel({ definition: definition() }), channel({ id: 'ch_films', number: 11, definition: {} })],
  });

  it('reads channels without a definition, and adds none', () => {
    const out = parseChannels(body());
    expect(out).toStrictEqual(body());
    expect(out.channels[1]?.provenance).toBe('ai');
    expect(out.channels[0]).not.toHaveProperty('definition');
  });

  // The definition carries no stability promise: one the app cannot read must not cost the list.
  it.each([['a string', 'shuffle'], ['null', null], ['a number', 7]])('reads %s as no definition', (_what, value) => {
    const out = parseChannels(withValue(withDefinitions(), ['channels', 0, 'definition'], value));
    expect(out.channels).toHaveLength(2);
    expect(out.channels[0]?.definition).toBeUndefined();
    expect(out.channels[1]?.definition).toStrictEqual({});
  });

  it('keeps the definition (include=definition) as the opaque object it is', () => {
    const out = parseChannels(withDefinitions());
    expect(out).toStrictEqual(withDefinitions());
    expect(out.channels[0]?.definition).toStrictEqual(definition());
    expect(out.channels[1]?.definition).toStrictEqual({});
  });

  it('accepts modes and provenances it does not know', () => {
    const out = parseChannels({ channels: [channel({ mode: 'smart', provenance: 'imported' })] });
    expect(out.channels[0]?.mode).toBe('smart');
    expect(out.channels[0]?.provenance).toBe('imported');
  });

  it('drops unknown fields on channels and packages', () => {
    const paths: Path[] = [[], ['channels', 0], ['channels', 1, 'package']];
    const out = parseChannels(withSurplus(body(), paths));
    expectNoSurplus(out, paths);
    expect(out).toStrictEqual(body());
  });

  describe('nullable fields', () => {
    itAcceptsNullFor(parseChannels, body, [
      ...[...HEADER_NULLABLE, 'description'].map((key) => ['channels', 0, key]),
      ...PACKAGE_NULLABLE.map((key) => ['channels', 0, 'package', key]),
    ]);
  });

  it('leaves out a channel without a number or name; reads a bad enabled or mode as its default', () => {
    expect(expectCost(() => parseChannels(without(body(), ['channels', 1, 'number'])), `channels[1]: number: ${MISSING}`).channels).toHaveLength(1);
    expectCost(() => parseChannels(without(body(), ['channels', 0, 'name'])), `channels[0]: name: ${MISSING}`);
    expect(expectCost(() => parseChannels(withValue(body(), ['channels', 0, 'enabled'], 'yes')), 'channels[0].enabled: expected boolean but received "yes"').channels[0]?.enabled).toBe(true);
    expect(expectCost(() => parseChannels(withValue(body(), ['channels', 1, 'mode'], 3)), 'channels[1].mode: expected a string (received 3)').channels[1]?.mode).toBeNull();
    expectContractError(() => parseChannels(null), endpoint, '', 'expected Object but received null');
  });
});

describe('parseChannelNow', () => {
  // The next slot has not started, so it carries no offsetSeconds.
  const plain = (): Json => ({
    current: nowSlot(),
    next: without(nowSlot({ ...bumper(), kind: 'bumper' }), ['offsetSeconds']),
    endsAt: '2026-09-27T18:07:00.000Z',
  });

  it('reads current and next slots and the end time', () => {
    const out = parseChannelNow(plain(), 4);
    expect(out.current?.offsetSeconds).toBe(900);
    expect(out.current?.kind).toBe('program');
    expect(out.next?.kind).toBe('bumper');
    expect(out.next).not.toHaveProperty('offsetSeconds');
    expect(out.next?.ratingKey).toBeNull();
    expect(out.endsAt).toBe('2026-09-27T18:07:00.000Z');
    expect(out.channel).toBeUndefined();
    expect({ current: out.current, next: out.next, endsAt: out.endsAt }).toStrictEqual(plain());
  });

  it('reads the optional channel record when a server adds it', () => {
    const out = parseChannelNow({ ...plain(), channel: channel() }, 4);
    expect(out.channel).toStrictEqual(channel());
    expect(out.channel?.name).toBe('Sitcom Central');
  });

  it('reads a malformed channel record as absent instead of failing the lookup', () => {
    for (const bad of [{ id: 4 }, 'Sitcom Central', []]) {
      const out = parseChannelNow({ ...plain(), channel: bad }, 4);
      expect(out.channel).toBeUndefined();
      expect(out.current?.title).toBe('The One Where They Move');
    }
  });

  it('accepts slot kinds and programme types it does not know', () => {
    const out = parseChannelNow(withValue(withValue(plain(), ['current', 'kind'], 'promo'), ['current', 'type'], 'clip'), 4);
    expect(out.current?.kind).toBe('promo');
    expect(out.current?.type).toBe('clip');
  });

  it('drops unknown fields', () => {
    const paths: Path[] = [[], ['current'], ['next']];
    const out = parseChannelNow(withSurplus(plain(), paths), 4);
    expectNoSurplus(out, paths);
  });

  describe('nullable fields', () => {
    const parse = (input: unknown) => parseChannelNow(input, 4);
    itAcceptsNullFor(parse, plain, [['current'], ['next'], ['endsAt'], ...PROGRAM_NULLABLE.map((key) => ['current', key])]);
  });

  it('names the channel number in the endpoint, or a placeholder without one', () => {
    expectContractError(() => parseChannelNow('Not Found', 12), 'GET /channels/by-number/12/now', '', 'expected Object but received "Not Found"');
    expectContractError(() => parseChannelNow('Not Found'), 'GET /channels/by-number/{number}/now', '', 'expected Object but received "Not Found"');
  });

  it('reads a bad slot or end time as unknown, keeping the rest (issue 33)', () => {
    const endpoint = 'GET /channels/by-number/4/now';
    expect(parseChannelNow(withValue(plain(), ['current', 'offsetSeconds'], -1), 4).current?.offsetSeconds).toBe(0);
    const ends = expectCost(() => parseChannelNow(withValue(plain(), ['endsAt'], 'soon'), 4), 'endsAt: expected an ISO-8601 time (received "soon")');
    expect(ends.endsAt).toBeNull();
    expect(ends.current?.title).toBe('The One Where They Move');
    expect(ends.next).not.toBeNull();
    const next = expectCost(() => parseChannelNow(without(plain(), ['next', 'startsAt']), 4), `next: startsAt: ${MISSING}`);
    expect(next.next).toBeNull();
    expect(next.current).not.toBeNull();
    expectContractError(() => parseChannelNow('Not Found', 4), endpoint, '', 'expected Object but received "Not Found"');
  });
});

describe('parseSessions', () => {
  const endpoint = 'GET /sessions';
  const body = (): Json => ({
    sessions: [
      session(),
      session({ id: 'sess_off', user: 'bob', state: 'off', playbackState: 'idle', channel: null, progress: null }),
    ],
  });

  it('reads full session records', () => {
    const out = parseSessions(body());
    expect(out).toStrictEqual(body());
    expect(out.sessions[0]?.device?.hdr).toBe(true);
    expect(out.sessions[1]?.state).toBe('off');
  });

  it('accepts states and playback states it does not know', () => {
    const out = parseSessions({ sessions: [session({ state: 'transcoding', playbackState: 'stalled' })] });
    expect(out.sessions[0]?.state).toBe('transcoding');
    expect(out.sessions[0]?.playbackState).toBe('stalled');
  });

  it('drops unknown fields', () => {
    const paths: Path[] = [[], ['sessions', 0], ...['channel', 'device', 'progress'].map((key) => ['sessions', 0, key])];
    const out = parseSessions(withSurplus(body(), paths));
    expectNoSurplus(out, paths);
    expect(out).toStrictEqual(body());
  });

  describe('nullable fields', () => {
    const field = (key: string): Path => ['sessions', 0, key];
    itAcceptsNullFor(parseSessions, body, [
      ...[
        'deviceId',
        'channel',
        'playbackState',
        'title',
        'showTitle',
        'season',
        'episode',
        'year',
        'artworkUrl',
        'progress',
        'startedAt',
        'device',
      ].map(field),
      ['sessions', 0, 'channel', 'callsign'],
      ...['id', 'platform', 'model', 'osVersion', 'hdr'].map((key) => ['sessions', 0, 'device', key]),
    ]);
  });

  it('leaves out a session without an id or user; reads a bad field as unknown', () => {
    expect(expectCost(() => parseSessions(without(body(), ['sessions', 1, 'id'])), `sessions[1]: id: ${MISSING}`).sessions.map((x) => x.id)).toEqual([session().id]);
    expectCost(() => parseSessions(without(body(), ['sessions', 0, 'user'])), `sessions[0]: user: ${MISSING}`);
    expect(expectCost(() => parseSessions(withValue(body(), ['sessions', 0, 'channel', 'number'], '4')), 'sessions[0].channel: number: expected number but received "4"').sessions[0]?.channel).toBeNull();
    expect(expectCost(() => parseSessions(withValue(body(), ['sessions', 0, 'startedAt'], 'a while ago')), 'sessions[0].startedAt: expected an ISO-8601 time (received "a while ago")').sessions[0]?.startedAt).toBeNull();
    const hdr = expectCost(() => parseSessions(withValue(body(), ['sessions', 0, 'device', 'hdr'], 'yes')), 'sessions[0].device.hdr: expected boolean but received "yes"');
    expect(hdr.sessions[0]?.device?.hdr).toBeNull();
    expect(hdr.sessions[0]?.device?.model).not.toBeNull();
    expectContractError(() => parseSessions(''), endpoint, '', 'expected Object but received ""');
  });
});

describe('parsePackages', () => {
  const endpoint = 'GET /packages';
  const body = (): Json => ({
    packages: [{ ...packageRef(), channelCount: 3 }, { ...packageRef({ id: 'pkg_films', key: 'films', name: 'Films', icon: 'lucide:Film', tint: 'sky' }), channelCount: 1 }],
  });

  it('reads a list without channel counts (older servers, the published interface) as counts unknown', () => {
    const out = parsePackages({ packages: [packageRef()] });
    expect(out.packages).toStrictEqual([{ ...packageRef(), channelCount: null }]);
  });

  it('reads the package list and drops unknown fields', () => {
    const paths: Path[] = [[], ['packages', 1]];
    const out = parsePackages(withSurplus(body(), paths));
    expectNoSurplus(out, paths);
    expect(out).toStrictEqual(body());
    expect(out.packages.map((p) => p.name)).toEqual(['Comedy', 'Films']);
  });

  describe('nullable fields', () => {
    itAcceptsNullFor(parsePackages, body, [...PACKAGE_NULLABLE, 'channelCount'].map((key) => ['packages', 1, key]));
  });

  // issue 34 item 4: tolerant per entry, like /webhooks
  it('leaves out a package without an id or name; reads a count that is not one as unknown', () => {
    expect(expectCost(() => parsePackages(without(body(), ['packages', 1, 'name'])), `packages[1]: name: ${MISSING}`).packages.map((p) => p.id)).toEqual(['pkg_comedy']);
    expectCost(() => parsePackages(withValue(body(), ['packages', 0, 'id'], 7)), 'packages[0]: id: expected string but received 7');
    expectCost(() => parsePackages({ packages: [null] }), 'packages[0]: expected Object but received null');
    for (const bad of [-5, 1.5]) {
      const out = parsePackages(withValue(body(), ['packages', 0, 'channelCount'], bad));
      expect(out.packages.map((p) => p.channelCount)).toEqual([null, 1]);
    }
    expectContractError(() => parsePackages(7), endpoint, '', 'expected Object but received 7');
  });
});

describe('readErrorEnvelope', () => {
  it('reads the error of a real server', () => {
    expect(readErrorEnvelope({ error: { code: 'not_found', message: 'Channel not found.' } })).toStrictEqual({
      code: 'not_found',
      message: 'Channel not found.',
    });
  });

  it('reads a missing message as empty and drops unknown fields', () => {
    expect(readErrorEnvelope({ error: { code: 'unavailable' } })).toStrictEqual({ code: 'unavailable', message: '' });
    // A null or odd message must not cost the code.
    expect(readErrorEnvelope({ error: { code: 'unauthorized', message: null } })).toStrictEqual({ code: 'unauthorized', message: '' });
    expect(readErrorEnvelope({ error: { code: 'not_found', message: 42 } })?.code).toBe('not_found');
    expect(
      readErrorEnvelope({
        error: { code: 'invalid_request', message: 'forwardMinutes must be 30..1440', param: 'forwardMinutes' },
        requestId: 'r1',
      }),
    ).toStrictEqual({ code: 'invalid_request', message: 'forwardMinutes must be 30..1440' });
  });

  it('keeps an error code it does not know', () => {
    expect(readErrorEnvelope({ error: { code: 'rate_limited', message: 'Slow down.' } })?.code).toBe('rate_limited');
  });

  it.each([
    ['HTML text', '<html><body><h1>502 Bad Gateway</h1></body></html>'],
    ['an empty body', ''],
    ['null', null],
    ['undefined', undefined],
    ['an empty object', {}],
    ['a string error', { error: 'x' }],
    ['an error without a code', { error: { message: 'Nope.' } }],
    ['a numeric code', { error: { code: 404, message: 'Nope.' } }],
    ['an array', [{ error: { code: 'not_found' } }]],
  ])('returns null for %s', (_name, input) => {
    expect(readErrorEnvelope(input)).toBeNull();
  });
});

describe('parseEventEnvelope', () => {
  const endpoint = 'event stream (GET /events)';

  it('reads an event with a session in data', () => {
    const event = parseEventEnvelope(eventBody());
    expect(event).toStrictEqual(eventBody());
    expect(event.id).toBe('evt_01JB7Q');
    expect(event.type).toBe('session.started');
  });

  it('accepts a numeric id, an unknown type, and reads missing data as null', () => {
    const event = parseEventEnvelope(without(eventBody({ id: 1042, type: 'channel.renamed' }), ['data']));
    expect(event).toStrictEqual({ id: 1042, type: 'channel.renamed', timestamp: SERVER_TIME, data: null });
  });

  it('passes data through untouched (it is read later, per event type)', () => {
    const data = { channelNumber: 4, surplusField: true };
    expect(parseEventEnvelope(eventBody({ type: 'channel.tuned', data })).data).toStrictEqual(data);
  });

  it('drops unknown envelope fields', () => {
    const event = parseEventEnvelope(withSurplus(eventBody(), [[]]));
    expectNoSurplus(event, [[]]);
  });

  it('rejects missing, mistyped and non-time fields', () => {
    expectContractError(() => parseEventEnvelope(without(eventBody(), ['timestamp'])), endpoint, 'timestamp', MISSING);
    expectContractError(() => parseEventEnvelope(without(eventBody(), ['id'])), endpoint, 'id', MISSING);
    expectContractError(() => parseEventEnvelope(without(eventBody(), ['type'])), endpoint, 'type', MISSING);
    expectContractError(() => parseEventEnvelope(eventBody({ type: 5 })), endpoint, 'type', 'expected string but received 5');
    expectContractError(
      () => parseEventEnvelope(eventBody({ timestamp: 'now' })),
      endpoint,
      'timestamp',
      'expected an ISO-8601 time (received "now")',
    );
    expectContractError(() => parseEventEnvelope('keepalive'), endpoint, '', 'expected Object but received "keepalive"');
  });

  // `id` is a union (string | number): the union's own issue names the field.
  it('names the field of a mistyped id', () => {
    expectContractError(() => parseEventEnvelope(eventBody({ id: true })), endpoint, 'id', 'expected (string | number) but received true');
  });
});

describe('parseSessionEventData', () => {
  const envelope = (over: Json = {}): EventEnvelope => parseEventEnvelope(eventBody(over));

  it('reads the session record carried by a session event', () => {
    const out = parseSessionEventData(envelope());
    expect(out).toStrictEqual(session());
    expect(out.user).toBe('alice');
  });

  it('drops unknown fields and fills absent nullable fields with null', () => {
    const data = { ...withSurplus(session(), [[]]) as Json };
    delete data.progress;
    const out = parseSessionEventData(envelope({ type: 'playback.paused', data }));
    expectNoSurplus(out, [[]]);
    expect(out.progress).toBeNull();
    expect(out.title).toBe('The One Where They Move');
  });

  it('names the event type in the endpoint when data is not a session', () => {
    expectContractError(
      () => parseSessionEventData(envelope({ type: 'ping', data: null })),
      'event ping (GET /events)',
      '',
      'expected Object but received null',
    );
    expectContractError(
      () => parseSessionEventData(envelope({ type: 'session.ended', data: without(session(), ['user']) })),
      'event session.ended (GET /events)',
      'user',
      MISSING,
    );
    // older, smaller event data (0.14.76–0.15.1) is read tolerantly: a bad field costs only itself
    expect(expectCost(() => parseSessionEventData(envelope({ type: 'playback.started', data: session({ season: 'three' }) })), 'season: expected number but received "three"').season).toBeNull();
  });
});
