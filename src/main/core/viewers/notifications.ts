/**
 * Notification requests: the policy stepped on every viewer change (baseline, rejoin grace, quiet
 * hours, mutes), the bounded history the preview host shows, and the listeners that display them.
 */
import { boundText, displaySafe, TEXT_LIMITS } from '../../../shared/text';
import type { Clock } from '../../common/clock';
import { Emitter } from '../../common/emitter';
import { stepNotifications, type NotificationRequest, type PolicyMemory } from './notify-policy';
import type { SettingsService } from '../settings/settings';
import { ONLY_SERVER, type AppState, type ServerTag } from '../state';
import { viewersOf } from './viewers';

/** How many notification requests are kept for the preview host's `/__preview/notifications`. */
export const NOTIFICATION_HISTORY = 200;

export interface NotificationFeedOptions {
  clock: Clock;
  settings: SettingsService;
  minuteOfDay: (ms: number) => number;
  log: (line: string) => void;
}

export class NotificationFeed {
  readonly #options: NotificationFeedOptions;
  /** the policy's memory per server (slot id) */
  readonly #policies = new Map<string, PolicyMemory | null>();
  readonly #history: NotificationRequest[] = [];
  readonly #raised = new Emitter<NotificationRequest>();

  constructor(options: NotificationFeedOptions) {
    this.#options = options;
  }

  /** Requests raised so far, oldest first (at most NOTIFICATION_HISTORY). */
  get history(): readonly NotificationRequest[] {
    return this.#history;
  }

  listen(listener: (request: NotificationRequest) => void): () => void {
    return this.#raised.event(listener);
  }

  /**
   * A server's viewers changed: raises what the policy says is news. With several servers followed
   * (`label` set) each notification names the server and its click lands on that server's viewer.
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
    for (const request of result.requests) this.raise(server.label === null ? request : onServer(request, server.id, server.label));
  }

  /** Raises a request made elsewhere (a reminder, a health alert): shown and kept like the rest. */
  raise(raised: NotificationRequest): void {
    const request = shownText(raised);
    this.#history.push(request);
    if (this.#history.length > NOTIFICATION_HISTORY) this.#history.shift();
    this.#raised.fire(request);
  }

  /** Forgets who was watching on a server (or on all): its next list is a baseline again. */
  forgetViewers(id?: string): void {
    if (id === undefined) this.#policies.clear();
    else this.#policies.delete(id);
  }

  /** Releases every listener (the core is closing). */
  dispose(): void {
    this.#raised.dispose();
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
  return { ...request, id: `${id}:${request.id}`, title: `${request.title} on ${label}`, target, server: id };
}
