/**
 * AppController: the application without a window system, composed once from settings, the sync
 * engine and the parts in this folder. The Electron and preview hosts drive it through its ports.
 */
import type { AppSnapshot, BridgeHandlers, FocusTarget, SnapshotUpdate } from '../../../shared/bridge';
import type { Clock } from '../../common/clock';
import { DisposableStore, toDisposable } from '../../common/disposable';
import { AirwaveClient } from '../client';
import type { NotificationRequest } from '../notify-policy';
import { probeServer } from '../probe';
import type { SettingsService } from '../settings';
import { initialState, StateStore, type AppState } from '../state';
import { SyncEngine, type EngineConfig } from '../sync/engine';
import { minuteOfDay, pauseUntil, trayView, type TrayAction, type TrayView } from '../tray-view';
import { savedConfig } from './connect';
import { DemoMode } from './demo-mode';
import { Features } from './features';
import { PopoverFocus } from './focus';
import { bridgeHandlers } from './handlers';
import { Notices } from './notices';
import { NotificationFeed } from './notifications';
import { SeenViewers } from './seen-viewers';
import type { AppOptions, HostPort } from './ports';
import { partsOf, SnapshotPublisher, snapshotOf } from './snapshot';
import { TrayPublisher } from './tray';


export class AppController {
  readonly store: StateStore;
  readonly engine: SyncEngine;
  readonly handlers: BridgeHandlers;

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

  constructor(options: AppOptions) {
    const clock = (this.#clock = options.clock);
    const settings = (this.#settings = options.settings);
    const host = (this.#host = options.host ?? {});
    const log = options.log ?? (() => {});
    this.store = new StateStore(initialState(clock.now(), settings.values.guideForwardMinutes));
    this.engine = new SyncEngine({
      clock,
      store: this.store,
      random: options.random,
      tuning: options.tuning,
      log,
      ...(options.client
        ? { createClient: (config) => new AirwaveClient({ ...config, ...options.client, clock }) }
        : {}),
    });
    this.#publisher = new SnapshotPublisher(() => this.snapshot());
    this.#notices = new Notices(options.notices ?? [], () => this.#publisher.push(['notices']));
    this.#focus = new PopoverFocus(this.store, host, () => this.#publisher.push(['focus']));
    this.#notifications = new NotificationFeed({ clock, settings, minuteOfDay: options.minuteOfDay ?? minuteOfDay, log });
    this.#tray = new TrayPublisher(() =>
      trayView({ state: this.store.state, settings: settings.view(), now: clock.now(), favourites: this.#features.favourites.ids() }),
    );
    this.#features = new Features({
      clock,
      store: this.store,
      engine: this.engine,
      settings,
      dataDir: options.dataDir ?? null,
      notices: this.#notices,
      minuteOfDay: options.minuteOfDay ?? minuteOfDay,
      notify: (request) => this.#notifications.raise(request),
      // a new activity entry may bring a name for the muted-names picker
      push: (parts) => this.#publisher.push(parts.includes('activity') ? [...parts, 'seenViewers'] : parts),
      trayChanged: () => this.#tray.update(),
      random: options.random ?? Math.random,
      log,
    });
    this.#seen = new SeenViewers(() => {
      const log = this.#features.activity;
      return { revision: log.revision, names: () => [...new Set([...log.query('today').users, ...log.query('yesterday').users])] };
    });
    const follow = (config: EngineConfig) => this.#follow(config);
    this.#demo = new DemoMode({ launch: options.launchDemo ?? null, settings, notices: this.#notices, follow, log });

    this.#lifecycle.add(this.#demo);
    this.#lifecycle.add(toDisposable(() => this.engine.close()));
    this.#lifecycle.add(this.#notifications);
    this.#lifecycle.add(this.#features);
    this.#lifecycle.add(this.#tray);
    this.#lifecycle.add(this.#publisher);
    this.#lifecycle.defer(this.store.subscribe((state, changed) => this.#onState(state, changed)));
    this.#lifecycle.defer(
      settings.onChange(() => {
        this.#publisher.push(['settings']);
        this.#tray.update();
      }),
    );

    this.handlers = bridgeHandlers({
      clock,
      settings,
      store: this.store,
      engine: this.engine,
      host,
      probe: options.probe ?? probeServer,
      demo: this.#demo,
      notices: this.#notices,
      notifications: this.#notifications,
      follow,
      snapshot: () => this.snapshot(),
      features: this.#features,
    });
  }

  /** Follows the saved server (or restarts the demo) if there is one. */
  async start(): Promise<void> {
    this.#features.start();
    if (this.#settings.values.demo && this.#demo.available) {
      const outcome = await this.#demo.start();
      if (outcome.ok) return;
      this.#notices.add({ id: 'demo-failed', level: 'warning', text: `The demo server did not start: ${outcome.error.message}` });
    }
    if (this.#settings.keyUnreadable()) {
      this.#notices.add({
        id: 'key-unreadable',
        level: 'warning',
        text: 'The saved API key cannot be unlocked on this computer (the system keychain changed). Paste it again in Settings.',
      });
      this.#setKeyProblem('The saved API key cannot be unlocked on this computer. Paste it again in Settings.');
      return;
    }
    const config = savedConfig(this.#settings);
    if (config) this.#follow(config);
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
      { settings: this.#settings.view(), notices: this.#notices.list, focus: this.#focus.current, seenViewers: this.#seen.list() },
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

  /** The client of the followed server, for artwork (null when there is none). */
  get client(): AirwaveClient | null {
    return this.engine.client;
  }

  // ------------------------------------------------------------ inputs from the host

  /** Opens the popover, optionally on a viewer, channel or settings. */
  focus(target: FocusTarget | null): void {
    this.#focus.open(target);
  }

  setPopoverOpen(open: boolean): void {
    this.engine.setPopoverOpen(open);
  }

  suspend(): void {
    this.engine.suspend();
    this.#features.suspend();
  }

  resume(): void {
    this.engine.resume();
    this.#features.resume();
  }

  networkOnline(): void {
    this.engine.networkOnline();
  }

  trayAction(action: TrayAction): void {
    switch (action.type) {
      case 'open':
        this.focus(action.focus ?? null);
        return;
      case 'refresh':
        this.engine.refresh();
        return;
      case 'pause':
        this.#settings.update({ notifications: { pausedUntil: pauseUntil(action.choice, this.#clock.now()) } });
        return;
      case 'start-demo':
        void this.#demo.start().then((outcome) => {
          if (this.#lifecycle.isDisposed) return;
          if (!outcome.ok) this.#notices.add({ id: 'demo-failed', level: 'warning', text: outcome.error.message });
          this.focus(null);
        });
        return;
      case 'quit':
        this.#host.quit?.();
        return;
    }
  }

  // ------------------------------------------------------------ internals

  /** Every start of the engine goes through here: once the core has closed, nothing restarts it. */
  #follow(config: EngineConfig): void {
    if (this.#lifecycle.isDisposed) return;
    this.engine.start(config);
  }

  #onState(state: AppState, changed: ReadonlySet<keyof AppState>): void {
    const parts = partsOf(changed);
    if ((changed.has('nowPlaying') || changed.has('sessions')) && this.#seen.observe(state)) parts.push('seenViewers');
    this.#publisher.push(parts);
    if (changed.has('nowPlaying') || changed.has('sessions') || changed.has('viewerEpoch')) this.#notifications.step(state);
    this.#features.onState(state, changed);
    this.#tray.update();
  }

  #setKeyProblem(message: string): void {
    const now = this.#clock.now();
    this.store.update({
      connection: { state: 'unauthorized', message, since: now, nextRetryAt: null, attempt: 0, suspended: false },
    });
  }
}
