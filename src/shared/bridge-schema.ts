/**
 * Runtime checks of every bridge request, used by the hosts (Electron IPC and the preview's HTTP
 * bridge) before a handler runs. Types only protect the honest renderer; these protect main.
 */
import * as v from 'valibot';
import type { Command, RequestOf } from './bridge';

const empty = v.strictObject({});
const authStyle = v.picklist(['x-api-key', 'bearer']);
const shortText = (max: number) => v.pipe(v.string(), v.maxLength(max));
const clock = v.pipe(v.string(), v.regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'a time like 22:30'));

export const POLL_SECONDS = { min: 5, max: 300, default: 15 } as const;

const connect = v.strictObject({
  server: shortText(2048),
  apiKey: shortText(4096),
  authStyle,
});

const notifications = v.strictObject({
  enabled: v.optional(v.boolean()),
  quietHours: v.optional(v.nullable(v.strictObject({ start: clock, end: clock }))),
  mutedUsers: v.optional(v.pipe(v.array(shortText(200)), v.maxLength(200))),
  pausedUntil: v.optional(v.nullable(v.pipe(v.number(), v.integer(), v.minValue(0)))),
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
      v.strictObject({ enabled: v.optional(v.boolean()), accelerator: v.optional(shortText(100)) }),
    ),
  }),
  forgetServer: empty,
  openInBrowser: v.variant('kind', [
    v.strictObject({ kind: v.literal('server') }),
    v.strictObject({ kind: v.literal('url'), url: shortText(4096) }),
  ]),
  dismissNotice: v.strictObject({ id: shortText(100) }),
  hidePopover: empty,
  checkForUpdates: empty,
  openLogFolder: empty,
  quit: empty,
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
