/**
 * The fields the app keeps and the popover may change, each with its limits, written once: the
 * settings and a server entry's fields, the programme a reminder names, a starred channel, a
 * followed title and the features' settings. The bridge checks requests with these schemas
 * (bridge-schema.ts) and the core reads its files with shapes built from them (tolerant.ts), so a
 * limit cannot differ between what the popover may ask and what a file may hold.
 */
import * as v from 'valibot';
import { acceleratorProblem, isAccelerator } from './accelerator';
import { channelNumber as contractChannelNumber, GUIDE_FORWARD_MINUTES, isoTime } from './airwave';
import { GROUP_LIMITS } from './bridge-groups';
import { parseServerUrl } from './server-url';

// ------------------------------------------------------------ limits

/** 20 s by default: fewer requests than Home Assistant's two sensors every 30 s (240 an hour), at a better p95 (bench:sync) */
export const POLL_SECONDS = { min: 5, max: 300, default: 20 } as const;
/** Minutes before a programme that its reminder fires. */
export const REMINDER_LEAD_MINUTES = { min: 0, max: 60, default: 2 } as const;
/** Minutes a server is unreachable before the alert. */
export const UNREACHABLE_MINUTES = { min: 1, max: 120, default: 5 } as const;
export const MAX_ADDRESS_CHARS = 2048;
export const MAX_KEY_CHARS = 4096;
/** Muted viewer names: how many, and how long each. */
export const MUTED_NAMES = { max: 200, chars: 200 } as const;
export const MAX_SERVER_NAME = 80;
/** A server entry's local id ("srv-…", "demo"). */
export const SERVER_ID = /^[a-z0-9-]{1,40}$/;
export const MAX_TITLE = 300;
/** The most rows a range of rows may name (On now, the guide): a bound on a list, not on a channel's number (that is the contract's, airwave/schema.ts). */
export const MAX_ROW_INDEX = 1_000_000;
/** Latest time in ms a JavaScript Date can hold. */
export const MAX_TIME = 8.64e15;

// ------------------------------------------------------------ building blocks

export const shortText = (max: number) => v.pipe(v.string(), v.maxLength(max));
export const wholeIn = (min: number, max: number) => v.pipe(v.number(), v.integer(), v.minValue(min), v.maxValue(max));
const within = (bounds: { min: number; max: number }) => wholeIn(bounds.min, bounds.max);
/** A time in ms since the epoch. */
export const instant = wholeIn(0, MAX_TIME);

// ------------------------------------------------------------ settings

export const authStyle = v.picklist(['x-api-key', 'bearer']);
/** How the key is sent: `X-API-Key: <key>` or `Authorization: Bearer <key>`. */
export type AuthStyle = v.InferOutput<typeof authStyle>;
export const pollSeconds = within(POLL_SECONDS);
export const guideForwardMinutes = within(GUIDE_FORWARD_MINUTES);
/** An address as typed (what is wrong with it is said by the connection test). */
export const addressText = shortText(MAX_ADDRESS_CHARS);
/** An address as kept: one the app can follow. */
export const address = v.pipe(addressText, v.check((text) => parseServerUrl(text).ok, 'a server address'));
export const apiKeyText = shortText(MAX_KEY_CHARS);
export const serverId = v.pipe(v.string(), v.regex(SERVER_ID, 'a server id'));
export const serverName = v.pipe(v.string(), v.trim(), v.maxLength(MAX_SERVER_NAME));
export const clockTime = v.pipe(v.string(), v.regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'a time like 22:30'));

export const NOTIFICATION_FIELDS = {
  enabled: v.boolean(),
  quietHours: v.nullable(v.object({ start: clockTime, end: clockTime })),
  mutedUsers: v.pipe(v.array(shortText(MUTED_NAMES.chars)), v.maxLength(MUTED_NAMES.max)),
  /** names muted until a time ("Mute James for a day" on a notification); past entries are ignored */
  mutedUntil: v.pipe(v.array(v.object({ name: shortText(MUTED_NAMES.chars), until: instant })), v.maxLength(MUTED_NAMES.max)),
  /** how far ahead a pause may go is the settings service's rule (MAX_PAUSE_MS) */
  pausedUntil: v.nullable(instant),
};

/**
 * A global shortcut in the one grammar (accelerator.ts). The issue's message is internal (the
 * problem's kind, for a log): no one is shown a validator's sentence; a person reads the
 * catalogue's `settings.shortcutProblem` (accelerator-words.ts).
 */
export const accelerator = v.pipe(
  v.string(),
  v.check((text) => isAccelerator(text), (issue) => `not a shortcut (${acceleratorProblem(String(issue.input))?.kind ?? 'unknown'})`),
);

export const SHORTCUT_FIELDS = { enabled: v.boolean(), accelerator };

// ------------------------------------------------------------ features

export const channelId = v.pipe(shortText(200), v.minLength(1));
/** Any whole number a server may give a channel (issue 48: bounded by length, not by value; the contract's one rule). */
export const channelNumber = contractChannelNumber;
export const channelName = shortText(300);
/** A programme or a followed title as the user gives it. */
export const title = v.pipe(v.string(), v.trim(), v.minLength(1, 'a title'), v.maxLength(MAX_TITLE));

/** Which airings of a followed title are reminded (see FollowPolicy in bridge-features.ts). */
export const followPolicy = v.picklist(['first', 'every']);

/** One programme on one channel, as "Remind me" names it and a reminder or an airing keeps it. */
export const PROGRAMME_FIELDS = {
  channelId,
  channelNumber,
  channelName,
  title,
  showTitle: v.nullable(shortText(MAX_TITLE)),
  ratingKey: v.nullable(shortText(200)),
  startsAt: isoTime,
  endsAt: isoTime,
};

/** A channel group the popover may filter by: a package id, or OTHER_GROUP (bridge-groups.ts). */
export const groupId = v.pipe(shortText(GROUP_LIMITS.id), v.minLength(1));

/** A starred channel, as the popover names it. */
export const FAVOURITE_FIELDS = { channelId, channelNumber, channelName };

export const reminderLeadMinutes = within(REMINDER_LEAD_MINUTES);

export const HEALTH_FIELDS = {
  unreachable: v.boolean(),
  unreachableMinutes: within(UNREACHABLE_MINUTES),
  keyRejected: v.boolean(),
  versionChanged: v.boolean(),
  streamFull: v.boolean(),
  webhookDisabled: v.boolean(),
};
