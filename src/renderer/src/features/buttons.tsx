import { Bell, BellOff, Star } from 'lucide-preact';
import type { FavouriteChannel, ProgrammeRef } from '../../../shared/bridge';
import { programmeTitle } from '../../../shared/format';
import { bridge } from '../bridge';
import { features as t } from '../strings/features';
import { addReminder, cancelReminder, follow, followSaid, followTitleOf, isFavourite, isFollowed, policyOf, reminderFor, run, unfollow } from './actions';
import './features.css';
import { guideGap } from '../guide-gap';
import { common as commonText } from '../strings/common';

/** The star, remind and follow buttons the views share: each shows its state and toggles it. */

export function StarButton({ channel, tabIndex, class: className, onToggle, cell }: { channel: FavouriteChannel; tabIndex?: number; class?: string; onToggle?: () => void; cell?: string }) {
  const on = isFavourite(channel.channelId);
  const name = `${channel.channelNumber} ${channel.channelName}`;
  const label = on ? t.unstar(name) : t.star(name);
  return (
    <button
      type="button"
      class={`icon-button star${on ? ' star-on' : ''} ${className ?? ''}`}
      aria-pressed={on}
      aria-label={t.star(name)}
      title={label}
      tabIndex={tabIndex}
      data-cell={cell}
      onClick={(event) => {
        event.stopPropagation();
        onToggle?.();
        void run(() => bridge.setFavourite({ ...channel, favourite: !on }));
      }}
    >
      <Star size={16} aria-hidden fill={on ? 'currentColor' : 'none'} />
    </button>
  );
}

/**
 * "Remind me" for one airing; once set, "Reminder set" (pressing it again cancels). `compact` is
 * the bell, its word beside it where the row has room (search's results from 440 px: Search.css),
 * its tooltip and name saying it in full.
 */
export function RemindButton({ programme, compact = false, roving }: { programme: ProgrammeRef; compact?: boolean; roving?: Record<string, unknown> }) {
  const reminder = reminderFor(programme);
  const start = Date.parse(programme.startsAt);
  const what = programmeTitle(programme);
  const label = reminder ? t.cancelReminderOf(what, start) : t.remindAt(what, start);
  const toggle = () => void (reminder ? cancelReminder(reminder.id) : addReminder(programme));
  if (compact) {
    return (
      <button type="button" class={`icon-button remind${reminder ? ' remind-on' : ''}`} aria-pressed={!!reminder} aria-label={t.remindAt(what, start)} title={label} onClick={toggle} {...roving}>
        <Bell size={15} aria-hidden fill={reminder ? 'currentColor' : 'none'} />
        {/* the word its name starts with (set or not: the filled bell and its pressed state say which) */}
        <span class="action-word">{t.remind}</span>
      </button>
    );
  }
  return (
    <button type="button" class={`button chip remind${reminder ? ' remind-on' : ''}`} aria-pressed={!!reminder} title={label} onClick={toggle}>
      <Bell size={14} aria-hidden fill={reminder ? 'currentColor' : 'none'} />
      <span>{reminder ? t.reminded : t.remind}</span>
    </button>
  );
}

/**
 * The bell of a programme already on air: no reminder can be set, and it says why (its name, its
 * tooltip and its description). It stays focusable, so a keyboard user can reach the reason.
 */
export function TooLateBell({ programme, roving }: { programme: ProgrammeRef; roving?: Record<string, unknown> }) {
  const start = Date.parse(programme.startsAt);
  const why = t.tooLateToRemind(start);
  return (
    <button type="button" class="icon-button remind remind-late" aria-disabled="true" aria-label={commonText.labelled(t.remind, why)} title={why} {...roving}>
      <BellOff size={15} aria-hidden />
      <span class="action-word">{t.remind}</span>
    </button>
  );
}

/** Follow or unfollow the title a programme airs under (its show, for an episode): a labelled chip ("Follow", "Following"). */
export function FollowButton({ program, roving }: { program: { title: string; showTitle: string | null }; roving?: Record<string, unknown> }) {
  const title = followTitleOf(program);
  const on = isFollowed(title);
  // an Airwave without a guide can never remind of a followed title: no Follow is offered (there
  // are no programme rows without a guide, so no row loses a cell)
  if (!on && guideGap.value?.kind === 'lacking') return null;
  return (
    <button
      type="button"
      class={`button chip follow${on ? ' follow-on' : ''}`}
      aria-pressed={on}
      aria-label={on ? t.followingTitle(title) : t.followTitle(title)}
      title={on ? t.unfollowTitle(title) : t.followTitle(title)}
      onClick={() => void (on ? unfollow(title) : follow(title))}
      {...roving}
    >
      <span>{on ? t.following : t.follow}</span>
    </button>
  );
}

/**
 * What the last Follow of this programme's title did ("Following X: next reminder 18:31 …"), with
 * the other choice of airings one press away. Nothing until Follow was pressed here.
 */
export function FollowSaid({ program }: { program: { title: string; showTitle: string | null } }) {
  const title = followTitleOf(program);
  const said = followSaid.value;
  const policy = policyOf(title);
  if (!said || said.title.toLowerCase() !== title.toLowerCase() || policy === null) return null;
  const other = policy === 'first' ? 'every' : 'first';
  return (
    <p class="follow-said small" role="status">
      <span>{said.text}</span>{' '}
      <button type="button" class="link-button" onClick={() => void follow(title, other)}>
        {other === 'every' ? t.everyAiring : t.firstAirings}
      </button>
    </p>
  );
}
