/**
 * The one order of viewers everywhere (the popover's cards, its search, the tray menu): newest
 * first by start time; those with no known start (a server without `/sessions`) after them; a tie
 * by who they are (server, person on a device), then as the server listed them, so a refresh does
 * not swap two cards or two menu lines. O(n log n); the input is not changed.
 */
export function newestFirstBy<T>(items: readonly T[], startOf: (item: T) => number | null, whoOf: (item: T) => string): T[] {
  const keyed = items.map((item, i) => ({ item, i, at: startOf(item) ?? -Infinity, who: whoOf(item) }));
  keyed.sort((a, b) => (a.at !== b.at ? b.at - a.at : a.who !== b.who ? (a.who < b.who ? -1 : 1) : a.i - b.i));
  return keyed.map((k) => k.item);
}

/** A start time as ms, or null when it is missing or does not parse. */
export function startMs(iso: string | null | undefined): number | null {
  const ms = iso ? Date.parse(iso) : NaN;
  return Number.isFinite(ms) ? ms : null;
}
