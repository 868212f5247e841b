/**
 * The servers the app follows, as the rest of the core sees them: which ones to follow (from the
 * settings, or the demo alone), the selected one (On now, the guide, lookup and search show it; its
 * state is mirrored into `view`), and what is read across all of them: the merged viewers, the
 * badge's count and one summary per server.
 */
import type { Resource, ServerSummary, ViewerEntry } from '../../../shared/bridge';
import type { Clock } from '../../common/clock';
import type { SettingsService } from '../settings/settings';
import { initialState, StateStore, watchingCount, type AppState } from '../state';
import type { EngineConfig, SyncEngine } from '../sync/engine';
import { inTrouble, staleSince, troubleWords, type BadgeReading, type TrayServer } from '../tray/tray-view';
import { distinctNames } from '../../../shared/server-names';
import { Fleet, type FollowTarget, type ServerSlot } from './fleet';
import { viewersWithSessions } from './snapshot';
import { minOf } from '../../../shared/extent';
import { messages } from '../../../shared/i18n/messages';

/** What the data commands use of the selected server's engine (whichever server that is at the time). */
export type EngineView = Pick<SyncEngine, 'client' | 'guide' | 'times' | 'inFlight' | 'settled' | 'refresh' | 'loadGuide' | 'learnTimes'>;

export const DEMO_ID = 'demo';

export interface ServersOptions {
  clock: Clock;
  settings: SettingsService;
  createEngine: (store: StateStore, id: string) => SyncEngine;
  /** a slot's state changed (every slot, the selected one too) */
  onSlotState: (slot: ServerSlot, state: AppState, changed: ReadonlySet<keyof AppState>) => void;
  /** the selection moved to another server (the view now shows it) */
  onSelected: () => void;
  onRemoved: (id: string) => void;
}

export class FollowedServers {
  /** the selected server's state, mirrored (the whole of it when the selection moves) */
  readonly view: StateStore;
  readonly engineView: EngineView;
  readonly #o: ServersOptions;
  readonly #fleet: Fleet;
  /** stands in for the selected server's engine while nothing is followed (it never starts) */
  readonly #idle: SyncEngine;
  #selected: string | null = null;
  #demo: EngineConfig | null = null;
  #merged: { parts: unknown[]; value: Resource<ViewerEntry[]> } | null = null;

  constructor(options: ServersOptions) {
    this.#o = options;
    const { clock, settings } = options;
    const forwardMinutes = () => settings.values.guideForwardMinutes;
    this.view = new StateStore(initialState(clock.now(), forwardMinutes()));
    this.#idle = options.createEngine(new StateStore(initialState(clock.now(), forwardMinutes())), 'none');
    this.#fleet = new Fleet({
      clock,
      createEngine: options.createEngine,
      forwardMinutes,
      onState: (slot, state, changed) => {
        if (slot.id === this.#selected) this.view.update(Object.fromEntries([...changed].map((key) => [key, state[key]])));
        options.onSlotState(slot, state, changed);
      },
      onRemoved: options.onRemoved,
    });
    const engine = () => this.engine;
    this.engineView = {
      get client() {
        return engine().client;
      },
      get guide() {
        return engine().guide;
      },
      get times() {
        return engine().times;
      },
      learnTimes: (channelId, slots) => engine().learnTimes(channelId, slots),
      get inFlight() {
        return engine().inFlight;
      },
      settled: () => engine().settled(),
      // the popover's Refresh, as the tray's: every server (Watching and the trouble lines show them all)
      refresh: () => this.refresh(),
      loadGuide: (minutes) => engine().loadGuide(minutes),
    };
  }

  /** The selected server's engine (an idle one while nothing is followed). */
  get engine(): SyncEngine {
    return this.#fleet.get(this.#selected)?.engine ?? this.#idle;
  }

  get selectedId(): string | null {
    return this.#selected;
  }

  get slots(): ServerSlot[] {
    return this.#fleet.slots;
  }

  /** More than one server is followed: viewers and notifications name their server. */
  get several(): boolean {
    return this.#fleet.slots.length > 1;
  }

  /** A slot's name for people, when more than one server is followed (null otherwise). */
  label(id: string): string | null {
    return this.several ? (this.#fleet.get(id)?.name ?? null) : null;
  }

  slot(id: string): ServerSlot | null {
    return this.#fleet.get(id);
  }

  /** The demo alone is followed (null: back to the servers in the settings). */
  followDemo(config: EngineConfig | null): void {
    this.#demo = config;
    this.refollow();
  }

  /** Brings what is followed in line with the settings (or the demo), and the selection with it. */
  refollow(): void {
    const { settings } = this.#o;
    const values = settings.values;
    const names = distinctNames(values.servers);
    const targets: FollowTarget[] =
      values.demo && this.#demo
        ? [{ id: DEMO_ID, name: 'Demo', paused: false, config: this.#demo }]
        : values.servers.map((entry) => {
            const apiKey = settings.keyOf(entry.id);
            const config = entry.paused || !apiKey ? null : { server: entry.address, apiKey, authStyle: entry.authStyle, pollSeconds: values.pollSeconds };
            // two servers with one name are told apart by their host, everywhere the name is shown
            return { id: entry.id, name: names.get(entry.id) ?? entry.name, paused: entry.paused, config, ...(config ? {} : { idle: idleConnection(entry.paused, entry.apiKey !== null) }) };
          });
    this.#fleet.apply(targets);
    const selected = values.demo && this.#demo ? DEMO_ID : (settings.selected()?.id ?? null);
    this.#show(selected);
  }

  /** Shows another server in On now, the guide, lookup and search. */
  select(id: string): boolean {
    if (!this.#o.settings.selectServer(id)) return false;
    this.#show(id);
    return true;
  }

  /** Every server in the settings (or the demo), as the switcher and the tray summarise them. */
  summaries(): ServerSummary[] {
    return this.#fleet.slots.map((slot) => {
      const state = slot.store.state;
      return {
        id: slot.id,
        name: slot.name,
        paused: slot.paused,
        selected: slot.id === this.#selected,
        connection: state.connection,
        watching: state.connection.state === 'unconfigured' ? 0 : watchingCount(state),
        staleSince: staleSince(state),
        trouble: !slot.paused && inTrouble(state),
      };
    });
  }

  /**
   * The badge's number: everyone watching on every server, or on the one the settings chose, but
   * only what the app can vouch for. A server away, rejecting the key or not supported is left
   * out (`leftOut` names it, and the badge is marked "6+"); when no counted server is current the
   * held count is shown and the whole badge is stale (the tray's icon and tooltip say so).
   */
  badge(): BadgeReading {
    const chosen = this.badgeServer();
    const slots = this.#fleet.slots;
    // the chosen server alone while it is followed (paused, it counts nobody); otherwise all of them
    const counted = (chosen !== null ? slots.filter((slot) => slot.id === chosen) : slots).filter(
      (slot) => !slot.paused && slot.store.state.connection.state !== 'unconfigured',
    );
    const current = counted.filter((slot) => staleSince(slot.store.state) === null);
    const leftOut = counted.filter((slot) => staleSince(slot.store.state) !== null).map((slot) => ({ id: slot.id, name: slot.name, trouble: troubleWords(slot.store.state) }));
    if (current.length === 0) {
      const held = counted.reduce((sum, slot) => sum + watchingCount(slot.store.state), 0);
      return { count: held, stale: leftOut.length > 0, leftOut: [] };
    }
    return { count: current.reduce((sum, slot) => sum + watchingCount(slot.store.state), 0), stale: false, leftOut };
  }

  /** The server the badge counts while it is followed (null: all of them); today's peak follows it too. */
  badgeServer(): string | null {
    const chosen = this.#o.settings.values.badgeServer;
    return chosen !== null && this.#fleet.slots.some((slot) => slot.id === chosen) ? chosen : null;
  }

  /** Every followed server as the tray draws it. */
  trayServers(): TrayServer[] {
    return this.#fleet.slots.map((slot) => ({ id: slot.id, name: slot.name, state: slot.store.state, paused: slot.paused }));
  }

  /** A server listed before its instance was known (an older settings file): its instance is remembered once seen. */
  learnInstance(id: string, state: AppState): void {
    const instanceId = state.status.data?.instanceId;
    const entry = instanceId ? this.#o.settings.entry(id) : null;
    if (entry && entry.instanceId === null) this.#o.settings.updateServer(id, { instanceId: instanceId! });
  }

  /** The badge's number alone (see `badge`). */
  badgeCount(): number {
    return this.badge().count;
  }

  /**
   * Every server's viewers in one list, each named with its server when there are several. The
   * same object while no server's list changed (the publisher sends it only when it changes).
   */
  mergedViewers(): Resource<ViewerEntry[]> {
    const slots = this.#fleet.slots;
    if (slots.length <= 1) return viewersWithSessions(slots[0]?.store.state ?? this.view.state);
    const lists = slots.map((slot) => viewersWithSessions(slot.store.state));
    const parts = [...slots.map((s) => s.name), ...lists.map((l) => l.data), ...lists.map((l) => l.error)];
    if (this.#merged && this.#merged.parts.length === parts.length && this.#merged.parts.every((p, i) => p === parts[i])) return this.#merged.value;
    const data = lists.some((l) => l.data !== null)
      ? lists.flatMap((list, i) => (list.data ?? []).map((entry) => ({ ...entry, serverId: slots[i]!.id, serverName: slots[i]!.name })))
      : null;
    const times = lists.map((l) => l.updatedAt).filter((t): t is number => t !== null);
    const errors = lists.map((l, i) => (l.error ? `${slots[i]!.name}: ${l.error}` : null)).filter(Boolean);
    const value: Resource<ViewerEntry[]> = { data, updatedAt: times.length ? minOf(times) : null, error: errors.length ? errors.join(' · ') : null };
    this.#merged = { parts, value };
    return value;
  }

  setPopoverOpen(open: boolean): void {
    this.#fleet.setPopoverOpen(open);
  }

  suspend(): void {
    this.#fleet.suspend();
  }

  resume(): void {
    this.#fleet.resume();
  }

  networkOnline(): void {
    this.#fleet.networkOnline();
  }

  /** The user asked for fresh data: every server. */
  refresh(): void {
    this.#fleet.refresh();
  }

  async close(): Promise<void> {
    await this.#fleet.close();
    await this.#idle.close();
  }

  #show(id: string | null): void {
    const known = this.#fleet.get(id) ? id : (this.#fleet.slots[0]?.id ?? null);
    if (known === this.#selected) return;
    this.#selected = known;
    const slot = this.#fleet.get(known);
    this.view.update(slot ? slot.store.state : initialState(this.#o.clock.now(), this.#o.settings.values.guideForwardMinutes));
    this.#o.onSelected();
  }
}

/** The connection a server shows while it is not followed. */
function idleConnection(paused: boolean, hasKey: boolean): FollowTarget['idle'] {
  if (paused) return { state: 'unconfigured', message: messages().errors.paused };
  return hasKey
    ? { state: 'unauthorized', message: messages().errors.keyLocked }
    : { state: 'unauthorized', message: messages().errors.noKeySaved };
}
