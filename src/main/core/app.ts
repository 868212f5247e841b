import type {
  AppSnapshot,
  BridgeHandlers,
  ConnectRequest,
  FocusTarget,
  Notice,
  Outcome,
  ProbeView,
  SnapshotUpdate,
  UserError,
} from '../../shared/bridge';
import { parseServerUrl } from '../../shared/server-url';
import { AirwaveClient, isApiError, type ClientOptions } from './client';
import type { Clock } from '../common/clock';
import { stepNotifications, type NotificationRequest, type PolicyMemory } from './notify-policy';
import { probeServer, type ProbeOptions, type ProbeReport } from './probe';
import type { SettingsService } from './settings';
import { initialState, StateStore, watchingCount, type AppState } from './state';
import { SyncEngine, type EngineConfig, type Tuning } from './sync/engine';
import { minuteOfDay, pauseUntil, trayView, type TrayAction, type TrayView } from './tray-view';
import { viewersOf } from './viewers';

/**
 * The application without a window system: settings, the sync engine, the notification policy,
 * the tray view and the bridge handlers, composed once. The Electron host and the preview host
 * both drive this; they only supply the platform ports below.
 */

/** What the core asks of its host (all optional: the preview host has no login items). */
export interface HostPort {
  showPopover(focus: FocusTarget | null): void;
  /** hides the popover window (the page asked: Escape with nothing open) */
  hidePopover(): void;
  openExternal(url: string): Promise<void>;
  quit(): void;
  setLaunchAtLogin?(enabled: boolean): void;
  /** registers (or, when disabled, unregisters) the global shortcut; false when the OS refused it */
  applyShortcut?(shortcut: { enabled: boolean; accelerator: string }): boolean;
}

export interface DemoHandle {
  url: string;
  key: string;
  close(): Promise<void>;
}

export interface AppOptions {
  clock: Clock;
  settings: SettingsService;
  /** notices from opening the settings (e.g. a damaged file was reset) */
  notices?: Notice[];
  host?: Partial<HostPort>;
  /** starts the built-in demo server (loopback, random port) */
  launchDemo?: () => Promise<DemoHandle>;
  probe?: (options: ProbeOptions) => Promise<ProbeReport>;
  random?: () => number;
  tuning?: Partial<Tuning>;
  /** client network limits (tests of misbehaving servers shorten the timeouts) */
  client?: Pick<ClientOptions, 'timeouts' | 'limits'>;
  /** local minute of the day, for quiet hours (injectable so tests need no time zone) */
  minuteOfDay?: (ms: number) => number;
  log?: (line: string) => void;
}

/** How many notification requests are kept for the preview host's `/__preview/notifications`. */
export const NOTIFICATION_HISTORY = 200;

type SnapshotPart = keyof AppSnapshot;

/** Which snapshot parts an AppState change touches. */
const PARTS_OF: Partial<Record<keyof AppState, SnapshotPart[]>> = {
  connection: ['connection'],
  server: ['server'],
  status: ['status'],
  capabilities: ['capabilities'],
  sessionCount: ['sessionCount', 'watching'],
  nowPlaying: ['nowPlaying', 'watching'],
  onNow: ['onNow'],
  guide: ['guide'],
};

const ok = <T>(value: T): Outcome<T> => ({ ok: true, value });
const failed = (kind: string, message: string, fix?: string): Outcome<never> => ({
  ok: false,
  error: { kind, message, ...(fix ? { fix } : {}) },
});

export class AppController {
  readonly store: StateStore;
  readonly engine: SyncEngine;
  readonly handlers: BridgeHandlers;

  readonly #clock: Clock;
  readonly #settings: SettingsService;
  readonly #host: Partial<HostPort>;
  readonly #launchDemo: (() => Promise<DemoHandle>) | null;
  readonly #probe: (options: ProbeOptions) => Promise<ProbeReport>;
  readonly #minuteOfDay: (ms: number) => number;
  readonly #log: (line: string) => void;

  #notices: Notice[];
  #focus: AppSnapshot['focus'] = null;
  #demo: DemoHandle | null = null;
  #policy: PolicyMemory | null = null;
  #notifications: NotificationRequest[] = [];
  #trayView: TrayView | null = null;
  #trayKey = '';
  #closed = false;
  readonly #snapshotListeners = new Set<(update: SnapshotUpdate) => void>();
  readonly #trayListeners = new Set<(view: TrayView) => void>();
  readonly #notificationListeners = new Set<(request: NotificationRequest) => void>();
  readonly #unsubscribe: (() => void)[] = [];
  /** the data object of each resource part as last pushed to the renderer */
  readonly #pushedData = new Map<SnapshotPart, unknown>();

  constructor(options: AppOptions) {
    this.#clock = options.clock;
    this.#settings = options.settings;
    this.#host = options.host ?? {};
    this.#launchDemo = options.launchDemo ?? null;
    this.#probe = options.probe ?? probeServer;
    this.#minuteOfDay = options.minuteOfDay ?? minuteOfDay;
    this.#log = options.log ?? (() => {});
    this.#notices = [...(options.notices ?? [])];
    this.store = new StateStore(initialState(this.#clock.now(), this.#settings.values.guideForwardMinutes));
    this.engine = new SyncEngine({
      clock: this.#clock,
      store: this.store,
      random: options.random,
      tuning: options.tuning,
      log: this.#log,
      ...(options.client
        ? { createClient: (config) => new AirwaveClient({ ...config, ...options.client, clock: this.#clock }) }
        : {}),
    });
    this.#unsubscribe.push(
      this.store.subscribe((state, changed) => this.#onState(state, changed)),
      this.#settings.onChange(() => {
        this.#push(['settings']);
        this.#updateTray();
      }),
    );
    this.handlers = this.#makeHandlers();
  }

  /** Follows the saved server (or restarts the demo) if there is one. */
  async start(): Promise<void> {
    const values = this.#settings.values;
    if (values.demo && this.#launchDemo) {
      const outcome = await this.#startDemo();
      if (outcome.ok) return;
      this.#addNotice({ id: 'demo-failed', level: 'warning', text: `The demo server did not start: ${outcome.error.message}` });
    }
    if (this.#settings.keyUnreadable()) {
      this.#addNotice({
        id: 'key-unreadable',
        level: 'warning',
        text: 'The saved API key cannot be unlocked on this computer (the system keychain changed). Paste it again in Settings.',
      });
      this.#setKeyProblem('The saved API key cannot be unlocked on this computer. Paste it again in Settings.');
      return;
    }
    const config = this.#savedConfig();
    if (config) this.engine.start(config);
    this.#updateTray();
  }

  async close(): Promise<void> {
    if (this.#closed) return;
    this.#closed = true;
    for (const off of this.#unsubscribe) off();
    await this.engine.close();
    await this.#stopDemo();
  }

  // ------------------------------------------------------------ outputs

  snapshot(): AppSnapshot {
    const state = this.store.state;
    return {
      connection: state.connection,
      server: state.server,
      status: state.status,
      capabilities: state.capabilities,
      sessionCount: state.sessionCount,
      nowPlaying: state.nowPlaying,
      watching: watchingCount(state),
      onNow: state.onNow,
      guide: state.guide,
      settings: this.#settings.view(),
      notices: this.#notices,
      focus: this.#focus,
    };
  }

  /** Snapshot updates: the full snapshot at once, then the changed parts. */
  subscribe(listener: (update: SnapshotUpdate) => void): () => void {
    this.#snapshotListeners.add(listener);
    const snapshot = this.snapshot();
    for (const [part, value] of Object.entries(snapshot)) if (isResource(value)) this.#pushedData.set(part as SnapshotPart, value.data);
    listener({ full: true, parts: snapshot });
    return () => this.#snapshotListeners.delete(listener);
  }

  get trayView(): TrayView {
    this.#trayView ??= this.#computeTray();
    return this.#trayView;
  }

  /** The tray view now and whenever it changes. */
  onTray(listener: (view: TrayView) => void): () => void {
    this.#trayListeners.add(listener);
    listener(this.trayView);
    return () => this.#trayListeners.delete(listener);
  }

  onNotification(listener: (request: NotificationRequest) => void): () => void {
    this.#notificationListeners.add(listener);
    return () => this.#notificationListeners.delete(listener);
  }

  /** Notification requests raised so far, oldest first (bounded). */
  get notifications(): readonly NotificationRequest[] {
    return this.#notifications;
  }

  /** The client of the followed server, for artwork (null when there is none). */
  get client(): AirwaveClient | null {
    return this.engine.client;
  }

  // ------------------------------------------------------------ inputs from the host

  /** Opens the popover, optionally on a viewer, channel or settings. */
  focus(target: FocusTarget | null): void {
    if (target) {
      this.#focus = { seq: (this.#focus?.seq ?? 0) + 1, target: this.#forRenderer(target) };
      this.#push(['focus']);
    }
    this.#host.showPopover?.(target);
  }

  /** The popover finds a viewer by person (user on a device): it sees /now-playing, not sessions. */
  #forRenderer(target: FocusTarget): FocusTarget {
    if (target.view !== 'watching' || !target.viewer) return target;
    const viewer = viewersOf(this.store.state)?.viewers.find((v) => v.key === target.viewer);
    return viewer ? { view: 'watching', viewer: viewer.person } : { view: 'watching' };
  }

  setPopoverOpen(open: boolean): void {
    this.engine.setPopoverOpen(open);
  }

  suspend(): void {
    this.engine.suspend();
  }

  resume(): void {
    this.engine.resume();
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
        void this.#startDemo().then((outcome) => {
          if (!outcome.ok) this.#addNotice({ id: 'demo-failed', level: 'warning', text: outcome.error.message });
          this.focus(null);
        });
        return;
      case 'quit':
        this.#host.quit?.();
        return;
    }
  }

  // ------------------------------------------------------------ bridge commands

  #makeHandlers(): BridgeHandlers {
    return {
      getSnapshot: async () => this.snapshot(),
      connect: (request) => this.#connect(request),
      testConnection: async (request) => {
        const key = this.#keyFor(request);
        if (typeof key !== 'string') return probeFailure(request.server, key);
        return probeView(await this.#probe({ server: request.server, apiKey: key, authStyle: request.authStyle }));
      },
      startDemo: () => this.#startDemo(),
      refresh: async () => {
        if (!this.engine.client) return failed('unconfigured', 'There is no server to refresh yet.');
        this.engine.refresh();
        return ok(null);
      },
      loadGuide: async ({ forwardMinutes }) => {
        if (!this.engine.client) return failed('unconfigured', 'Connect to a server to see its guide.');
        this.#settings.setGuideWindow(forwardMinutes);
        try {
          await this.engine.loadGuide(forwardMinutes);
          return ok(null);
        } catch (error) {
          return failed(...errorParts(error));
        }
      },
      lookupChannel: async ({ number }) => {
        const client = this.engine.client;
        if (!client) return failed('unconfigured', 'Connect to a server first.');
        try {
          const now = await client.channelNowByNumber(number, { user: true });
          const channel = this.store.state.onNow.data?.channels.find((row) => row.number === number) ?? null;
          return ok({ number, channel, now });
        } catch (error) {
          if (isApiError(error) && error.kind === 'not-found') return failed('not-found', `There is no channel ${number}.`);
          return failed(...errorParts(error));
        }
      },
      getChannels: async ({ definition }) => {
        const client = this.engine.client;
        if (!client) return failed('unconfigured', 'Connect to a server first.');
        try {
          return ok((await client.channels({ definition })).channels);
        } catch (error) {
          return failed(...errorParts(error));
        }
      },
      updateSettings: async (patch) => {
        const before = this.#settings.values;
        this.#settings.update(patch);
        const after = this.#settings.values;
        if (patch.pollSeconds !== undefined) this.engine.setPollSeconds(after.pollSeconds);
        if (patch.launchAtLogin !== undefined) this.#host.setLaunchAtLogin?.(after.launchAtLogin);
        if (patch.authStyle && patch.authStyle !== before.authStyle && !after.demo) {
          const config = this.#savedConfig();
          if (config) this.engine.start(config);
        }
        if (patch.shortcut && this.#host.applyShortcut && !this.#host.applyShortcut(after.shortcut)) {
          this.#settings.update({ shortcut: { enabled: false } });
          return failed(
            'shortcut-refused',
            `The shortcut ${after.shortcut.accelerator} could not be registered; another app may be using it.`,
            'Pick a different key combination.',
          );
        }
        return ok(this.#settings.view());
      },
      forgetServer: async () => {
        await this.engine.close();
        await this.#stopDemo();
        this.#settings.forget();
        this.#policy = null;
        this.store.update(initialState(this.#clock.now(), this.store.state.guide.forwardMinutes));
        return ok(null);
      },
      openInBrowser: async (target) => {
        const url = this.#browserUrl(target);
        if (!url.ok) return url;
        if (!this.#host.openExternal) return failed('unsupported', 'Opening a browser is not available here.');
        await this.#host.openExternal(url.value);
        return ok(null);
      },
      dismissNotice: async ({ id }) => {
        const before = this.#notices.length;
        this.#notices = this.#notices.filter((notice) => notice.id !== id);
        if (this.#notices.length !== before) this.#push(['notices']);
        return ok(null);
      },
      hidePopover: async () => {
        this.#host.hidePopover?.();
        return ok(null);
      },
      quit: async () => {
        this.#host.quit?.();
        return ok(null);
      },
    };
  }

  /** Probes first; saves and follows the server only when the probe says it works. */
  async #connect(request: ConnectRequest) {
    const key = this.#keyFor(request);
    if (typeof key !== 'string') return { saved: false, probe: probeFailure(request.server, key) };
    const report = await this.#probe({ server: request.server, apiKey: key, authStyle: request.authStyle });
    const probe = probeView(report);
    if (report.verdict !== 'ok' || !report.server) return { saved: false, probe };
    const authStyle = report.authStyle ?? request.authStyle;
    await this.#stopDemo();
    this.#settings.saveServer(report.server.root, request.apiKey, authStyle);
    this.#dropNotice('key-unreadable');
    this.engine.start({ server: report.server.root, apiKey: key, authStyle, pollSeconds: this.#settings.values.pollSeconds });
    return { saved: true, probe };
  }

  /**
   * The key a connect or test uses: the one typed, or (left empty) the saved one, but only for
   * the server it was saved for: a saved key is never sent to a different server.
   */
  #keyFor(request: ConnectRequest): string | UserError {
    if (request.apiKey.trim()) return request.apiKey.trim();
    const saved = this.#settings.values.server;
    const typed = parseServerUrl(request.server);
    const savedAddress = saved ? parseServerUrl(saved) : null;
    const sameServer = typed.ok && savedAddress?.ok && typed.address.root === savedAddress.address.root;
    const key = sameServer ? this.#settings.apiKey() : null;
    if (key) return key;
    return {
      kind: 'key-missing',
      message: sameServer ? 'The saved key cannot be read on this computer.' : 'Paste the API key for this server.',
      fix: 'Copy it from the Airwave web interface, under API keys, into the key field.',
    };
  }

  async #startDemo(): Promise<Outcome<null>> {
    if (!this.#launchDemo) return failed('unsupported', 'The built-in demo is not available here.');
    try {
      await this.#stopDemo();
      const demo = await this.#launchDemo();
      this.#demo = demo;
      this.#settings.setDemo(true);
      this.#dropNotice('key-unreadable');
      this.engine.start({ server: demo.url, apiKey: demo.key, authStyle: 'x-api-key', pollSeconds: this.#settings.values.pollSeconds });
      return ok(null);
    } catch (error) {
      this.#log(`demo: ${error instanceof Error ? error.message : String(error)}`);
      return failed('demo-failed', 'The demo server could not start.', 'Try again; if it keeps failing, restart the app.');
    }
  }

  async #stopDemo(): Promise<void> {
    const demo = this.#demo;
    this.#demo = null;
    await demo?.close().catch(() => {});
  }

  #savedConfig(): EngineConfig | null {
    const values = this.#settings.values;
    const apiKey = this.#settings.apiKey();
    if (!values.server || !apiKey) return null;
    return { server: values.server, apiKey, authStyle: values.authStyle, pollSeconds: values.pollSeconds };
  }

  /** Only http(s) addresses on the followed server's origin are opened. */
  #browserUrl(target: { kind: 'server' } | { kind: 'url'; url: string }): Outcome<string> {
    const server = this.engine.client?.server;
    if (!server) return failed('unconfigured', 'There is no server to open.');
    if (target.kind === 'server') return ok(`${server.root}/`);
    let url: URL;
    try {
      url = new URL(target.url, `${server.root}/`);
    } catch {
      return failed('invalid-url', 'That is not a web address.');
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return failed('invalid-url', 'Only web addresses can be opened.');
    if (url.origin !== server.origin) return failed('invalid-url', 'Only pages of the connected server can be opened.');
    if (url.username || url.password) return failed('invalid-url', 'Addresses with credentials are not opened.');
    return ok(url.href);
  }

  // ------------------------------------------------------------ state changes

  #onState(state: AppState, changed: ReadonlySet<keyof AppState>): void {
    const parts = new Set<SnapshotPart>();
    for (const key of changed) for (const part of PARTS_OF[key] ?? []) parts.add(part);
    if (parts.size > 0) this.#push([...parts]);
    if (changed.has('nowPlaying') || changed.has('sessions') || changed.has('viewerEpoch')) this.#notify(state);
    this.#updateTray();
  }

  #notify(state: AppState): void {
    const now = this.#clock.now();
    const result = stepNotifications(this.#policy, {
      epoch: state.viewerEpoch,
      list: viewersOf(state),
      now,
      settings: this.#settings.values.notifications,
      minuteOfDay: this.#minuteOfDay(now),
    });
    this.#policy = result.memory;
    for (const { viewer, reason } of result.suppressed) this.#log(`notification for ${viewer.key} not shown: ${reason}`);
    for (const request of result.requests) {
      this.#notifications.push(request);
      if (this.#notifications.length > NOTIFICATION_HISTORY) this.#notifications.shift();
      for (const listener of [...this.#notificationListeners]) listener(request);
    }
  }

  #push(parts: SnapshotPart[]): void {
    if (this.#snapshotListeners.size === 0) return;
    const snapshot = this.snapshot();
    const entries = parts.map((part) => {
      const value = snapshot[part];
      if (!isResource(value)) return [part, value];
      // the same data object as last pushed: send only what changed around it (see SnapshotUpdate)
      const unchanged = this.#pushedData.get(part) === value.data && value.data !== null;
      this.#pushedData.set(part, value.data);
      if (!unchanged) return [part, value];
      const { data: _held, ...rest } = value;
      return [part, rest];
    });
    const update: SnapshotUpdate = { full: false, parts: Object.fromEntries(entries) as SnapshotUpdate['parts'] };
    for (const listener of [...this.#snapshotListeners]) listener(update);
  }

  #computeTray(): TrayView {
    return trayView({ state: this.store.state, settings: this.#settings.view(), now: this.#clock.now() });
  }

  #updateTray(): void {
    const view = this.#computeTray();
    const key = JSON.stringify(view);
    if (key === this.#trayKey) return;
    this.#trayKey = key;
    this.#trayView = view;
    for (const listener of [...this.#trayListeners]) listener(view);
  }

  #addNotice(notice: Notice): void {
    this.#notices = [...this.#notices.filter((n) => n.id !== notice.id), notice];
    this.#push(['notices']);
  }

  #dropNotice(id: string): void {
    if (!this.#notices.some((notice) => notice.id === id)) return;
    this.#notices = this.#notices.filter((notice) => notice.id !== id);
    this.#push(['notices']);
  }

  #setKeyProblem(message: string): void {
    const now = this.#clock.now();
    this.store.update({
      connection: { state: 'unauthorized', message, since: now, nextRetryAt: null, attempt: 0, suspended: false },
    });
  }
}

// ------------------------------------------------------------ helpers

function isResource(value: unknown): value is { data: unknown } {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && 'data' in value && 'updatedAt' in value;
}

function probeView(report: ProbeReport): ProbeView {
  return {
    verdict: report.verdict,
    summary: report.summary,
    server: report.server?.display ?? null,
    steps: report.steps.map((step) => ({
      id: step.id,
      label: step.label,
      outcome: step.outcome,
      detail: step.detail,
      ...(step.fix ? { fix: step.fix } : {}),
    })),
  };
}

/** A probe that stopped before the network: the key is missing. */
function probeFailure(server: string, error: UserError): ProbeView {
  const address = parseServerUrl(server);
  return {
    verdict: 'key-rejected',
    summary: error.message,
    server: address.ok ? address.address.display : null,
    steps: [{ id: 'key', label: 'API key', outcome: 'fail', detail: error.message, ...(error.fix ? { fix: error.fix } : {}) }],
  };
}

function errorParts(error: unknown): [string, string] {
  if (isApiError(error)) return [error.kind, error.message];
  return ['internal', 'Something went wrong inside the app.'];
}
