/**
 * The History commands: a range's view, a person's page, who watched in one column, the CSV export
 * (through the host's save dialog where it has one, else handed to the page to download), the
 * retention, the weekly digest and "Clear history".
 */
import type { BridgeHandlers, HistoryRequest } from '../../../../shared/bridge';
import type { History } from '../../history/history';
import { localStamp } from '../../history/csv';
import type { HostPort } from '../ports';
import { failed, ok } from './outcome';
import { messages } from '../../../../shared/i18n/messages';

type HistoryCommands = Pick<BridgeHandlers, 'getHistory' | 'getHistoryPerson' | 'getHistoryMoment' | 'exportHistory' | 'setHistoryRetention' | 'setHistoryDigest' | 'clearHistory'>;

export interface HistoryHandlerDeps {
  history: History;
  host: Partial<HostPort>;
  now: () => number;
  /** the badge's server, for today's peak in the status */
  badgeServer: () => string | null;
}

/** A name kept to letters, digits and dashes (a file name on every system). */
const safe = (text: string) => text.normalize('NFKD').replace(/[^\p{L}\p{N}]+/gu, '-').replace(/^-+|-+$/g, '').slice(0, 40) || 'person';

/**
 * "airwave-history-24h-2026-11-27.csv" (the local date), "airwave-history-2026-11-01-to-2026-11-08.csv"
 * for a chosen from–to, with the person's name first on their page ("airwave-history-Hannah-7d-…").
 */
export function exportName(request: HistoryRequest, now: number): string {
  const who = request.person ? `${safe(request.person.name)}-` : '';
  if (request.span === 'custom' && request.from !== undefined && request.to !== undefined) {
    const last = Math.max(request.from, Math.min(request.to, now) - 1);
    return `airwave-history-${who}${localStamp(request.from).slice(0, 10)}-to-${localStamp(last).slice(0, 10)}.csv`;
  }
  return `airwave-history-${who}${request.span}-${localStamp(now).slice(0, 10)}.csv`;
}

/** Exports a range: saved by the host (a save dialog), or handed back for the page to download. */
export async function exportRange(deps: HistoryHandlerDeps, request: HistoryRequest) {
  const { text, rows } = await deps.history.csv(request);
  const filename = exportName(request, deps.now());
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
    getHistory: async (request) => ok(history.view(request)),
    getHistoryPerson: async (request) => ok(history.person(request)),
    getHistoryMoment: async (request) => ok(history.moment(request)),
    exportHistory: (request) => exportRange(deps, request),
    setHistoryRetention: async ({ days }) => {
      history.setRetention(days);
      return ok(history.status(deps.badgeServer()));
    },
    setHistoryDigest: async (digest) => {
      history.setDigest(digest);
      return ok(history.status(deps.badgeServer()));
    },
    clearHistory: async () => {
      history.clear();
      return ok(history.status(deps.badgeServer()));
    },
  };
}
