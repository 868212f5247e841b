/**
 * Runtime checks of every bridge request, used by the hosts (Electron IPC and the preview's HTTP
 * bridge) before a handler runs. Types only protect the honest renderer; these protect main.
 */
import * as v from 'valibot';
import { acceleratorProblem } from './accelerator';
import { GUIDE_ROWS_MAX, type Command, type RequestOf } from './bridge';

const empty = v.strictObject({});
const authStyle = v.picklist(['x-api-key', 'bearer']);
const shortText = (max: number) => v.pipe(v.string(), v.maxLength(max));
/** A global shortcut in the one grammar (accelerator.ts); the issue says what is wrong with it. */
const accelerator = v.pipe(
  v.string(),
  v.check((text) => acceleratorProblem(text) === null, (issue) => acceleratorProblem(String(issue.input)) ?? 'not a shortcut'),
);
const clock = v.pipe(v.string(), v.regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'a time like 22:30'));

/** 20 s by default: fewer requests than Home Assistant's two sensors every 30 s (240 an hour), at a better p95 (bench:sync) */
export const POLL_SECONDS = { min: 5, max: 300, default: 20 } as const;

const connect = v.strictObject({
  server: shortText(2048),
  apiKey: shortText(4096),
  authStyle,
});

const serverId = v.pipe(v.string(), v.regex(/^[a-z0-9-]{1,40}$/, 'a server id'));
const serverName = v.pipe(v.string(), v.trim(), v.maxLength(80));

const notifications = v.strictObject({
  enabled: v.optional(v.boolean()),
  quietHours: v.optional(v.nullable(v.strictObject({ start: clock, end: clock }))),
  mutedUsers: v.optional(v.pipe(v.array(shortText(200)), v.maxLength(200))),
  pausedUntil: v.optional(v.nullable(v.pipe(v.number(), v.integer(), v.minValue(0)))),
});

/** Bounds of the features' settings (reminder lead time, the unreachable alert's minutes). */
export const REMINDER_LEAD_MINUTES = { min: 0, max: 60, default: 2 } as const;
export const UNREACHABLE_MINUTES = { min: 1, max: 120, default: 5 } as const;

const wholeIn = (min: number, max: number) => v.pipe(v.number(), v.integer(), v.minValue(min), v.maxValue(max));
const channelNumber = wholeIn(0, 1_000_000);
const isoTime = v.pipe(shortText(40), v.isoTimestamp('an ISO time like 2026-09-27T18:00:00.000Z'));
const title = v.pipe(v.string(), v.trim(), v.minLength(1, 'a title'), v.maxLength(300));

const programme = v.strictObject({
  channelId: v.pipe(shortText(200), v.minLength(1)),
  channelNumber,
  channelName: shortText(300),
  title,
  showTitle: v.nullable(shortText(300)),
  ratingKey: v.nullable(shortText(200)),
  startsAt: isoTime,
  endsAt: isoTime,
});

type Schemas = { [C in Command]: v.GenericSchema<unknown, RequestOf<C>> };

/** One schema per command: the mapped type makes a missing command a compile error. */
export const REQUEST_SCHEMAS: Schemas = {
  getSnapshot: empty,
  connect,
  testConnection: connect,
  startDemo: empty,
  refresh: empty,
  loadGuide: v.strictObject({
    forwardMinutes: v.pipe(v.number(), v.integer(), v.minValue(30), v.maxValue(1440)),
  }),
  getGuideRows: v.strictObject({
    from: wholeIn(0, 1_000_000),
    to: wholeIn(0, 1_000_000),
    startsAt: v.optional(wholeIn(0, 8.64e15)),
    endsAt: v.optional(wholeIn(0, 8.64e15)),
    numbers: v.optional(v.pipe(v.array(wholeIn(0, 1_000_000)), v.maxLength(GUIDE_ROWS_MAX))),
  }),
  searchGuide: v.strictObject({
    query: v.pipe(v.string(), v.maxLength(200)),
    limit: wholeIn(1, 500),
    after: wholeIn(0, 8.64e15),
  }),
  lookupChannel: v.strictObject({
    number: v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(1_000_000)),
  }),
  getChannels: v.strictObject({ definition: v.boolean() }),
  updateSettings: v.strictObject({
    authStyle: v.optional(authStyle),
    pollSeconds: v.optional(v.pipe(v.number(), v.integer(), v.minValue(POLL_SECONDS.min), v.maxValue(POLL_SECONDS.max))),
    notifications: v.optional(notifications),
    launchAtLogin: v.optional(v.boolean()),
    shortcut: v.optional(
      v.strictObject({ enabled: v.optional(v.boolean()), accelerator: v.optional(accelerator) }),
    ),
    badgeServer: v.optional(v.nullable(serverId)),
  }),
  forgetServer: empty,
  leaveDemo: empty,
  getSchedule: v.strictObject({
    channelId: v.pipe(shortText(200), v.minLength(1)),
    hours: wholeIn(1, 24),
  }),
  openInBrowser: v.variant('kind', [
    v.strictObject({ kind: v.literal('server') }),
    v.strictObject({ kind: v.literal('url'), url: shortText(4096) }),
  ]),
  dismissNotice: v.strictObject({ id: shortText(100) }),
  hidePopover: empty,
  checkForUpdates: empty,
  openLogFolder: empty,
  quit: empty,
  setFavourite: v.strictObject({
    channelId: v.pipe(shortText(200), v.minLength(1)),
    channelNumber,
    channelName: shortText(300),
    favourite: v.boolean(),
  }),
  addReminder: programme,
  cancelReminder: v.strictObject({ id: shortText(100) }),
  follow: v.strictObject({ title }),
  unfollow: v.strictObject({ title }),
  getActivity: v.strictObject({ day: v.picklist(['today', 'yesterday']), user: v.optional(shortText(200)) }),
  updateFeatureSettings: v.strictObject({
    reminderLeadMinutes: v.optional(wholeIn(REMINDER_LEAD_MINUTES.min, REMINDER_LEAD_MINUTES.max)),
    health: v.optional(
      v.strictObject({
        unreachable: v.optional(v.boolean()),
        unreachableMinutes: v.optional(wholeIn(UNREACHABLE_MINUTES.min, UNREACHABLE_MINUTES.max)),
        keyRejected: v.optional(v.boolean()),
        versionChanged: v.optional(v.boolean()),
        streamFull: v.optional(v.boolean()),
      }),
    ),
  }),
  addServer: v.strictObject({ ...connect.entries, name: v.optional(serverName) }),
  addAddress: v.strictObject({ id: serverId, address: shortText(2048) }),
  updateServer: v.strictObject({
    id: serverId,
    name: v.optional(v.pipe(serverName, v.minLength(1, 'a name'))),
    paused: v.optional(v.boolean()),
    address: v.optional(shortText(2048)),
  }),
  removeServer: v.strictObject({ id: serverId }),
  selectServer: v.strictObject({ id: serverId }),
  findLocalServer: empty,
};

export type RequestCheck<C extends Command> = { ok: true; request: RequestOf<C> } | { ok: false; reason: string };

export function isCommand(name: unknown): name is Command {
  return typeof name === 'string' && Object.hasOwn(REQUEST_SCHEMAS, name);
}

/** Checks a request from the renderer; the reason names the command and the offending field. */
export function checkRequest<C extends Command>(command: C, input: unknown): RequestCheck<C> {
  const result = v.safeParse(REQUEST_SCHEMAS[command], input ?? {});
  if (result.success) return { ok: true, request: result.output as RequestOf<C> };
  const issue = result.issues[0];
  const path = issue.path?.map((item) => String(item.key)).join('.') ?? '';
  return { ok: false, reason: `${command}: ${path ? `${path}: ` : ''}${issue.message}` };
}
