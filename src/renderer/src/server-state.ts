import { computed, signal } from '@preact/signals';
import type { ServerSummary, ViewerEntry } from '../../shared/bridge';
import { bridge } from './bridge';
import { snapshot } from './state';
import { errorText } from './attempt';

/**
 * Owns the popover's view of several servers: the list and the selected one, switching (by the
 * switcher or Alt+1…9), and whether a viewer is on the shown server (who a viewer is: viewer-ref.ts).
 */

export const serverList = computed<ServerSummary[]>(() => snapshot.value?.servers ?? []);
/** the switcher and the server labels appear from two servers on */
export const severalServers = computed(() => serverList.value.length > 1);
export const selectedServerId = computed(() => snapshot.value?.settings.selectedServer ?? null);
/** why the last switch failed, in words (cleared by the next one) */
export const switchError = signal<string | null>(null);

/** Shows server `id` in On now, the guide, lookup and search (nothing happens when it is shown already). */
export async function chooseServer(id: string): Promise<void> {
  switchError.value = null;
  if (id === selectedServerId.value) return;
  try {
    const outcome = await bridge.selectServer({ id });
    if (!outcome.ok) switchError.value = outcome.error.message;
  } catch (failure) {
    switchError.value = errorText(failure);
  }
}

/** Alt+1…9: the server at that place in the list; false when there is none (the key is left alone). */
export function chooseServerAt(position: number): boolean {
  const list = serverList.value;
  if (list.length < 2 || position < 0 || position >= list.length) return false;
  void chooseServer(list[position]!.id);
  return true;
}

/**
 * A server's name where room is short (a card's chip): where two servers share a name and are told
 * apart by their host ("Airwave Demo (127.0.0.1:36021)"), the host alone, never "Airwave Dem…".
 */
export function shortServerName(server: ServerSummary): string {
  const told = /^(.*) \(([^()]+)\)$/.exec(server.name);
  if (!told) return server.name;
  const base = told[1]!;
  return serverList.value.some((other) => other.id !== server.id && other.name.startsWith(`${base} (`)) ? told[2]! : server.name;
}

/** Whether the viewer is on the server On now and the channel sheet show (always, with one server). */
export function onSelectedServer(entry: ViewerEntry): boolean {
  return !entry.serverId || entry.serverId === selectedServerId.value;
}

/** The server's summary, when several are followed and the entry says which. */
export function serverOf(entry: ViewerEntry): ServerSummary | null {
  if (!entry.serverId) return null;
  return serverList.value.find((server) => server.id === entry.serverId) ?? null;
}
