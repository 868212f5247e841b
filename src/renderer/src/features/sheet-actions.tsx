import type { Program } from '../../../shared/airwave';
import { programmeRef } from './actions';
import { FollowButton, FollowSaid, RemindButton, StarButton } from './buttons';
import { features as t } from '../strings/features';

/** The feature controls the channel sheet and search show: a star, and remind/follow for a programme. */

export function ChannelStar({ id, number, name }: { id: string | null; number: number; name: string }) {
  if (!id) return null;
  return <StarButton channel={{ channelId: id, channelNumber: number, channelName: name }} class="sheet-star" />;
}

/**
 * "Remind me" (for one still to start; for one on air, why not) and "Follow" for a programme;
 * nothing for a bumper. During a break the sheet passes the programme after it, so Remind me stays.
 */
export function SlotActions({ program, channel, compact = false }: { program: Program | null; channel: { id: string | null; number: number; name: string }; compact?: boolean }) {
  if (!program || program.ratingKey === null || !channel.id) return null;
  const ref = programmeRef(program, { id: channel.id, number: channel.number, name: channel.name });
  const ahead = Date.parse(program.startsAt) > Date.now();
  if (compact) return ahead ? <RemindButton programme={ref} compact /> : null;
  return (
    <div class="slot-actions">
      {ahead ? <RemindButton programme={ref} /> : <span class="muted small slot-too-late">{t.tooLateToRemind(Date.parse(program.startsAt))}</span>}
      <FollowButton program={program} />
      <FollowSaid program={program} />
    </div>
  );
}
