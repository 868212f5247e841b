/**
 * The History commands: a span's view, the moment under the pointer, the CSV export (through the
 * host's save dialog where it has one, else handed to the page to download), the retention and
 * "Clear history".
 */
import type { BridgeHandlers, HistorySpan } from '../../../../shared/bridge';
import type { History } from '../../history/history';
import { localStamp } from '../../history/csv';
import type { HostPort } from '../ports';
import { failed, ok } from './outcome';
import { messages } from '../../../../shared/i18n/messages';

type HistoryCommands = Pick<BridgeHandlers, 'getHistory' | 'getHistoryMoment' | 'exportHistory' | 'setHistoryRetention' | 'clearHistory'>;

export interface HistoryHandlerDeps {
  history: History;
  host: Partial<HostPort>;
  now: () => number;
  /** the badge's server, for today's peak in the status */
  badgeServer: () => string | null;
}

/** "airwave-history-24h-2026-11-27.csv" (the local date). */
export const exportName = (span: HistorySpan, now: number): string => `airwave-history-${span}-${localStamp(now).slice(0, 10)}.csv`;

/** Exports a span: saved by the host (a save dialog), or handed back for the page to download. */
export async function exportSpan(deps: HistoryHandlerDeps, span: HistorySpan, server?: string) {
  const { text, rows } = deps.history.csv(span, server);
  const filename = exportName(span, deps.now());
  if (!deps.host.saveFile) return ok({ filename, saved: false, csv: text, rows });
  try {
    const saved = await deps.host.saveFile(filename, text);
    return ok({ filename, saved, csv: null, rows });
  } catch {
    return failed('unavailable', messages().errors.fileNotSaved);
  }
}

export function historyHandlers(deps: HistoryHandlerDeps): HistoryCommands {
  const { history } = deps;
  return {
    getHistory: async ({ span, server }) => ok(history.view(span, server)),
    getHistoryMoment: async ({ at, server }) => ok(history.moment(at, server)),
    exportHistory: ({ span, server }) => exportSpan(deps, span, server),
    setHistoryRetention: async ({ days }) => {
      history.setRetention(days);
      return ok(history.status(deps.badgeServer()));
    },
    clearHistory: async () => {
      history.clear();
      return ok(history.status(deps.badgeServer()));
    },
  };
}
