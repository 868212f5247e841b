/**
 * Every bridge command's handler, gathered from the modules that own each concern; the
 * BridgeHandlers type makes a command without a handler a compile error here.
 */
import type { AppSnapshot, BridgeHandlers } from '../../../../shared/bridge';
import { browserHandlers } from './browser';
import { connectHandlers, type ConnectDeps } from './connect';
import { dataHandlers } from './data';
import { featureHandlers } from './feature-handlers';
import type { Features } from '../features';
import type { OnNowView } from '../on-now-view';
import { loggedHandlers } from './logged';
import { ok } from './outcome';
import { noticeHandlers } from '../notices';
import { hostHandlers } from './host-commands';
import { historyHandlers, type HistoryHandlerDeps } from './history-handlers';
import { scheduleHandlers } from './schedule';
import { ChannelSchedules } from './channel-schedule';
import { serverHandlers, type ServerHandlerDeps } from './server-handlers';
import type { EngineView } from '../servers';
import { settingsHandlers, type SettingsDeps } from './settings-handlers';
import type { Clock } from '../../../common/clock';
import { listedPackages, type StateStore } from '../../state';

export interface HandlerDeps extends ConnectDeps, SettingsDeps, ServerHandlerDeps {
  clock: Clock;
  /** the selected server's state and engine */
  store: StateStore;
  engine: EngineView;
  snapshot: () => AppSnapshot;
  features: Features;
  onNow: OnNowView;
  history: Omit<HistoryHandlerDeps, 'host' | 'now'>;
  /** where an error inside a command is written (logged.ts) */
  log?: (line: string) => void;
}

export function bridgeHandlers(deps: HandlerDeps): BridgeHandlers {
  const { host } = deps;
  return loggedHandlers(allHandlers(deps, host), deps.log ?? (() => {}));
}

function allHandlers(deps: HandlerDeps, host: HandlerDeps['host']): BridgeHandlers {
  // one channel's schedule, asked once for the sheet's lookup and its list
  const schedules = new ChannelSchedules(deps.engine, () => deps.clock.now());
  return {
    getSnapshot: async () => deps.snapshot(),
    ...connectHandlers(deps),
    startDemo: () => deps.demo.start(),
    ...dataHandlers(deps.engine, deps.store, deps.settings, schedules),
    getOnNowRows: async (request) => ok(deps.onNow.rows(request, deps.store.state.onNow.data, deps.features.favourites.ids(), listedPackages(deps.store.state))),
    findOnNow: async ({ query, group }) => ok(deps.onNow.find(query, deps.store.state.onNow.data, deps.features.favourites.ids(), listedPackages(deps.store.state), group)),
    ...scheduleHandlers(deps.engine, deps.store, () => deps.clock.now(), schedules),
    ...settingsHandlers(deps),
    ...serverHandlers(deps),
    ...browserHandlers(deps.engine, host),
    ...noticeHandlers(deps.notices),
    ...featureHandlers(deps.features),
    ...hostHandlers(host),
    ...historyHandlers({ ...deps.history, host, now: () => deps.clock.now() }),
  };
}
