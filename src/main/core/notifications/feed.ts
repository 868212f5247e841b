/**
 * Notification requests: the viewer policy stepped on every viewer change (baseline, rejoin grace,
 * quiet hours, mutes), the storm rules (storms.ts: the first start after a quiet spell said at
 * once and the starts of the next 10 s in one follow-up, reminders of one minute gathered, a
 * flapping server said once), each request's buttons (kinds.ts), the bounded history the preview
 * host shows and a button's command is looked up in, and the listeners that display them.
 * A follow-up is worded from the viewers' records as they are when it is said (the server's
 * latest list, held here): someone who left meanwhile is not announced, someone who changed
 * channel is announced where they are now, and a mute, pause or quiet hours begun meanwhile holds.
 */
import { boundText, displaySafe, TEXT_LIMITS } from '../../../shared/text';
import type { Clock } from '../../common/clock';
import { Emitter } from '../../common/emitter';
import { composeStarts, people, stepNotifications, suppressionReason, type NotificationRequest, type PolicyMemory } from '../viewers/notify-policy';
import type { SettingsService } from '../settings/settings';
import { ONLY_SERVER, type AppState, type ServerTag } from '../state';
import { viewersOf, type Viewer, type ViewerList } from '../viewers/viewers';
import { foldName } from '../../../shared/viewer-identity';
import { buttonsFor } from './kinds';
import { composeReminders, reminderMinute } from './reminder-group';
import { FlapGate, Gatherer, GATHER_MS, type Turn } from './storms';
import { words } from './words';

/** How many notification requests are kept for the preview host's `/__preview/notifications`. */
export const NOTIFICATION_HISTORY = 200;

export interface NotificationFeedOptions {
  clock: Clock;
  settings: SettingsService;
  minuteOfDay: (ms: number) => number;
  log: (line: string) => void;
  /** after a start notification, how long the starts that follow are gathered (and reminders of one minute held); GATHER_MS by default */
  gatherMs?: number;
}

export class NotificationFeed {
  readonly #options: NotificationFeedOptions;
  /** the policy's memory per server (slot id) */
  readonly #policies = new Map<string, PolicyMemory | null>();
  readonly #history: NotificationRequest[] = [];
  readonly #raised = new Emitter<NotificationRequest>();
  readonly #starts: Gatherer<Viewer>;
  /** each server's latest viewer list and tag, for wording a follow-up as things are when it is said */
  readonly #latest = new Map<string, { list: ViewerList | null; server: ServerTag }>();
  /** the people each server's current run of start notifications has named (a run: the first after a quiet spell and its follow-ups) */
  readonly #named = new Map<string, Set<string>>();
  readonly #reminders: Gatherer<NotificationRequest>;
  readonly #flaps = new FlapGate();

  constructor(options: NotificationFeedOptions) {
    this.#options = options;
    this.#starts = new Gatherer(options.clock, options.gatherMs ?? GATHER_MS, 'at-once');
    this.#reminders = new Gatherer(options.clock, options.gatherMs ?? GATHER_MS);
  }

  /** Requests raised so far, oldest first (at most NOTIFICATION_HISTORY). */
  get history(): readonly NotificationRequest[] {
    return this.#history;
  }

  /** A request still in the history, by id (what a notification's button names). */
  find(id: string): NotificationRequest | null {
    for (let i = this.#history.length - 1; i >= 0; i--) if (this.#history[i]!.id === id) return this.#history[i]!;
    return null;
  }

  listen(listener: (request: NotificationRequest) => void): () => void {
    return this.#raised.event(listener);
  }

  /**
   * A server's viewers changed: what the policy says is news is said at once when the server has
   * been quiet for GATHER_MS, else gathered into the follow-up said when that window ends; the
   * summary after a gap is said at once. With several servers followed (`label` set) each
   * notification names the server and its click lands on that server's viewer.
   */
  step(state: AppState, server: ServerTag = ONLY_SERVER): void {
    const { clock, settings, minuteOfDay, log } = this.#options;
    const now = clock.now();
    const list = viewersOf(state);
    this.#latest.set(server.id, { list, server });
    const result = stepNotifications(this.#policies.get(server.id) ?? null, {
      epoch: state.viewerEpoch,
      list,
      now,
      settings: settings.values.notifications,
      minuteOfDay: minuteOfDay(now),
      awaySince: state.awaySince,
      changedChannel: new Set(state.channelChanges),
    });
    this.#policies.set(server.id, result.memory);
    for (const { viewer, reason } of result.suppressed) log(`notification for ${viewer.key} not shown: ${reason}`);
    const labelled = (request: NotificationRequest) => (server.label === null ? request : onServer(request, server.id, server.label));
    if (result.news.length > 0) {
      this.#starts.add(`${server.id}\n`, result.news, (news, turn) => this.#sayStarts(server.id, news, turn));
      return;
    }
    for (const request of result.requests) this.#show(labelled(request));
  }

  /**
   * Raises a request made elsewhere (a reminder, a health alert): reminders of one minute are
   * gathered, a server's away and back go through the flap gate, the rest is shown at once.
   */
  raise(request: NotificationRequest): void {
    const now = this.#options.clock.now();
    const subject = request.subject;
    if (subject?.kind === 'server-away' && !this.#flaps.away(subject.server, now)) return this.#options.log(`notification not shown (the server flaps): ${request.title}`);
    if (subject?.kind === 'server-back' && !this.#flaps.back(subject.server, now)) return this.#options.log(`notification not shown (the server flaps): ${request.title}`);
    const minute = reminderMinute(request);
    if (minute !== null) return this.#reminders.add(String(minute), [request], (gathered) => this.#show(composeReminders(gathered, this.#options.clock.now())));
    this.#show(request);
  }

  /** Forgets who was watching on a server (or on all): its next list is a baseline again, and what was being gathered for it goes unsaid. */
  forgetViewers(id?: string): void {
    for (const memory of [this.#policies, this.#latest, this.#named]) {
      if (id === undefined) memory.clear();
      else memory.delete(id);
    }
    this.#starts.drop(id === undefined ? '' : `${id}\n`);
    this.#flaps.forget(id);
  }

  /** Releases every listener and what was being gathered (the core is closing). */
  dispose(): void {
    this.#starts.drop();
    this.#reminders.drop();
    this.#raised.dispose();
  }

  /**
   * Starts on server `id`: the first after a quiet spell as the policy just read them; a
   * follow-up from the records as they are now, without those who left, those a mute, pause or
   * quiet hours now hold back, and anyone this run has named already. False: nothing was said.
   */
  #sayStarts(id: string, gathered: Viewer[], turn: Turn): boolean {
    const { clock, settings, minuteOfDay, log } = this.#options;
    const now = clock.now();
    const latest = this.#latest.get(id);
    if (!latest) return false;
    if (turn === 'first') this.#named.set(id, new Set());
    const named = this.#named.get(id) ?? new Set<string>();
    let news = gathered;
    if (turn === 'follow-up') {
      const input = { settings: settings.values.notifications, now, minuteOfDay: minuteOfDay(now) };
      news = [];
      for (const viewer of asTheyAreNow(gathered, latest.list)) {
        const reason = suppressionReason(viewer, input);
        if (reason) log(`notification for ${viewer.key} not shown: ${reason}`);
        else if (!named.has(foldName(viewer.user))) news.push(viewer);
      }
      if (news.length === 0) return false;
    }
    for (const user of people(news)) named.add(foldName(user));
    this.#named.set(id, named);
    const request = composeStarts(news, now, turn === 'follow-up');
    const { server } = latest;
    this.#show(server.label === null ? request : onServer(request, server.id, server.label));
    return true;
  }

  #show(raised: NotificationRequest): void {
    const request = { ...shownText(raised), buttons: buttonsFor(raised.subject).map((button) => ({ ...button, label: displaySafe(button.label) })) };
    this.#history.push(request);
    if (this.#history.length > NOTIFICATION_HISTORY) this.#history.shift();
    this.#raised.fire(request);
  }
}

/** A notification's words as shown: no control or bidi character, and never longer than the limits. */
function shownText(request: NotificationRequest): NotificationRequest {
  return {
    ...request,
    title: boundText(displaySafe(request.title), TEXT_LIMITS.notificationTitle),
    body: boundText(displaySafe(request.body), TEXT_LIMITS.notificationBody),
  };
}

/** "James started watching Friends on Home", landing on that server's viewer. */
export function onServer(request: NotificationRequest, id: string, label: string): NotificationRequest {
  const target = request.target.view === 'watching' ? { ...request.target, server: id } : request.target;
  return { ...request, id: `${id}:${request.id}`, title: words.onServer(request.title, label), target, server: id };
}

/**
 * The gathered viewers as the server's latest list has them: the same session (or user on a
 * device), else the same person on a new session (a browser player restarts its session when it
 * changes channel); someone in neither has left and is not announced. Each record is used once.
 */
function asTheyAreNow(gathered: readonly Viewer[], list: ViewerList | null): Viewer[] {
  if (!list) return [];
  const byKey = new Map<string, Viewer>();
  const byPerson = new Map<string, Viewer[]>();
  const gatheredKeys = new Set(gathered.map((viewer) => viewer.key));
  for (const viewer of list.viewers) {
    byKey.set(viewer.key, viewer);
    // a new session of a gathered person: not one of the gathered sessions themselves
    if (gatheredKeys.has(viewer.key)) continue;
    const same = byPerson.get(viewer.person);
    if (same) same.push(viewer);
    else byPerson.set(viewer.person, [viewer]);
  }
  const now: Viewer[] = [];
  for (const viewer of gathered) {
    const current = byKey.get(viewer.key) ?? byPerson.get(viewer.person)?.shift();
    if (current) now.push(current);
  }
  return now;
}
