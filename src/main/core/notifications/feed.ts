/**
 * Notification requests: the viewer policy stepped on every viewer change (baseline, rejoin grace,
 * quiet hours, mutes), the storm rules (storms.ts: starts within 10 s and reminders of one minute
 * gathered, a flapping server said once), each request's buttons (kinds.ts), the bounded history
 * the preview host shows and a button's command is looked up in, and the listeners that display them.
 */
import { boundText, displaySafe, TEXT_LIMITS } from '../../../shared/text';
import type { Clock } from '../../common/clock';
import { Emitter } from '../../common/emitter';
import { composeStarts, stepNotifications, type NotificationRequest, type PolicyMemory } from '../viewers/notify-policy';
import type { SettingsService } from '../settings/settings';
import { ONLY_SERVER, type AppState, type ServerTag } from '../state';
import type { Viewer } from '../viewers/viewers';
import { viewersOf } from '../viewers/watching';
import { buttonsFor } from './kinds';
import { composeReminders, reminderMinute } from './reminder-group';
import { FlapGate, Gatherer, GATHER_MS } from './storms';
import { words } from './words';

/** How many notification requests are kept for the preview host's `/__preview/notifications`. */
export const NOTIFICATION_HISTORY = 200;

export interface NotificationFeedOptions {
  clock: Clock;
  settings: SettingsService;
  minuteOfDay: (ms: number) => number;
  log: (line: string) => void;
  /** how long starts (and reminders of one minute) are gathered; GATHER_MS by default */
  gatherMs?: number;
}

export class NotificationFeed {
  readonly #options: NotificationFeedOptions;
  /** the policy's memory per server (slot id) */
  readonly #policies = new Map<string, PolicyMemory | null>();
  readonly #history: NotificationRequest[] = [];
  readonly #raised = new Emitter<NotificationRequest>();
  readonly #starts: Gatherer<Viewer>;
  readonly #reminders: Gatherer<NotificationRequest>;
  readonly #flaps = new FlapGate();

  constructor(options: NotificationFeedOptions) {
    this.#options = options;
    this.#starts = new Gatherer(options.clock, options.gatherMs ?? GATHER_MS);
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
   * A server's viewers changed: what the policy says is news is gathered for GATHER_MS (starts
   * on one server close together are one notification); the summary after a gap is said at once.
   * With several servers followed (`label` set) each notification names the server and its click
   * lands on that server's viewer.
   */
  step(state: AppState, server: ServerTag = ONLY_SERVER): void {
    const { clock, settings, minuteOfDay, log } = this.#options;
    const now = clock.now();
    const result = stepNotifications(this.#policies.get(server.id) ?? null, {
      epoch: state.viewerEpoch,
      list: viewersOf(state),
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
      this.#starts.add(`${server.id}\n`, result.news, (news) => this.#show(labelled(composeStarts(news, clock.now()))));
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
    if (id === undefined) this.#policies.clear();
    else this.#policies.delete(id);
    this.#starts.drop(id === undefined ? '' : `${id}\n`);
    this.#flaps.forget(id);
  }

  /** Releases every listener and what was being gathered (the core is closing). */
  dispose(): void {
    this.#starts.drop();
    this.#reminders.drop();
    this.#raised.dispose();
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
