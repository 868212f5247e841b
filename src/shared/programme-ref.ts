/**
 * A programme named for a reminder or an airing: the server's programme with its channel, reduced
 * to what survives a restart (ids, titles, times). Shared by the core's watchlist and the popover.
 */
import type { ProgrammeRef } from './bridge';

export function programmeRef(
  program: { title: string; showTitle: string | null; ratingKey: string | null; startsAt: string; endsAt: string },
  channel: { id: string; number: number; name: string },
): ProgrammeRef {
  return {
    channelId: channel.id,
    channelNumber: channel.number,
    channelName: channel.name,
    title: program.title,
    showTitle: program.showTitle,
    ratingKey: program.ratingKey,
    startsAt: program.startsAt,
    endsAt: program.endsAt,
  };
}
