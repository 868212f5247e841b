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
  MAX_CHANNEL_NUMBER,
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
const historySpan = v.strictObject({ span: v.picklist(HISTORY_SPANS), server: v.optional(serverId) });
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
    from: wholeIn(0, MAX_CHANNEL_NUMBER),
    to: wholeIn(0, MAX_CHANNEL_NUMBER),
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
    from: v.optional(wholeIn(0, MAX_CHANNEL_NUMBER)),
    to: v.optional(wholeIn(0, MAX_CHANNEL_NUMBER)),
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
  getHistory: historySpan,
  getHistoryMoment: v.strictObject({ at: instant, server: v.optional(serverId) }),
  exportHistory: historySpan,
  setHistoryRetention: v.strictObject({ days: v.picklist(HISTORY_RETENTION_DAYS) }),
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
