/**
 * The data commands: refresh, the guide window and its rows and search, a channel by number and
 * the channel list. Each needs a followed server and answers API failures as a user error.
 */
import type { BridgeHandlers } from '../../../../shared/bridge';
import type { SettingsService } from '../../settings/settings';
import type { StateStore } from '../../state';
import type { EngineView } from '../servers';
import { lookupHandler } from './lookup-handler';
import type { ChannelSchedules } from './channel-schedule';
import { failed, failure, ok } from './outcome';
import { messages } from '../../../../shared/i18n/messages';

export function dataHandlers(
  engine: EngineView,
  store: StateStore,
  settings: SettingsService,
  schedules: ChannelSchedules,
): Pick<BridgeHandlers, 'refresh' | 'loadGuide' | 'getGuideRows' | 'searchGuide' | 'lookupChannel' | 'getChannels'> {
  return {
    refresh: async () => {
      if (!engine.client) return failed('unconfigured', messages().errors.nothingToRefresh);
      engine.refresh();
      return ok(null);
    },
    loadGuide: async ({ forwardMinutes }) => {
      if (!engine.client) return failed('unconfigured', messages().errors.connectForGuide);
      settings.setGuideWindow(forwardMinutes);
      try {
        await engine.loadGuide(forwardMinutes);
        return ok(null);
      } catch (error) {
        return failure(error);
      }
    },
    // the rows are answered from what the core holds: no request to the server
    getGuideRows: async (request) => ok(engine.guide.rows(request)),
    // always the next 24 hours, whatever window the guide shows (a day loaded for search when it is shorter)
    searchGuide: async ({ query, limit, after, title }) => ok(await engine.guide.searchDay(engine.client, query, after, limit, title === undefined ? {} : { title })),
    lookupChannel: lookupHandler(engine, store, schedules),
    getChannels: async ({ definition }) => {
      const client = engine.client;
      if (!client) return failed('unconfigured', messages().errors.connectFirst);
      try {
        return ok((await client.channels({ definition })).channels);
      } catch (error) {
        return failure(error);
      }
    },
  };
}
