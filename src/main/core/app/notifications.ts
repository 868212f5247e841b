/**
 * Notification requests: the policy stepped on every viewer change (baseline, rejoin grace, quiet
 * hours, mutes), the bounded history the preview host shows, and the listeners that display them.
 */
import type { Clock } from '../../common/clock';
import { stepNotifications, type NotificationRequest, type PolicyMemory } from '../notify-policy';
import type { SettingsService } from '../settings';
import type { AppState } from '../state';
import { viewersOf } from '../viewers';

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
  #policy: PolicyMemory | null = null;
  readonly #history: NotificationRequest[] = [];
  readonly #listeners = new Set<(request: NotificationRequest) => void>();

  constructor(options: NotificationFeedOptions) {
    this.#options = options;
  }

  /** Requests raised so far, oldest first (at most NOTIFICATION_HISTORY). */
  get history(): readonly NotificationRequest[] {
    return this.#history;
  }

  listen(listener: (request: NotificationRequest) => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  /** The viewers changed: raises what the policy says is news. */
  step(state: AppState): void {
    const { clock, settings, minuteOfDay, log } = this.#options;
    const now = clock.now();
    const result = stepNotifications(this.#policy, {
      epoch: state.viewerEpoch,
      list: viewersOf(state),
      now,
      settings: settings.values.notifications,
      minuteOfDay: minuteOfDay(now),
      awaySince: state.awaySince,
      changedChannel: new Set(state.channelChanges),
    });
    this.#policy = result.memory;
    for (const { viewer, reason } of result.suppressed) log(`notification for ${viewer.key} not shown: ${reason}`);
    for (const request of result.requests) this.raise(request);
  }

  /** Raises a request made elsewhere (a reminder, a health alert): shown and kept like the rest. */
  raise(request: NotificationRequest): void {
    this.#history.push(request);
    if (this.#history.length > NOTIFICATION_HISTORY) this.#history.shift();
    for (const listener of [...this.#listeners]) listener(request);
  }

  /** Forgets who was watching (the server was forgotten): the next list is a baseline again. */
  forgetViewers(): void {
    this.#policy = null;
  }

  /** Releases every listener (the core is closing). */
  dispose(): void {
    this.#listeners.clear();
  }
}
