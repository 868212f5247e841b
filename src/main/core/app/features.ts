/**
 * The features beyond following the server, composed once: favourites, reminders, the watchlist and
 * its hourly scan, the activity log, health alerts and the webhook check that feeds one of them.
 * Fed by the app state, persisted in the data folder (in memory without one), shown in the
 * snapshot's feature parts.
 */
import { createHash } from 'node:crypto';
import { disabledByServer, type Guide } from '../../../shared/airwave';
import type { AppSnapshot, FeaturesView, FollowOutcome, FollowPolicy, WebhookNote } from '../../../shared/bridge';
import type { Clock, TimerHandle } from '../../common/clock';
import type { NotificationRequest } from '../viewers/notify-policy';
import { notificationsHeld } from '../../../shared/notification-hold';
import type { SettingsService } from '../settings/settings';
import type { AppState, ServerTag, StateStore } from '../state';
import type { EngineView, FollowedServers } from './servers';
import { viewersOf } from '../viewers/viewers';
import { ActivityLog } from '../features/activity-log';
import { FeatureSettingsStore } from '../features/feature-settings';
import { Favourites } from '../features/favourites';
import { channelWindowSource, fetchDayGuide } from '../features/guide-source';
import { HealthAlerts, webhookName } from '../features/health-alerts';
import { WebhookCheck } from '../features/webhook-check';
import { JsonFileStore, memoryStore, type FeatureStore } from '../features/json-store';
import { MAX_WAITING_PER_TITLE, planReminders } from '../features/follow-policy';
import { pickRef, Reminders } from '../features/reminders';
import { checkScheduled } from '../features/schedule-check';
import { EpisodeRecords, type AiringEvidence } from '../features/episode-record';
import { DAY_MS, Watchlist, type Airing } from '../features/watchlist';
import type { Notices } from './notices';

/** At most one watchlist guide request an hour. */
export const SCAN_EVERY_MS = 60 * 60_000;
/** Not quiet (not connected, or requests in flight): look again this much later, without a request. */
const SCAN_RETRY_MS = 5 * 60_000;
/** Spread over this much so many apps do not ask a server at the same instant. */
const SCAN_JITTER_MS = 5 * 60_000;

export interface FeaturesDeps {
  clock: Clock;
  store: StateStore;
  /** the selected server's engine, whichever server that is */
  engine: EngineView;
  /** every followed server (a reminder is checked with its own server) */
  servers: Pick<FollowedServers, 'selectedId' | 'slot' | 'several' | 'label'>;
  settings: SettingsService;
  /** the user-data folder; null keeps everything in memory */
  dataDir: string | null;
  notices: Notices;
  minuteOfDay: (ms: number) => number;
  notify: (request: NotificationRequest) => void;
  push: (parts: (keyof AppSnapshot)[]) => void;
  /** the tray shows favourites first */
  trayChanged: () => void;
  random: () => number;
  log: (line: string) => void;
}

export class Features {
  readonly favourites: Favourites;
  readonly reminders: Reminders;
  readonly watchlist: Watchlist;
  readonly activity: ActivityLog;
  readonly health: HealthAlerts;
  readonly webhooks: WebhookCheck;
  readonly settings: FeatureSettingsStore;
  /** each server's episode record: the evidence behind the guide's NEW */
  readonly #episodes: EpisodeRecords;
  readonly #d: FeaturesDeps;
  readonly #files: FeatureStore;
  /** each server's webhooks turned off by the server, as last read (Settings shows them) */
  readonly #webhookNotes = new Map<string, WebhookNote[]>();
  #scanTimer: TimerHandle | null = null;
  #scanning = false;
  /** the guide object last scanned (a guide whose flags changed is not scanned again) */
  #scannedGuide: unknown = null;
  #disposed = false;

  constructor(deps: FeaturesDeps) {
    this.#d = deps;
    const { clock, notices } = deps;
    const problem = (text: string) => notices.add({ id: `features-${notices.list.length}-${clock.now().toString(36)}`, level: 'warning', text });
    // a failed save is said once per file (a full disk must not become a stream of notices)
    const saveFailures = new Set<string>();
    const saveFailed = (text: string, file: string) => {
      deps.log(text);
      if (saveFailures.has(file) || saveFailures.size > 10) return;
      saveFailures.add(file);
      // the notice's id is the file's name, never its words (they are in the language in use)
      notices.add({ id: `save-failed ${file}`, level: 'warning', text });
    };
    // what failed is written when the folder takes it again, and its notice goes (json-store.ts)
    const saved = (name: string) => {
      deps.log(`${name} is saved again`);
      saveFailures.delete(name);
      notices.drop(`save-failed ${name}`);
    };
    const retry = { later: (fn: () => void, ms: number) => clock.setTimeout(fn, ms), saved };
    const files: FeatureStore = deps.dataDir ? new JsonFileStore(deps.dataDir, () => clock.now(), saveFailed, retry) : memoryStore();
    this.#files = files;
    this.settings = new FeatureSettingsStore(files, () => deps.push(['featureSettings']), problem);
    this.#episodes = new EpisodeRecords({ store: files, clock, problem });
    const selected = () => deps.servers.selectedId;
    this.favourites = new Favourites(
      files,
      () => {
        deps.push(['favourites']);
        deps.trayChanged();
      },
      problem,
      selected,
    );
    // a reminder's own server when it is followed, else the selected one (a reminder from before servers were told apart)
    const serverOf = (reminder: { server?: string }) => (reminder.server ? deps.servers.slot(reminder.server) : null);
    const windowOf = channelWindowSource();
    this.reminders = new Reminders({
      clock,
      store: files,
      leadMinutes: () => this.settings.values.reminderLeadMinutes,
      check: async (reminder) => {
        const slot = serverOf(reminder);
        const engine = slot?.engine ?? deps.engine;
        const state = slot?.store.state ?? deps.store.state;
        const window = await windowOf(engine.client, state, (channelId) => engine.guide.row(channelId), reminder.channelId, Date.parse(reminder.startsAt), clock.now());
        return checkScheduled(reminder, window, clock.now());
      },
      server: () => {
        const slot = deps.servers.slot(selected() ?? '');
        return slot ? { id: slot.id, name: slot.name } : null;
      },
      serverLabel: (reminder) => (deps.servers.several ? (serverOf(reminder)?.name ?? reminder.serverName ?? null) : null),
      notify: (request) => {
        if (deps.settings.values.notifications.enabled) deps.notify(request);
        else deps.log(`reminder not shown (notifications are off): ${request.title}`);
      },
      changed: () => deps.push(['reminders', 'watchlist']),
      // a followed title's reminder fired: the next of its airings held may take its place
      gone: () => queueMicrotask(() => this.#remindAirings()),
      problem,
      log: deps.log,
    });
    this.watchlist = new Watchlist(files, () => deps.push(['watchlist']), problem);
    this.activity = new ActivityLog({
      store: files,
      now: () => clock.now(),
      changed: () => deps.push(['activity']),
      problem,
      later: (fn, ms) => clock.setTimeout(fn, ms),
    });
    this.health = new HealthAlerts({
      clock,
      store: files,
      settings: () => this.settings.values.health,
      notify: (request) => {
        if (this.#quiet()) deps.log(`health notification not shown (notifications off, paused or quiet hours): ${request.title}`);
        else deps.notify(request);
      },
      problem,
    });
    this.webhooks = new WebhookCheck({
      clock,
      server: (id) => {
        const slot = deps.servers.slot(id);
        if (!slot) return null;
        // the key itself stays with the engine: a fingerprint tells a new key from the old one
        const keyTag = slot.config ? createHash('sha256').update(`webhook-check\n${slot.config.apiKey}`).digest('hex').slice(0, 16) : null;
        return { tag: { id, label: deps.servers.label(id) }, state: slot.store.state, client: slot.engine.client, keyTag };
      },
      enabled: () => this.settings.values.health.webhookDisabled,
      report: (server, hooks, listed) => {
        this.health.webhooks(server.state, hooks, server.tag, listed);
        const notes = hooks.filter(disabledByServer).map((hook) => ({ server: server.tag.label, name: webhookName(hook), disabledAt: Date.parse(hook.disabledAt) }));
        const before = this.#webhookNotes.get(server.tag.id) ?? [];
        if (notes.length === 0) this.#webhookNotes.delete(server.tag.id);
        else this.#webhookNotes.set(server.tag.id, notes);
        if (JSON.stringify(before) !== JSON.stringify(notes)) deps.push(['webhookNotes']);
      },
      forgetReading: (server) => this.#dropWebhookNotes(server.tag.id),
      log: deps.log,
    });
  }

  /** Starts the timers: missed reminders are reported, the watchlist scan is planned. */
  start(): void {
    this.reminders.start();
    this.#planScan();
  }

  view(): FeaturesView {
    const now = this.#d.clock.now();
    return {
      favourites: this.favourites.list,
      reminders: this.reminders.list,
      watchlist: {
        followed: this.watchlist.followed,
        comingUp: this.watchlist.comingUp(now, (airing) => this.reminders.has(airing)),
        scannedAt: this.watchlist.scannedAt,
      },
      activity: { revision: this.activity.revision, entries: this.activity.size },
      featureSettings: this.settings.values,
      webhookNotes: [...this.#webhookNotes.values()].flat(),
    };
  }

  /**
   * One followed server's state changed: the activity log and health alerts follow every server
   * (`label` names it when there are several).
   */
  observeServer(server: ServerTag, state: AppState, changed: ReadonlySet<keyof AppState>): void {
    if (this.#disposed) return;
    if (changed.has('nowPlaying') || changed.has('sessions') || changed.has('viewerEpoch')) {
      this.activity.observe(viewersOf(state), state.viewerEpoch, server);
    }
    if (changed.has('connection') || changed.has('status') || changed.has('capabilities') || changed.has('server')) this.health.observe(state, server);
    if (changed.has('connection') || changed.has('status') || changed.has('capabilities') || changed.has('routes')) this.webhooks.observe(server.id);
  }

  /** A server's episode record (opened when first asked), or null once the features are disposed. */
  episodesOf(id: string): AiringEvidence | null {
    return this.#disposed ? null : this.#episodes.of(id);
  }

  /** A server is no longer followed: the next list from an entry by that id is a baseline. */
  forgetServer(id: string): void {
    this.#episodes.forget(id);
    this.activity.forgetViewers(id);
    this.health.forget(id);
    this.webhooks.forget(id);
    this.#dropWebhookNotes(id);
  }

  /** What was read of a server's webhooks goes from Settings (the server is gone, or its key changed). */
  #dropWebhookNotes(id: string): void {
    if (this.#webhookNotes.delete(id)) this.#d.push(['webhookNotes']);
  }

  /** The selected server's state changed (or another server was selected): the watchlist looks at its guide. */
  onState(state: AppState, changed: ReadonlySet<keyof AppState>): void {
    if (this.#disposed) return;
    // a guide window was loaded anyway: look for followed titles in it (no request of our own)
    if (changed.has('guide') && state.guide.state === 'loaded' && !state.guide.loading && this.#d.engine.guide.shown !== this.#scannedGuide) {
      this.#scannedGuide = this.#d.engine.guide.shown;
      this.scanHeldGuide();
    }
  }

  suspend(): void {
    this.reminders.suspend();
  }

  resume(): void {
    this.reminders.resume();
  }

  /** The followed titles' airings in the guide window the app holds (when one is loaded). */
  scanHeldGuide(): void {
    if (this.watchlist.followed.length === 0) return;
    const now = this.#d.clock.now();
    // each title's longest word: every programme the watchlist could match contains it (whitespace aside)
    const needles = this.watchlist.followed.map((f) => f.title.toLowerCase().split(/\s+/).reduce((a, b) => (b.length > a.length ? b : a), ''));
    const guide = this.#d.engine.guide.matching(needles, now);
    if (guide) this.scanGuide(guide);
  }

  /** Airings in a guide window are held by the watchlist; the follow policy picks which are reminded. */
  scanGuide(guide: Guide): void {
    if (this.watchlist.followed.length === 0) return;
    this.watchlist.scan(guide, this.#d.clock.now());
    this.#remindAirings();
  }

  /**
   * Watchlist reminders for the airings held, as the follow policy says: the first airing of each
   * episode (every airing when chosen), at most MAX_WAITING_PER_TITLE waiting per title.
   */
  #remindAirings(): number {
    if (this.#disposed || this.watchlist.followed.length === 0) return 0;
    const now = this.#d.clock.now();
    const watchlist = this.watchlist;
    const reminders = this.reminders;
    const plan = planReminders({
      airings: watchlist.airings,
      now,
      policy: (title) => watchlist.policyOf(title),
      waiting: (title) => this.#waitingFor(title).length,
      reminded: (airing) => reminders.has(airing),
      remembered: (title, repeat) => watchlist.remembered(title, repeat),
    });
    const set: Airing[] = [];
    for (const airing of plan.remind) if (typeof reminders.add(pickRef(airing), 'watchlist') !== 'string') set.push(airing);
    // the airings reminded already (a file from before episodes were remembered) count as reminded too
    const held = watchlist.airings.filter((a) => reminders.has(a) && !watchlist.remembered(a.followed, a.repeat));
    watchlist.remember([...set, ...held], now);
    return plan.repeats.length;
  }

  /** The watchlist reminders waiting for a followed title. */
  #waitingFor(title: string) {
    return this.reminders.list.filter((r) => r.from === 'watchlist' && this.watchlist.isAiringOf(r, title));
  }

  /**
   * Follows a title (or changes how): what the held guide shows at once, and the day's scan when
   * it is due. The outcome says what was done, for the popover to tell.
   */
  follow(title: string, policy: FollowPolicy = 'first'): FollowOutcome | string {
    const result = this.watchlist.follow(title, this.#d.clock.now(), policy);
    if (typeof result === 'string') return result;
    const held = result.find((f) => f.title.toLowerCase() === title.trim().replace(/\s+/g, ' ').toLowerCase()) ?? result[result.length - 1]!;
    if (policy === 'first') {
      // from every airing to first airings: the repeats already reminded go
      const seen = new Set<string>();
      const byStart = [...this.watchlist.airings].sort((a, b) => Date.parse(a.startsAt) - Date.parse(b.startsAt));
      const repeats = byStart.filter((a) => {
        if (a.followed !== held.title || a.repeat === '' || !this.reminders.has(a)) return false;
        if (seen.has(a.repeat)) return true;
        seen.add(a.repeat);
        return false;
      });
      if (repeats.length > 0) this.reminders.cancelWhere((r) => r.from === 'watchlist' && repeats.some((a) => a.channelId === r.channelId && a.startsAt === r.startsAt));
    }
    this.scanHeldGuide();
    const repeats = this.#remindAirings();
    this.#planScan();
    const waiting = this.#waitingFor(held.title);
    return {
      followed: this.watchlist.followed,
      title: held.title,
      policy: held.policy,
      reminders: waiting.length,
      nextAt: waiting[0]?.startsAt ?? null,
      cap: MAX_WAITING_PER_TITLE,
      repeats,
    };
  }

  /** Cancels every waiting reminder of a followed title at once; how many went. */
  cancelTitleReminders(title: string): number {
    return this.reminders.cancelMany((r) => this.watchlist.isAiringOf(r, title));
  }

  dispose(): void {
    this.activity.dispose(); // held-back stops are written, not lost
    this.#disposed = true;
    this.#scanTimer?.cancel();
    this.#scanTimer = null;
    this.reminders.dispose();
    this.health.dispose();
    this.webhooks.dispose();
    // what the guides read since the last save is written before the files close
    this.#episodes.close();
    this.#files.close?.();
  }

  // ------------------------------------------------------------ the hourly scan

  #planScan(delay?: number): void {
    this.#scanTimer?.cancel();
    this.#scanTimer = null;
    if (this.#disposed || this.watchlist.followed.length === 0) return;
    const now = this.#d.clock.now();
    const last = this.watchlist.fullScanAt;
    const due = delay ?? (last === null ? 60_000 : Math.max(60_000, last + SCAN_EVERY_MS - now));
    this.#scanTimer = this.#d.clock.setTimeout(() => void this.#scanTick(), due + Math.round(this.#d.random() * SCAN_JITTER_MS));
  }

  async #scanTick(): Promise<void> {
    this.#scanTimer = null;
    if (this.#disposed || this.#scanning || this.watchlist.followed.length === 0) return;
    const { engine, store, clock, log } = this.#d;
    // a request of the connection's own running now (a poll's count): the scan follows it rather
    // than being put off by a minute, which a poll every minute could meet every time
    if (engine.inFlight > 0) {
      this.#scanning = true;
      try {
        await engine.settled();
      } finally {
        this.#scanning = false;
      }
      if (this.#disposed || this.#scanTimer !== null) return;
    }
    const state = store.state;
    const client = engine.client;
    const connected = state.connection.state === 'live' || state.connection.state === 'polling';
    if (!client || !connected || state.connection.suspended || engine.inFlight > 0 || state.guide.loading) {
      log(`watchlist scan put off (${!client || !connected ? 'not connected' : 'not quiet'})`);
      return this.#planScan(SCAN_RETRY_MS);
    }
    const now = clock.now();
    const held = state.guide;
    const loadedAt = engine.guide.loadedAt;
    if (loadedAt !== null && now - loadedAt < SCAN_EVERY_MS && (held.window?.windowMinutes ?? 0) * 60_000 >= DAY_MS) {
      this.scanHeldGuide();
      return this.#planScan();
    }
    this.#scanning = true;
    try {
      // the day read goes into the server's episode record too (the evidence behind NEW)
      const server = this.#d.servers.selectedId;
      const guide = await fetchDayGuide(client, this.watchlist.followed, clock.now(), {
        read: (episodes, span) => server !== null && !this.#disposed && engine.client === client && this.episodesOf(server)?.read(episodes, span),
      });
      if (!this.#disposed && engine.client === client) this.scanGuide(guide);
    } catch (error) {
      log(`watchlist scan failed: ${error instanceof Error ? error.message : String(error)}`);
    } finally {
      this.#scanning = false;
    }
    // success or not, the next request is an hour away
    if (!this.#disposed) this.#planScan(SCAN_EVERY_MS);
  }

  #quiet(): boolean {
    const now = this.#d.clock.now();
    return notificationsHeld(this.#d.settings.values.notifications, now, this.#d.minuteOfDay(now)) !== null;
  }
}
