import type { PackageRef, Program } from '../../../shared/airwave';
import { followTitleOf, isFollowed, reminderFor } from '../features/actions';
import { isFirstAiring } from './guide-source';
import { kindOf, type Kind } from './guide-kind';

/**
 * Owns the marks a guide block and the detail strip carry, so the eye finds things without
 * reading: the programme's kind (film, episode, sport, news: only where the server says it, by
 * its type or its channel's package name), NEW (only where the core's episode record stands behind
 * it: a week of this server's guide read and no earlier airing of that episode in it;
 * core/features/episode-record.ts decides, the page only reads it), a title the user follows, and a
 * programme with a reminder set.
 */

export interface Marks {
  kind: Kind | null;
  fresh: boolean;
  followed: boolean;
  reminded: boolean;
}

/** All the marks of a programme on a channel (a bumper has none). */
export function marksOf(program: Program, channel: { id: string; package?: PackageRef | null }): Marks {
  if (program.ratingKey === null) return { kind: null, fresh: false, followed: false, reminded: false };
  return {
    kind: kindOf(program, channel.package ?? null),
    fresh: isFirstAiring(program),
    followed: isFollowed(followTitleOf(program)),
    reminded: reminderFor({ channelId: channel.id, startsAt: program.startsAt }) !== undefined,
  };
}
