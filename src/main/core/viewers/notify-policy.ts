import type { FocusTarget, NotificationSettings } from '../../../shared/bridge';
import { inQuietHours, notificationsHeld } from '../../../shared/notification-hold';
import { deviceName } from '../../../shared/device-label';
import { channelLabel } from '../../../shared/format';
import type { NotificationButton, NotificationSubject } from '../notifications/kinds';
import { listed, startedKey, startedOf, who, words } from '../notifications/words';
import { arrivalsWhileAway, awaySummaryText, changedChannel, departuresAcrossGap, recentDepartures, REJOIN_GRACE_MS } from './session-semantics';
import type { IdentityScheme, Viewer, ViewerList } from './viewers';
import { fnv1a } from '../../common/hash';
import { foldName } from '../../../shared/viewer-identity';

/**
 * Which viewer changes are news. Pure: memory in, memory out. The first list after start-up or
 * any reconnect (a new epoch) is a baseline; a changed identity scheme is one too. Several new
 * viewers in one update become one summary. Muted users, quiet hours, a pause and "off" are
 * honoured, and the viewers they hide count as seen, so they are not announced later either.
 * A new session of someone whose old session ended in the same update (a browser player changing
 * channel) is a channel change, never news.
 * Wording: a viewer on a bumper is named with the channel; a group on one programme is one sentence.
 */

export { REJOIN_GRACE_MS };

export interface PolicyMemory {
  epoch: number;
  scheme: IdentityScheme;
  /** key → person of everyone watching at the last update */
  present: ReadonlyMap<string, string>;
  /** person → when they were last seen leaving */
  departed: ReadonlyMap<string, number>;
}

export interface NotificationRequest {
  id: string;
  title: string;
  body: string;
  /** host-relative poster of the single viewer, fetched tokenless by the host */
  artworkUrl: string | null;
  /** where a click takes the popover */
  target: FocusTarget;
  /** the server it is about, when several are followed (its poster comes from there) */
  server?: string;
  at: number;
  /** what it is about, for its buttons (notifications/kinds.ts); none: a click opens `target`, nothing more */
  subject?: NotificationSubject;
  /** its buttons, from `subject` (set when it is raised) */
  buttons?: NotificationButton[];
}

export type SuppressReason = 'disabled' | 'paused' | 'quiet-hours' | 'muted' | 'rejoined' | 'channel-change';

export interface PolicyInput {
  epoch: number;
  list: ViewerList | null;
  now: number;
  settings: NotificationSettings;
  /** minutes since local midnight at `now` (injected so tests do not depend on the time zone) */
  minuteOfDay: number;
  /** on the first list of a new epoch (reconnect, wake): when the last successful sync before the gap was */
  awaySince?: number | null;
  /** viewers who changed channel since the last update (see channelChangeMarks) */
  changedChannel?: ReadonlySet<string>;
}

export interface PolicyResult {
  memory: PolicyMemory | null;
  requests: NotificationRequest[];
  /** the viewers who started since the last update (not after a gap: that summary is in `requests`) */
  news: Viewer[];
  suppressed: { viewer: Viewer; reason: SuppressReason }[];
}

export function stepNotifications(memory: PolicyMemory | null, input: PolicyInput): PolicyResult {
  const { list, now } = input;
  if (!list) return { memory, requests: [], news: [], suppressed: [] };
  const present = new Map(list.viewers.map((viewer) => [viewer.key, viewer.person]));
  if (!memory || memory.epoch !== input.epoch || memory.scheme !== list.scheme) return baseline(memory, list, input, present);

  const departed = recentDepartures(memory.departed, now);
  const people = new Set(present.values());
  // people whose session ended in this update: one of them on a new session restarted it
  const restarted = new Set<string>();
  for (const [key, person] of memory.present) if (!present.has(key)) restarted.add(person);

  const news: Viewer[] = [];
  const suppressed: PolicyResult['suppressed'] = [];
  for (const viewer of list.viewers) {
    if (memory.present.has(viewer.key)) continue;
    if (changedChannel(viewer, input.changedChannel) || restarted.has(viewer.person)) {
      suppressed.push({ viewer, reason: 'channel-change' });
      continue;
    }
    const left = departed.get(viewer.person);
    if (left !== undefined && now - left <= REJOIN_GRACE_MS) {
      suppressed.push({ viewer, reason: 'rejoined' });
      continue;
    }
    const reason = suppressionReason(viewer, input);
    if (reason) suppressed.push({ viewer, reason });
    else news.push(viewer);
  }
  // Everyone who was here and is not any more has just left (unless the same person is still on).
  for (const [key, person] of memory.present) {
    if (!present.has(key) && !people.has(person)) departed.set(person, now);
  }

  return {
    memory: { epoch: input.epoch, scheme: list.scheme, present, departed },
    requests: news.length === 0 ? [] : [composeStarts(news, now)],
    news,
    suppressed,
  };
}

/**
 * A new baseline (start-up, a reconnect or wake, a changed identity scheme): nobody present is
 * news, except, after a gap, those who started while the app was not looking, in one summary.
 * Recent departures carry over, so someone back within a minute is not new after a reconnect.
 */
function baseline(memory: PolicyMemory | null, list: ViewerList, input: PolicyInput, present: Map<string, string>): PolicyResult {
  const departed = departuresAcrossGap(memory, list, input.now);
  const gap = memory !== null && memory.epoch !== input.epoch && input.awaySince != null;
  const news: Viewer[] = [];
  const suppressed: PolicyResult['suppressed'] = [];
  for (const viewer of gap ? arrivalsWhileAway(list, input.awaySince as number, memory, input.now) : []) {
    const reason = suppressionReason(viewer, input);
    if (reason) suppressed.push({ viewer, reason });
    else news.push(viewer);
  }
  return {
    memory: { epoch: input.epoch, scheme: list.scheme, present, departed },
    requests: news.length === 0 ? [] : [composeAway(news, input.now)],
    news: [],
    suppressed,
  };
}

function composeAway(news: Viewer[], now: number): NotificationRequest {
  const { title, body } = awaySummaryText(news);
  const single = news.length === 1 ? (news[0] as Viewer) : null;
  return {
    id: `${now.toString(36)}-away-${fnv1a(news.map((viewer) => viewer.key).sort().join('\n'))}`,
    title,
    body,
    artworkUrl: single?.artworkUrl ?? null,
    // what happened while away is in the Activity log (tagged so), whoever has left since
    target: { view: 'activity', section: 'log' },
    at: now,
    subject: { kind: 'viewers', users: people(news), keys: news.map((viewer) => viewer.key) },
  };
}

/** Why `viewer` is not to be announced now (off, paused, quiet hours, muted), or null; the feed asks again when it says a follow-up. */
export function suppressionReason(viewer: Viewer, input: Pick<PolicyInput, 'settings' | 'now' | 'minuteOfDay'>): SuppressReason | null {
  const { settings, now } = input;
  const held = notificationsHeld(settings, now, input.minuteOfDay);
  if (held) return held;
  const user = foldName(viewer.user);
  if (settings.mutedUsers.some((muted) => foldName(muted) === user)) return 'muted';
  if (settings.mutedUntil?.some((muted) => muted.until > now && foldName(muted.name) === user)) return 'muted';
  return null;
}

/** Quiet hours (src/shared/notification-hold.ts), here too for the policy's tests and the soak. */
export { inQuietHours };

/** Each person once (one name on two devices is one person), in the order they started. */
export function people(news: readonly Viewer[]): string[] {
  const seen = new Set<string>();
  const users: string[] = [];
  for (const viewer of news) {
    const folded = foldName(viewer.user);
    if (seen.has(folded)) continue;
    seen.add(folded);
    users.push(viewer.user);
  }
  return users;
}

/** Up to this many programmes are named in a mixed group's body. */
const PROGRAMMES_SHOWN = 3;

/** "101 90s Sitcoms · iPhone 15": where one viewer is (unless the title names the channel) and on what device. */
function whereAndDevice(viewer: Viewer): string {
  const channel = viewer.onBumper || viewer.nothingOn ? null : channelLabel(viewer.channelNumber, viewer.channelName);
  return [channel, deviceName(viewer.device)].filter(Boolean).join(' · ') || words.seeMore;
}

/** What a group started, for a mixed group's body: programmes and channels with nothing on, each once. */
function startedItems(news: readonly Viewer[]): string[] {
  const items = new Set<string>();
  for (const viewer of news) {
    const started = startedOf(viewer);
    if (started.kind === 'programme' && started.what) items.add(started.what);
    else if (started.kind === 'nothing-on' && started.channel) items.add(words.nothingOnItem(started.channel));
  }
  return [...items];
}

/**
 * One notification for the viewers who started, worded from their records as given (the feed
 * gives the records as they are when it is said): one person with what, where and on which device;
 * a group on one programme (or one channel with nothing on) in one sentence; a mixed group by who,
 * with what they started in the body. Each person is named at most once. `also`: a follow-up to a
 * notification said moments ago ("Ann, Bob and 3 others also started watching").
 */
export function composeStarts(news: Viewer[], now: number, also = false): NotificationRequest {
  const id = `${now.toString(36)}-${fnv1a(news.map((viewer) => viewer.key).sort().join('\n'))}`;
  const users = people(news);
  const subject: NotificationSubject = { kind: 'viewers', users, keys: news.map((viewer) => viewer.key) };
  const first = news[0] as Viewer;
  const started = startedOf(first);
  if (news.length === 1) {
    return {
      id,
      title: words.started(first.user, started, 1, also),
      body: whereAndDevice(first),
      artworkUrl: first.nothingOn ? null : first.artworkUrl,
      target: { view: 'watching', viewer: first.key },
      at: now,
      subject,
    };
  }
  // A group on the same programme (a family on the sofa, one film) reads as one sentence.
  const together = startedKey(started);
  const same = (started.kind === 'nothing-on' || started.what !== null) && news.every((viewer) => startedKey(startedOf(viewer)) === together);
  if (same) {
    const sameChannel = news.every((viewer) => viewer.channelNumber === first.channelNumber);
    const titledByChannel = first.onBumper || started.kind === 'nothing-on';
    return {
      id,
      title: words.started(who(users), started, users.length, also),
      body: (sameChannel && !titledByChannel ? channelLabel(first.channelNumber, first.channelName) : null) ?? words.seeMore,
      artworkUrl: started.kind === 'nothing-on' ? null : first.artworkUrl,
      target: { view: 'watching' },
      at: now,
      subject,
    };
  }
  const items = startedItems(news);
  const shown = items.slice(0, PROGRAMMES_SHOWN);
  return {
    id,
    title: words.started(who(users), { kind: 'programme', what: null }, users.length, also),
    body: shown.length === 0 ? words.seeMore : items.length <= PROGRAMMES_SHOWN ? listed(shown) : words.andMore(shown, items.length - shown.length),
    artworkUrl: null,
    target: { view: 'watching' },
    at: now,
    subject,
  };
}
