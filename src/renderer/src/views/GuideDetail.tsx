import { Bell, BookmarkCheck } from 'lucide-preact';
import type { PackageRef, Program } from '../../../shared/airwave';
import { marksOf } from './guide-marks';
import { episodeLabel, localTime, programmeTitle } from '../../../shared/format';
import { guideText } from '../strings/guide';
import { onNow as onNowText } from '../strings/on-now';
import './GuideDetail.css';
import { common as commonText } from '../strings/common';

/**
 * Owns the guide's detail strip: what it reads out for the programme or channel focused or
 * hovered. It floats over the grid's foot only while there is one (issue 47: no room kept for it
 * otherwise), over its top when the item in hand is down there; a pointer passes through it.
 */

/** What the detail strip shows: a programme with its channel, or a channel (with what is on). */
export type Detail = {
  program: Program | null;
  channel: { id: string; number: number; name: string; package?: PackageRef | null };
  onAir?: Program | null;
  /** a break airs on the channel: what it leads to and when (shared/on-air.ts) */
  break?: { at: number; then: Program } | null;
  /** nothing on and every slot the server sent has ended: when the last one did (shared/on-air.ts endedSince) */
  since?: number | null;
};

/**
 * Over the grid: the programme focused or hovered in full (title, time, episode, channel,
 * summary), or the channel focused with what it has on. Nothing is only in a cut-off block.
 */
export function DetailStrip({ detail, at, top }: { detail: Detail; at: number; top: boolean }) {
  const place = top ? ' guide-detail-top' : '';
  const { program, channel, onAir, since, break: pause } = detail;
  if (!program) {
    return (
      <div class={`guide-detail${place}`}>
        <p class="guide-detail-title">{guideText.channelFull(channel.number, channel.name)}</p>
        {onAir ? (
          <p class="guide-detail-meta small">
            <span class="tag-now">{guideText.onAir}</span>
            {`${onAir.ratingKey === null ? guideText.bumper : programmeTitle(onAir)} · ${guideText.until(Date.parse(onAir.endsAt))}`}
          </p>
        ) : pause ? (
          <p class="guide-detail-meta small muted">{onNowText.breakLine(pause.at, programmeTitle(pause.then))}</p>
        ) : since != null ? (
          <p class="guide-detail-meta small muted">{onNowText.nothingSince(since, at)}</p>
        ) : null}
      </div>
    );
  }
  const starts = Date.parse(program.startsAt);
  const ends = Date.parse(program.endsAt);
  const bumper = program.ratingKey === null;
  const title = bumper ? commonText.labelled(guideText.bumper, program.title) : programmeTitle(program);
  const episode = episodeLabel(program.season, program.episode);
  const airing = starts <= at && at < ends;
  const marks = marksOf(program, channel);
  return (
    <div class={`guide-detail${place}`} data-detail-starts={starts}>
      <p class="guide-detail-title">{title}</p>
      <p class="guide-detail-meta small">
        {airing ? <span class="tag-now">{guideText.onAir}</span> : null}
        {/* the block's marks, in words */}
        {marks.kind ? <span class={`guide-kind block-${marks.kind}`}>{guideText.kind[marks.kind]}</span> : null}
        {marks.fresh ? <span class="block-new">{guideText.fresh}</span> : null}
        {marks.reminded ? (
          <span class="guide-mark">
            <Bell size={11} aria-hidden fill="currentColor" />
            {guideText.reminded}
          </span>
        ) : null}
        {marks.followed ? (
          <span class="guide-mark">
            <BookmarkCheck size={11} aria-hidden />
            {guideText.followed}
          </span>
        ) : null}
        {[`${localTime(starts)}–${localTime(ends)}`, episode, program.year && !program.showTitle ? String(program.year) : '', `${channel.number} ${channel.name}`].filter(Boolean).join(' · ')}
      </p>
      {program.summary ? <p class="guide-detail-summary small">{program.summary}</p> : null}
    </div>
  );
}
