/**
 * When the tray's menu next changes by the clock alone: the first start or end, after `now`, of a
 * programme on a channel the menu names ("What's on"'s few rows, the channels viewers watch). The
 * tray works out what these rows show as it draws them (currentProgramme), so with the popover
 * closed nothing moves every row on at each programme end; the tray is redrawn at this moment
 * instead, by one timer (TrayPublisher), whatever the number of channels.
 */
import type { GuideNowRow } from '../../../shared/airwave';
import type { AppState } from '../state';
import { viewersOf } from '../viewers/watching';
import { MENU_VIEWERS, menuChannels } from './tray-view';

export interface DeadlineInput {
  /** the selected server's state ("What's on" lists its channels) */
  state: AppState;
  /** every followed server's state (their viewers are listed too) */
  states: readonly AppState[];
  favourites: ReadonlySet<string>;
}

export function trayDeadline({ state, states, favourites }: DeadlineInput, now: number): number | null {
  let earliest: number | null = null;
  const consider = (iso: string | undefined) => {
    const at = iso === undefined ? NaN : Date.parse(iso);
    if (at > now && (earliest === null || at < earliest)) earliest = at;
  };
  const row = (r: GuideNowRow | undefined) => {
    for (const program of [r?.now, r?.next]) {
      consider(program?.startsAt);
      consider(program?.endsAt);
    }
  };
  for (const r of menuChannels(state, favourites).shown) row(r);
  for (const s of states) {
    const channels = s.onNow.data?.channels;
    if (!channels) continue;
    for (const viewer of (viewersOf(s)?.viewers ?? []).slice(0, MENU_VIEWERS)) {
      if (viewer.channelNumber !== null) row(channels.find((r) => r.number === viewer.channelNumber));
    }
  }
  return earliest;
}
