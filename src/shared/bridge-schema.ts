/**
 * Runtime checks of every bridge request, used by the hosts (Electron IPC and the preview's HTTP
 * bridge) before a handler runs. Types only protect the honest renderer; these protect main. The
 * fields and their limits are shapes.ts's, the same the core reads its files with.
 */
import { LANGUAGE_CHOICES } from './i18n/locales';
import * as v from 'valibot';
import { GUIDE_ROWS_MAX, HISTORY_RETENTION_DAYS, HISTORY_SPANS, ON_NOW_ROWS_MAX, type Command, type RequestOf } from './bridge';
import {
  addressText,
  apiKeyText,
  authStyle,
  channelId,
  channelNumber,
  FAVOURITE_FIELDS,
  followPolicy,
  groupId,
  guideForwardMinutes,
  HEALTH_FIELDS,
  instant,
  MAX_ROW_INDEX,
  NOTIFICATION_FIELDS,
  pollSeconds,
  PROGRAMME_FIELDS,
  reminderLeadMinutes,
  serverId,
  serverName,
  SHORTCUT_FIELDS,
  shortText,
  title,
  wholeIn,
} from './shapes';

const empty = v.strictObject({});
/** A person of the record: a name on a server (names as the record holds them, at most 300 characters). */
const personRef = v.strictObject({ server: serverId, name: v.pipe(v.string(), v.minLength(1), v.maxLength(300)) });
/** A range: a span ending now, or `custom` with its from and to. */
const historyRange = {
  span: v.picklist(HISTORY_SPANS),
  from: v.optional(instant),
  to: v.optional(instant),
  server: v.optional(serverId),
  person: v.optional(personRef),
};
const customRange = (r: { span: string; from?: number; to?: number }) => r.span !== 'custom' || (r.from !== undefined && r.to !== undefined && r.from < r.to);
const historyRequest = v.pipe(
  v.strictObject(historyRange),
  v.check((r) => customRange(r), 'a custom range with its from before its to'),
);
const connect = v.strictObject({ server: addressText, apiKey: apiKeyText, authStyle });

type Schemas = { [C in Command]: v.GenericSchema<unknown, RequestOf<C>> };

/** One schema per command: the mapped type makes a missing command a compile error. */
export const REQUEST_SCHEMAS: Schemas = {
  getSnapshot: empty,
  connect,
  testConnection: connect,
  startDemo: empty,
  refresh: empty,
  loadGuide: v.strictObject({ forwardMinutes: guideForwardMinutes }),
  getGuideRows: v.strictObject({
    from: wholeIn(0, MAX_ROW_INDEX),
    to: wholeIn(0, MAX_ROW_INDEX),
    startsAt: v.optional(instant),
    endsAt: v.optional(instant),
    numbers: v.optional(v.pipe(v.array(channelNumber), v.maxLength(GUIDE_ROWS_MAX))),
    group: v.optional(groupId),
  }),
  searchGuide: v.strictObject({
    query: v.pipe(v.string(), v.maxLength(200)),
    limit: wholeIn(1, 500),
    after: instant,
    title: v.optional(v.pipe(v.string(), v.maxLength(500))),
  }),
  getOnNowRows: v.strictObject({
    group: v.optional(groupId),
    from: v.optional(wholeIn(0, MAX_ROW_INDEX)),
    to: v.optional(wholeIn(0, MAX_ROW_INDEX)),
    numbers: v.optional(v.pipe(v.array(channelNumber), v.maxLength(ON_NOW_ROWS_MAX))),
    ids: v.optional(v.pipe(v.array(v.pipe(v.string(), v.maxLength(200))), v.maxLength(ON_NOW_ROWS_MAX))),
  }),
  findOnNow: v.strictObject({ query: v.pipe(v.string(), v.maxLength(200)), group: v.optional(groupId) }),
  lookupChannel: v.strictObject({ number: channelNumber }),
  getChannels: v.strictObject({ definition: v.boolean() }),
  updateSettings: v.strictObject({
    authStyle: v.optional(authStyle),
    pollSeconds: v.optional(pollSeconds),
    notifications: v.optional(v.partial(v.strictObject(NOTIFICATION_FIELDS))),
    launchAtLogin: v.optional(v.boolean()),
    language: v.optional(v.picklist(LANGUAGE_CHOICES)),
    shortcut: v.optional(v.partial(v.strictObject(SHORTCUT_FIELDS))),
    badgeServer: v.optional(v.nullable(serverId)),
  }),
  forgetServer: empty,
  leaveDemo: empty,
  getSchedule: v.strictObject({
    channelId,
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
  setFavourite: v.strictObject({ ...FAVOURITE_FIELDS, favourite: v.boolean() }),
  addReminder: v.strictObject(PROGRAMME_FIELDS),
  cancelReminder: v.strictObject({ id: shortText(100) }),
  follow: v.strictObject({ title, policy: v.optional(followPolicy) }),
  cancelTitleReminders: v.strictObject({ title }),
  unfollow: v.strictObject({ title }),
  getActivity: v.strictObject({ day: v.picklist(['today', 'yesterday']), user: v.optional(shortText(200)) }),
  updateFeatureSettings: v.strictObject({
    reminderLeadMinutes: v.optional(reminderLeadMinutes),
    health: v.optional(v.partial(v.strictObject(HEALTH_FIELDS))),
  }),
  settingsOpened: empty,
  addServer: v.strictObject({ ...connect.entries, name: v.optional(serverName) }),
  addAddress: v.strictObject({ id: serverId, address: addressText }),
  updateServer: v.strictObject({
    id: serverId,
    name: v.optional(v.pipe(serverName, v.minLength(1, 'a name'))),
    paused: v.optional(v.boolean()),
    address: v.optional(addressText),
  }),
  removeServer: v.strictObject({ id: serverId }),
  selectServer: v.strictObject({ id: serverId }),
  findLocalServer: empty,
  identifyServer: v.strictObject({ server: addressText }),
  getHistory: historyRequest,
  getHistoryPerson: v.pipe(
    v.strictObject({ ...historyRange, person: personRef }),
    v.check((r) => customRange(r), 'a custom range with its from before its to'),
  ),
  getHistoryMoment: v.pipe(
    v.strictObject({ from: instant, to: instant, server: v.optional(serverId), person: v.optional(personRef) }),
    v.check((r) => r.from < r.to, 'a column with its from before its to'),
  ),
  exportHistory: historyRequest,
  setHistoryRetention: v.strictObject({ days: v.picklist(HISTORY_RETENTION_DAYS) }),
  setHistoryDigest: v.strictObject({ enabled: v.boolean(), weekday: wholeIn(0, 6), hour: wholeIn(0, 23) }),
  clearHistory: empty,
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
