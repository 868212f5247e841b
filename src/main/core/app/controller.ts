/**
 * AppController: the application without a window system, composed once from settings, the sync
 * engine and the parts in this folder. The Electron and preview hosts drive it through its ports.
 */
import { join } from 'node:path';
import { applyLocale } from '../../../shared/i18n/catalogues';
import type { AppSnapshot, BridgeHandlers, FocusTarget, SnapshotUpdate } from '../../../shared/bridge';
import type { Clock } from '../../common/clock';
import { DisposableStore, toDisposable } from '../../common/disposable';
import { AirwaveClient } from '../client';
import type { NotificationRequest } from '../viewers/notify-policy';
import { findLocalServer } from '../connection-test/local-server';
import { OnNowView } from './on-now-view';
import { probeServer } from '../connection-test/probe';
import { gated, gatedProbe, startBudget } from '../connection-test/probe-gate';
import { identifyAddress } from '../connection-test/identify';
import type { SettingsService } from '../settings/settings';
import { listedPackages, type StateStore, type AppState } from '../state';
import { SyncEngine } from '../sync/engine';
import { pauseUntil, trayView, type TrayAction, type TrayView } from '../tray/tray-view';
import { minuteOfDay } from '../../../shared/notification-hold';
import { DemoMode } from './demo-mode';
import type { ServerSlot } from './fleet';
import { Features } from './features';
import { PopoverFocus } from './focus';
import { bridgeHandlers } from './handlers/index';
import { Notices } from './notices';
import { NotificationFeed } from '../notifications/feed';
import type { ActionId } from '../notifications/kinds';
import { runNotificationAction } from './notification-actions';
import { SeenViewers } from '../viewers/seen-viewers';
import type { AppOptions, HostPort } from './ports';
import { FollowedServers } from './servers';
import { partsOf, SnapshotPublisher, snapshotOf, type SnapshotPart } from './snapshot';
import { TrayPublisher } from '../tray/tray';
import { History } from '../history/history';
import { trayDeadline } from '../tray/tray-deadline';
import { messages, t } from '../../../shared/i18n/messages';


export class AppController {
  /** the selected server's state (see FollowedServers.view) */
  readonly store: StateStore;
  readonly handlers: BridgeHandlers;
  readonly servers: FollowedServers;

  readonly #clock: Clock;
  readonly #settings: SettingsService;
  readonly #host: Partial<HostPort>;
  /** what close() undoes, newest first: subscriptions, listeners, the engine, the demo server */
  readonly #lifecycle = new DisposableStore();
  readonly #publisher: SnapshotPublisher;
  readonly #tray: TrayPublisher;
  readonly #notifications: NotificationFeed;
  readonly #notices: Notices;
  readonly #focus: PopoverFocus;
  readonly #demo: DemoMode;
  readonly #features: Features;
  readonly #seen: SeenViewers;
  readonly #onNow: OnNowView;
  readonly #log: (line: string) => void;
  readonly #history: History;

  constructor(options: AppOptions) {
    const clock = (this.#clock = options.clock);
    const settings = (this.#settings = options.settings);
    applyLocale(settings.view().locale, settings.view().formatLocale);
    const host = (this.#host = options.host ?? {});
    const log = options.log ?? (() => {});
    this.servers = new FollowedServers({
      clock,
      settings,
      createEngine: (store, id) =>
        new SyncEngine({
          clock,
          store,
          random: options.random,
          tuning: options.tuning,
          log: (line) => log(this.servers?.several ? `[${this.servers.slot(id)?.name ?? id}] ${line}` : line),
          // the evidence behind NEW: asked for once a guide is read (the features exist by then)
          airings: () => this.#features?.episodesOf(id) ?? null,
          ...(options.client ? { createClient: (config) => new AirwaveClient({ ...config, ...options.client, clock }) } : {}),
        }),
      onSlotState: (slot, state, changed) => this.#onSlotState(slot, state, changed),
      // the switcher moved: favourites and the watchlist's airings are the selected server's
      onSelected: () => {
        this.#publisher.push(['servers', 'settings', 'favourites', 'watchlist', 'onNow']);
        this.#tray.update();
      },
      onRemoved: (id) => {
        this.#history.forget(id);
        this.#notifications.forgetViewers(id);
        this.#features.forgetServer(id);
        this.#publisher.push(['servers', 'nowPlaying', 'watching']);
        this.#tray.update();
      },
    });
    this.store = this.servers.view;
    this.#publisher = new SnapshotPublisher(() => this.snapshot());
    this.#onNow = new OnNowView();
    this.#notices = new Notices(options.notices ?? [], () => this.#publisher.push(['notices']));
    this.#focus = new PopoverFocus(this.store, host, () => this.#publisher.push(['focus']), (id) => this.servers.slot(id)?.store.state ?? null);
    this.#notifications = new NotificationFeed({ clock, settings, minuteOfDay: options.minuteOfDay ?? minuteOfDay, log, gatherMs: options.notificationGatherMs });
    this.#log = log;
    this.#tray = new TrayPublisher(
      () =>
        trayView({
          state: this.store.state,
          settings: settings.view(),
          now: clock.now(),
          favourites: this.#features.favourites.ids(),
          servers: this.servers.trayServers(),
          badge: this.servers.badge(),
          peakToday: this.#history.peakToday(this.servers.badgeServer()),
        }),
      {
        clock,
        deadline: () =>
          trayDeadline({ state: this.store.state, states: this.servers.slots.map((slot) => slot.store.state), favourites: this.#features.favourites.ids() }, clock.now()),
      },
    );
    this.#features = new Features({
      clock,
      store: this.store,
      engine: this.servers.engineView,
      servers: this.servers,
      settings,
      dataDir: options.dataDir ?? null,
      notices: this.#notices,
      minuteOfDay: options.minuteOfDay ?? minuteOfDay,
      notify: (request) => this.#notifications.raise(request),
      // a new activity entry may bring a name for the muted-names picker
      // a new activity entry may bring a name for the muted-names picker; a star moves On now's order
      push: (parts) => this.#publisher.push([...parts, ...(parts.includes('activity') ? (['seenViewers'] as const) : []), ...(parts.includes('favourites') ? (['onNow'] as const) : [])]),
      trayChanged: () => this.#tray.update(),
      random: options.random ?? Math.random,
      log,
    });
    const ofDay = options.minuteOfDay ?? minuteOfDay;
    this.#history = new History({
      clock,
      dir: options.dataDir ? join(options.dataDir, 'history') : null,
      dayStart: (ms) => ms - ofDay(ms) * 60_000 - (ms % 60_000),
      serverName: (id) => this.servers.slot(id)?.name ?? id,
      changed: () => {
        this.#publisher.push(['history']);
        this.#tray.update();
      },
      problem: (text) => this.#notices.add({ id: `history-${clock.now().toString(36)}`, level: 'warning', text }),
    });
    this.#seen = new SeenViewers(() => {
      const log = this.#features.activity;
      return { revision: log.revision, names: () => [...new Set([...log.query('today').users, ...log.query('yesterday').users])] };
    });
    this.#demo = new DemoMode({
      launch: options.launchDemo ?? null,
      settings,
      notices: this.#notices,
      follow: (config) => {
        if (!this.#lifecycle.isDisposed) this.servers.followDemo(config);
      },
      log,
    });
    const refollow = () => {
      if (!this.#lifecycle.isDisposed) this.servers.refollow();
    };

    this.#lifecycle.add(this.#demo);
    this.#lifecycle.add(toDisposable(() => this.servers.close()));
    this.#lifecycle.add(this.#notifications);
    this.#lifecycle.add(this.#features);
    // before the servers close: every follow ends now, written as a clean stop
    this.#lifecycle.add(this.#history);
    this.#lifecycle.add(this.#tray);
    this.#lifecycle.add(this.#publisher);
    this.#lifecycle.defer(this.store.subscribe((state, changed) => this.#onState(state, changed)));
    this.#lifecycle.defer(
      settings.onChange(() => {
        // what is followed follows the settings: servers added, removed, paused, re-keyed, the demo left
        if (!settings.values.demo) this.servers.followDemo(null);
        else refollow();
        // a change of language applies at once: the tray below, the popover (settings pushed), later notifications
        applyLocale(settings.view().locale, settings.view().formatLocale);
        this.#publisher.push(['settings', 'servers', 'watching', 'notices']);
        this.#tray.update();
      }),
    );

    // the connection test and the local server finder spend one start budget (probe-gate.ts)
    const tests = startBudget(clock);
    const closing = new AbortController();
    this.#lifecycle.add(toDisposable(() => closing.abort()));
    const findLocal = gated(() => (options.findLocalServer ?? findLocalServer)(), () => null, clock, tests);
    this.handlers = bridgeHandlers({
      clock,
      settings,
      store: this.store,
      engine: this.servers.engineView,
      host,
      // every test the page can start goes through one gate (one at a time, a few per 10 s)
      // …and stops when the core closes: a test still running sends nothing more (its stream check included)
      probe: gatedProbe((o) => (options.probe ?? probeServer)({ ...o, signal: o.signal ? AbortSignal.any([o.signal, closing.signal]) : closing.signal }), clock, tests),
      demo: this.#demo,
      notices: this.#notices,
      refollow,
      snapshot: () => this.snapshot(),
      features: this.#features,
      onNow: this.#onNow,
      servers: this.servers,
      findLocalServer: () => findLocal(undefined),
      // an address typed in set-up, asked who it is without a key: a gate of its own, like the tests'
      identify: gated((server: string) => identifyAddress(server, clock), () => null, clock),
      history: { history: this.#history, badgeServer: () => this.servers.badgeServer() },
      log,
    });
  }

  /** Follows the saved servers (or restarts the demo). */
  async start(): Promise<void> {
    this.#features.start();
    if (this.#settings.values.demo && this.#demo.available) {
      const outcome = await this.#demo.start();
      if (outcome.ok) return;
      this.#notices.add({ id: 'demo-failed', level: 'warning', text: t(messages().errors.demoDidNotStart, { error: outcome.error.message }) });
    }
    const unreadable = this.#settings.unreadableKeys();
    if (unreadable.length > 0) {
      const names = this.#settings.servers.length > 1 ? unreadable.map((s) => s.name).join(', ') : null;
      this.#notices.add({
        id: 'key-unreadable',
        level: 'warning',
        text: names === null ? messages().errors.keyLockedChanged : t(messages().errors.keyLockedOf, { names }),
      });
    }
    if (!this.#lifecycle.isDisposed) this.servers.refollow();
    this.#tray.update();
  }

  /** Undoes everything the core started: subscriptions and listeners, the engine, the demo server. */
  async close(): Promise<void> {
    await this.#lifecycle.dispose();
  }

  // ------------------------------------------------------------ outputs

  snapshot(): AppSnapshot {
    return snapshotOf(
      this.store.state,
      {
        settings: this.#settings.view(),
        notices: this.#notices.list,
        focus: this.#focus.current,
        seenViewers: this.#seen.list(),
        servers: this.servers.summaries(),
        nowPlaying: this.servers.mergedViewers(),
        watching: this.servers.badgeCount(),
        onNow: this.#onNow.summary(this.store.state.onNow, this.#features.favourites.ids(), listedPackages(this.store.state)),
        history: this.#history.status(this.servers.badgeServer()),
      },
      this.#features.view(),
    );
  }

  /** Snapshot updates: the full snapshot at once, then the changed parts. */
  subscribe(listener: (update: SnapshotUpdate) => void): () => void {
    return this.#publisher.subscribe(listener);
  }

  get trayView(): TrayView {
    return this.#tray.view;
  }

  /** The tray view now and whenever it changes. */
  onTray(listener: (view: TrayView) => void): () => void {
    return this.#tray.listen(listener);
  }

  onNotification(listener: (request: NotificationRequest) => void): () => void {
    return this.#notifications.listen(listener);
  }

  /** Notification requests raised so far, oldest first (bounded). */
  get notifications(): readonly NotificationRequest[] {
    return this.#notifications.history;
  }

  /** The selected server's engine (an idle one while nothing is followed). */
  get engine(): SyncEngine {
    return this.servers.engine;
  }

  /** The client of the selected server, for artwork (null when there is none). */
  get client(): AirwaveClient | null {
    return this.servers.engine.client;
  }

  /** The client of the server `id` names (null when it is not followed). */
  clientOf(id: string): AirwaveClient | null {
    return this.servers.slot(id)?.engine.client ?? null;
  }

  // ------------------------------------------------------------ inputs from the host

  /** Opens the popover, optionally on a viewer, channel or settings. */
  focus(target: FocusTarget | null): void {
    this.#focus.open(target);
  }

  /**
   * A notification's button was pressed (or its body clicked: `click`), by the id its host was
   * given; `id` and `action` may come from outside (a Windows toast's URL) and are checked here.
   */
  notificationAction(id: string, action: ActionId | 'click'): string {
    if (this.#lifecycle.isDisposed) return 'closed';
    return runNotificationAction(
      { clock: this.#clock, settings: this.#settings, find: (wanted) => this.#notifications.find(wanted), focus: (target) => this.trayAction({ type: 'open', ...(target ? { focus: target } : {}) }), snooze: (reminder, ms) => this.#features.reminders.snooze(reminder, ms), log: this.#log },
      id,
      action,
    );
  }

  setPopoverOpen(open: boolean): void {
    this.servers.setPopoverOpen(open);
    this.#history.popoverOpen(open);
  }

  suspend(): void {
    this.servers.suspend();
    this.#features.suspend();
  }

  resume(): void {
    this.servers.resume();
    this.#features.resume();
  }

  networkOnline(): void {
    this.servers.networkOnline();
  }

  trayAction(action: TrayAction): void {
    switch (action.type) {
      case 'open':
        // "Fix the API key of Cabin…": the key field edits the server shown, so Cabin is shown first
        if (action.focus?.view === 'settings' && action.focus.server) this.servers.select(action.focus.server);
        this.focus(action.focus ?? null);
        return;
      case 'refresh':
        this.servers.refresh();
        return;
      case 'pause': {
        const now = this.#clock.now();
        this.#settings.update({ notifications: { pausedUntil: pauseUntil(action.choice, now) } }, now);
        return;
      }
      case 'start-demo':
        void this.#demo.start().then((outcome) => {
          if (this.#lifecycle.isDisposed) return;
          if (!outcome.ok) this.#notices.add({ id: 'demo-failed', level: 'warning', text: outcome.error.message });
          this.focus(null);
        });
        return;
      case 'export-history':
        // a save dialog where the host has one; else History, where the page offers the download
        if (!this.#host.saveFile) return this.focus({ view: 'activity', section: 'history' });
        void this.handlers.exportHistory({ span: action.span }).then((outcome) => {
          if (!outcome.ok && !this.#lifecycle.isDisposed) this.#notices.add({ id: 'history-export', level: 'warning', text: outcome.error.message });
        });
        return;
      case 'quit':
        this.#host.quit?.();
        return;
    }
  }

  // ------------------------------------------------------------ internals

  /** The selected server's state changed (or another was selected). */
  #onState(state: AppState, changed: ReadonlySet<keyof AppState>): void {
    this.#publisher.push(partsOf(changed));
    this.#features.onState(state, changed);
    this.#tray.update();
  }

  /** Any followed server's state changed: its viewers are news, logged and counted. */
  #onSlotState(slot: ServerSlot, state: AppState, changed: ReadonlySet<keyof AppState>): void {
    const server = { id: slot.id, label: this.servers.label(slot.id) };
    const parts: SnapshotPart[] = [];
    const viewers = changed.has('nowPlaying') || changed.has('sessions') || changed.has('viewerEpoch');
    if (viewers) {
      this.#notifications.step(state, server);
      if (this.#seen.observe(state)) parts.push('seenViewers');
    }
    if (viewers || changed.has('sessionCount') || changed.has('connection')) parts.push('servers', 'nowPlaying', 'watching');
    if (changed.has('status')) this.servers.learnInstance(slot.id, state);
    this.#features.observeServer(server, state, changed);
    this.#history.observe(server, state, changed);
    this.#publisher.push(parts);
    this.#tray.update();
  }
}
