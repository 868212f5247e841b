/**
 * Reminders: "remind me" on a programme, kept in reminders.json, with one timer on the injected
 * clock for the next one due. Shortly before it fires the programme is checked; a check that has not
 * answered within CHECK_WAIT_MS (many reminders due together wait their turn under the background
 * request limit) fires from what is held, and a later answer that the programme moved or went is
 * told after as a correction. A reminder that fell due while the computer slept or the app was
 * closed is reported once as missed, never fired late.
 */
import * as v from 'valibot';
import type { ProgrammeRef, Reminder } from '../../../shared/bridge';
import { programmeTitle } from '../../../shared/format';
import { instant, PROGRAMME_FIELDS, serverId, serverName, shortText } from '../../../shared/shapes';
import { eachKept, orDefault } from '../../../shared/tolerant';
import type { Clock, TimerHandle } from '../../common/clock';
import { fnv1a } from '../../common/hash';
import type { NotificationRequest } from '../viewers/notify-policy';
import type { FeatureStore } from './json-store';
import type { CheckOutcome } from './schedule-check';
import { minOf } from '../../../shared/extent';
import { firedNotice, missedNotice, reminderWords, type MissedReason } from './reminder-words';

export const REMINDERS_FILE = 'reminders.json';
export const MAX_REMINDERS = 200;
/** Cancelled watchlist reminders remembered (so a scan does not make them again) until they end. */
const MAX_CANCELLED = 500;
/** A reminder whose moment passed longer ago than this was missed (the process was asleep). */
export const MISSED_GRACE_MS = 60_000;
/** The timer never waits longer than this, so a clock that jumped is noticed within it. */
const MAX_WAIT_MS = 15 * 60_000;
/** A reminder fires at most this long after it fell due, whether or not its check has answered. */
export const CHECK_WAIT_MS = 10_000;

export interface RemindersOptions {
  clock: Clock;
  store: FeatureStore;
  /** minutes before the start that a reminder fires */
  leadMinutes: () => number;
  /** is the programme still where the reminder expects it? (rejects are read as "unknown") */
  check: (reminder: Reminder) => Promise<CheckOutcome>;
  notify: (request: NotificationRequest) => void;
  /** the server shown now: a reminder set is for a programme on it ({ id, name }; null without servers) */
  server?: () => { id: string; name: string } | null;
  /** a reminder's server, named in its notification when several servers are followed (null: not named) */
  serverLabel?: (reminder: Reminder) => string | null;
  changed: () => void;
  /** reminders left the list by firing or being missed (a followed title may have room for the next) */
  gone?: () => void;
  problem: (text: string) => void;
  log: (line: string) => void;
}

export type { MissedReason } from './reminder-words';

export class Reminders {
  readonly #o: RemindersOptions;
  #list: Reminder[];
  /** watchlist reminders the user cancelled: id → when the programme ends */
  #cancelled: Map<string, number>;
  readonly #firing = new Set<string>();
  #timer: TimerHandle | null = null;
  #suspended = false;
  #disposed = false;

  constructor(options: RemindersOptions) {
    this.#o = options;
    const loaded = options.store.read(REMINDERS_FILE, REMINDERS_SCHEMA);
    if (loaded.problem) options.problem(loaded.problem);
    // the id is always the one its programme and server give (never trusted from the file)
    this.#list = sortByStart((loaded.value?.reminders ?? []).map((r) => ({ ...r, id: reminderId(r, r.server) })));
    this.#cancelled = new Map(loaded.value?.cancelled ?? []);
  }

  /** Starts timing; what fell due while the app was closed is reported now, once. */
  start(): void {
    this.#tick('closed');
  }

  /** Upcoming reminders, soonest first; a new array after every change. */
  get list(): Reminder[] {
    return this.#list;
  }

  /** When `reminder` fires: `lead` minutes before the start, or at once if it was set later than that. */
  fireAt(reminder: Reminder): number {
    return Math.max(Date.parse(reminder.startsAt) - this.#o.leadMinutes() * 60_000, reminder.addedAt);
  }

  /** Sets a reminder; a string says why not. Setting the same one twice returns the first. */
  add(ref: ProgrammeRef, from: Reminder['from']): Reminder | string {
    const now = this.#o.clock.now();
    const server = this.#o.server?.() ?? null;
    const id = reminderId(ref, server?.id);
    const held = this.#list.find((r) => r.id === id);
    if (held) return held;
    if (from === 'watchlist' && this.#cancelled.has(id)) return reminderWords.cancelledOne();
    if (Date.parse(ref.startsAt) <= now) return reminderWords.alreadyStarted(programmeTitle(ref));
    if (this.#list.length >= MAX_REMINDERS) return reminderWords.tooMany(MAX_REMINDERS);
    const reminder: Reminder = { ...pickRef(ref), id, from, addedAt: now, ...(server ? { server: server.id, serverName: server.name } : {}) };
    this.#list = sortByStart([...this.#list, reminder]);
    this.#cancelled.delete(id);
    this.#saved();
    return reminder;
  }

  cancel(id: string): boolean {
    const reminder = this.#list.find((r) => r.id === id);
    if (!reminder) return false;
    this.#list = this.#list.filter((r) => r.id !== id);
    if (reminder.from === 'watchlist') this.#rememberCancelled(reminder);
    this.#saved();
    return true;
  }

  /**
   * Cancels at once every reminder `drop` picks, as the user (those the watchlist made are not
   * made again); returns how many went.
   */
  cancelMany(drop: (reminder: Reminder) => boolean): number {
    const gone = this.#list.filter(drop);
    if (gone.length === 0) return 0;
    this.#list = this.#list.filter((r) => !gone.includes(r));
    for (const reminder of gone) if (reminder.from === 'watchlist') this.#rememberCancelled(reminder);
    this.#saved();
    return gone.length;
  }

  /** Drops the reminders `drop` picks (e.g. those of a title no longer followed). */
  cancelWhere(drop: (reminder: Reminder) => boolean): void {
    const next = this.#list.filter((r) => !drop(r));
    if (next.length === this.#list.length) return;
    this.#list = next;
    this.#saved();
  }

  /**
   * "Snooze" on a reminder's notification: the fired reminder is set again, to fire `ms` from now
   * (its programme's start minus the lead, when that is later). Not for a programme that will have
   * ended by then, nor one reminded already; false when nothing was set.
   */
  snooze(reminder: Reminder, ms: number): boolean {
    const now = this.#o.clock.now();
    if (Date.parse(reminder.endsAt) <= now + ms || this.#list.length >= MAX_REMINDERS) return false;
    if (this.#list.some((r) => r.id === reminder.id)) return false;
    this.#list = sortByStart([...this.#list, { ...reminder, addedAt: now + ms }]);
    this.#saved();
    return true;
  }

  /** Is this programme reminded (or was its watchlist reminder cancelled)? */
  has(ref: ProgrammeRef): boolean {
    const id = reminderId(ref, this.#o.server?.()?.id);
    return this.#list.some((r) => r.id === id);
  }

  /** The notification with the reminder's server named (several servers followed). */
  #named(request: NotificationRequest, reminder: Reminder | null): NotificationRequest {
    const label = reminder ? (this.#o.serverLabel?.(reminder) ?? null) : null;
    return label ? { ...request, body: `${request.body} · ${label}` } : request;
  }

  /** The lead time changed: the next timer moves with it. */
  reschedule(): void {
    this.#schedule();
  }

  /** The computer sleeps: no timer until `resume`. */
  suspend(): void {
    this.#suspended = true;
    this.#timer?.cancel();
    this.#timer = null;
  }

  /** Back from sleep: what fell due meanwhile is reported as missed, the rest is timed again. */
  resume(): void {
    if (!this.#suspended) return;
    this.#suspended = false;
    this.#tick('asleep');
  }

  dispose(): void {
    this.#disposed = true;
    this.#timer?.cancel();
    this.#timer = null;
  }

  // ------------------------------------------------------------ timing

  #schedule(): void {
    this.#timer?.cancel();
    this.#timer = null;
    if (this.#suspended || this.#disposed) return;
    const waiting = this.#list.filter((r) => !this.#firing.has(r.id));
    if (waiting.length === 0) return;
    const next = minOf(waiting.map((r) => this.fireAt(r)));
    const wait = Math.min(MAX_WAIT_MS, Math.max(0, next - this.#o.clock.now()));
    this.#timer = this.#o.clock.setTimeout(() => {
      this.#timer = null;
      this.#tick('asleep');
    }, wait);
  }

  /** Fires what is due now; reports what is overdue (beyond the grace) as missed. */
  #tick(reason: MissedReason): void {
    if (this.#disposed) return;
    const now = this.#o.clock.now();
    const due = this.#list.filter((r) => !this.#firing.has(r.id) && this.fireAt(r) <= now);
    const missed = due.filter((r) => now - this.fireAt(r) > MISSED_GRACE_MS);
    if (missed.length > 0) {
      const ids = new Set(missed.map((r) => r.id));
      this.#list = this.#list.filter((r) => !ids.has(r.id));
      this.#saved(false);
      this.#o.notify(this.#named(missedNotice(missed, reason, now), missed.length === 1 ? missed[0]! : null));
      this.#o.gone?.();
    }
    for (const reminder of due) if (!missed.includes(reminder)) void this.#fire(reminder);
    this.#schedule();
  }

  async #fire(reminder: Reminder): Promise<void> {
    this.#firing.add(reminder.id);
    const firedAt = this.#o.clock.now();
    const checked = this.#o.check(reminder).catch((error: unknown): CheckOutcome => {
      this.#o.log(`reminder check failed: ${error instanceof Error ? error.message : String(error)}`);
      return { kind: 'unknown' };
    });
    let timer: TimerHandle | null = null;
    const waited = new Promise<null>((resolve) => (timer = this.#o.clock.setTimeout(() => resolve(null), CHECK_WAIT_MS)));
    const first = await Promise.race([checked, waited]);
    (timer as TimerHandle | null)?.cancel();
    this.#firing.delete(reminder.id);
    if (this.#disposed || !this.#list.some((r) => r.id === reminder.id)) return; // cancelled meanwhile
    this.#conclude(reminder, first ?? { kind: 'unknown' }, firedAt);
    if (first !== null) return;
    // fired from what is held: what the check says later corrects it, when the programme moved or went
    const later = await checked;
    if (this.#disposed || (later.kind !== 'moved' && later.kind !== 'vanished')) return;
    this.#conclude(reminder, later, this.#o.clock.now(), true);
  }

  /** The reminder leaves the list (a moved one stays, at its new time) and is told; a correction only adds what moved. */
  #conclude(reminder: Reminder, outcome: CheckOutcome, at: number, correction = false): void {
    const now = this.#o.clock.now();
    if (!correction) this.#list = this.#list.filter((r) => r.id !== reminder.id);
    if (outcome.kind === 'moved' && Date.parse(outcome.startsAt) > now) {
      // keep reminding, at the new time, on the same server (its id names the server, as every reminder's does)
      const moved: Reminder = { ...reminder, startsAt: outcome.startsAt, endsAt: outcome.endsAt };
      moved.id = reminderId(moved, moved.server);
      if (!this.#list.some((r) => r.id === moved.id)) this.#list = sortByStart([...this.#list, moved]);
    }
    this.#saved(false);
    const notice = firedNotice(reminder, outcome, at);
    this.#o.notify(this.#named(correction ? { ...notice, id: `${notice.id}-correction` } : notice, reminder));
    this.#schedule();
    this.#o.gone?.();
  }

  // ------------------------------------------------------------ keeping

  #rememberCancelled(reminder: Reminder): void {
    const now = this.#o.clock.now();
    for (const [id, endsAt] of this.#cancelled) if (endsAt <= now) this.#cancelled.delete(id);
    this.#cancelled.set(reminder.id, Date.parse(reminder.endsAt));
    while (this.#cancelled.size > MAX_CANCELLED) this.#cancelled.delete(this.#cancelled.keys().next().value as string);
  }

  #saved(reschedule = true): void {
    this.#o.store.write(REMINDERS_FILE, { version: 1, reminders: this.#list, cancelled: [...this.#cancelled] });
    this.#o.changed();
    if (reschedule) this.#schedule();
  }
}

// ------------------------------------------------------------ identity and the file

/** One reminder per programme slot: (server,) channel, start and the programme's key (or title). */
export function reminderId(ref: Pick<ProgrammeRef, 'channelId' | 'startsAt' | 'ratingKey' | 'title'>, server?: string | null): string {
  const slot = `${ref.channelId}\n${Date.parse(ref.startsAt)}\n${ref.ratingKey ?? `title:${ref.title.trim().toLowerCase()}`}`;
  return fnv1a(server ? `${server}\n${slot}` : slot);
}

export function pickRef(ref: ProgrammeRef): ProgrammeRef {
  const { channelId, channelNumber, channelName, title, showTitle, ratingKey, startsAt, endsAt } = ref;
  return { channelId, channelNumber, channelName, title, showTitle, ratingKey, startsAt, endsAt };
}

const sortByStart = (list: Reminder[]) => [...list].sort((a, b) => Date.parse(a.startsAt) - Date.parse(b.startsAt));

/** A programme a reminder or an airing can keep (what the file is read with). */
export const PROGRAMME = v.object(PROGRAMME_FIELDS);

/**
 * reminders.json: each reminder on its own (one per id: its programme slot and server), and the
 * watchlist reminders the user cancelled, [id, when the programme ends].
 */
const REMINDERS_SCHEMA = v.object({
  version: v.literal(1),
  reminders: orDefault(
    eachKept(
      v.object({
        ...PROGRAMME_FIELDS,
        from: v.picklist(['you', 'watchlist']),
        addedAt: instant,
        server: v.optional(serverId),
        serverName: orDefault(v.optional(serverName), undefined),
      }),
      { max: MAX_REMINDERS, key: (r) => reminderId(r, r.server) },
    ),
    [],
  ),
  cancelled: orDefault(eachKept(v.tuple([shortText(100), instant]), { max: MAX_CANCELLED }), []),
});
