import { channelLabel } from '../../../shared/format';
import { deviceLabel, devicesToName } from '../../../shared/device-label';
import { foldName } from '../../../shared/viewer-identity';
import { newestFirstBy } from '../../../shared/viewer-order';
import { viewerKey } from '../viewer-ref';
import type { WatchingOrder } from '../state';
import { startedAt, type ViewerEntry } from './viewer-extras';

/**
 * Watching's list as rows: the viewers in the order chosen (newest first, or by channel with a
 * heading row per channel), the cards of servers that are away after the current ones, a key per
 * viewer that survives a new order, and the device named on each card of a person watching on two
 * (shared/device-label.ts: the tray menu names the same ones). Pure: no page state read here.
 */

/** Newest first, the one order of viewers everywhere (shared/viewer-order.ts; the tray menu's too). */
export function newestFirst(entries: readonly ViewerEntry[]): ViewerEntry[] {
  return newestFirstBy(entries, startedAt, viewerKey);
}

/**
 * By channel: channel number, then newest first within a channel; viewers with no channel last.
 * Built on the newest-first order, and the sort is stable, so ties keep that order.
 */
export function byChannel(entries: readonly ViewerEntry[]): ViewerEntry[] {
  return newestFirst(entries).sort((a, b) => (a.channelNumber ?? Number.POSITIVE_INFINITY) - (b.channelNumber ?? Number.POSITIVE_INFINITY));
}

/** A row of the list: a viewer's card, or (by channel) the heading of a channel's group. */
export type WatchingRow =
  | { kind: 'viewer'; key: string; entry: ViewerEntry; /** the device, where this person watches on two or more */ device: string | null }
  | { kind: 'channel'; key: string; label: string; count: number };

export interface WatchingList {
  rows: WatchingRow[];
  /** the viewers in order (the cards' own order for the keyboard) */
  viewers: ViewerEntry[];
  /** where each of `viewers` sits in `rows` */
  at: number[];
}

/** Each viewer's device words where the same person (on the same server) watches on two or more. */
const devicesOf = (entries: readonly ViewerEntry[]) =>
  devicesToName(entries, (entry) => `${entry.serverId ?? ''}/${foldName(entry.user)}`, (entry) => deviceLabel(entry.device ?? null));

/** The viewers of servers that are away go after the rest, each part in its own order (stable). */
const awayLast = (list: ViewerEntry[], away: ReadonlySet<string>) =>
  away.size === 0 ? list : [...list.filter((e) => !away.has(e.serverId ?? '')), ...list.filter((e) => away.has(e.serverId ?? ''))];

/** The list in order, in rows; `away` names the servers whose data is not current. */
export function arrange(entries: readonly ViewerEntry[], order: WatchingOrder, away: ReadonlySet<string> = new Set()): WatchingList {
  const devices = devicesOf(entries);
  const seen = new Map<string, number>();
  const keyOf = (entry: ViewerEntry) => {
    const key = viewerKey(entry);
    const n = (seen.get(key) ?? 0) + 1;
    seen.set(key, n);
    return `${key}#${n}`;
  };
  const rows: WatchingRow[] = [];
  const at: number[] = [];
  let viewers: ViewerEntry[];
  if (order === 'channel') {
    // channel groups in number order; within one, the current servers' viewers first, newest first
    const sorted = byChannel(entries);
    const groups = new Map<number | null, ViewerEntry[]>();
    for (const entry of sorted) groups.set(entry.channelNumber, [...(groups.get(entry.channelNumber) ?? []), entry]);
    viewers = [];
    for (const [number, group] of groups) {
      const inOrder = awayLast(group, away);
      const first = inOrder[0]!;
      rows.push({ kind: 'channel', key: `channel:${number ?? '-'}`, label: channelLabel(number, first.channelName) ?? '', count: group.length });
      for (const entry of inOrder) {
        at.push(rows.length);
        viewers.push(entry);
        rows.push({ kind: 'viewer', key: keyOf(entry), entry, device: devices.get(entry) ?? null });
      }
    }
  } else {
    viewers = awayLast(newestFirst(entries), away);
    for (const entry of viewers) {
      at.push(rows.length);
      rows.push({ kind: 'viewer', key: keyOf(entry), entry, device: devices.get(entry) ?? null });
    }
  }
  return { rows, viewers, at };
}
