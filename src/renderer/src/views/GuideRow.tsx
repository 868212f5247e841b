import { Bell, BookmarkCheck } from 'lucide-preact';
import type { GuideChannel, Program } from '../../../shared/airwave';
import { programmeTitle, titleRest } from '../../../shared/format';
import { endedSince, onAir as onAirOf } from '../../../shared/on-air';
import { ChannelIcon } from '../components/channel-icon';
import { StarButton } from '../features/buttons';
import { channelDetail, programmeDetail } from '../state';
import { guideText } from '../strings/guide';
import { block, TIME_MIN_PX, TITLE_MIN_PX, type Timeline } from './guide-timeline';
import { COLUMN, ROW } from './guide-layout';
import './GuideBlock.css';
import type { Detail } from './GuideDetail';
import { marksOf, type Marks } from './guide-marks';
import { common as commonText } from '../strings/common';

/**
 * Owns one channel's row of the guide grid: the pinned channel cell (the star beside the number
 * over the icon, then the name on up to two lines) and its programme blocks, each cut to the part
 * in view, tinted by kind and marked (guide-marks.ts); a block too narrow for three letters shows none.
 */

interface RowProps {
  row: GuideChannel;
  /** the row's place in the list shown */
  position: number;
  onStar: () => void;
  onDetail: (detail: Detail, how: 'focus' | 'hover') => void;
  line: Timeline;
  at: number;
  top: string;
  visibleFrom: number;
  visibleTo: number;
}

export function Row({ row, position, onStar, onDetail, line, at, top, visibleFrom, visibleTo }: RowProps) {
  const channel = { id: row.id, number: row.number, name: row.name };
  // what is on: On now's one rule (shared/on-air.ts), a break named as one
  const channelDetailOf = (): Detail => {
    const air = onAirOf(row.programs, at);
    return { program: null, channel, onAir: air.current, break: air.break, since: air.current || air.break ? null : endedSince(row.programs, at) };
  };
  return (
    <div class="guide-row" data-position={position} role="row" aria-rowindex={position + 1} aria-label={guideText.channel(row.number, row.name)} style={{ transform: top, height: `${ROW}px`, width: `${COLUMN + line.width}px` }}>
      <div class="guide-head" style={{ width: `${COLUMN}px` }} role="rowheader">
        <StarButton channel={{ channelId: row.id, channelNumber: row.number, channelName: row.name }} tabIndex={-1} class="guide-star" onToggle={onStar} cell={`s${position}`} />
        <button
          type="button"
          class="guide-channel"
          tabIndex={-1}
          data-cell={`c${position}`}
          onClick={() => (channelDetail.value = row.number)}
          onFocus={() => onDetail(channelDetailOf(), 'focus')}
          onMouseEnter={() => onDetail(channelDetailOf(), 'hover')}
        >
          {/* the number over the icon: the name gets the width, on two lines */}
          <span class="guide-channel-id">
            <span class="channel-number">{row.number}</span>
            <ChannelIcon icon={row.icon} tint={row.tint} size={14} />
          </span>
          <span class="guide-channel-name">{row.name}</span>
        </button>
      </div>
      {row.programs.map((program) => (
        <Block key={program.startsAt} program={program} row={row} position={position} line={line} at={at} visibleFrom={visibleFrom} visibleTo={visibleTo} onDetail={onDetail} />
      ))}
    </div>
  );
}

interface BlockProps {
  program: Program;
  row: GuideChannel;
  position: number;
  line: Timeline;
  at: number;
  visibleFrom: number;
  visibleTo: number;
  onDetail: RowProps['onDetail'];
}

function Block({ program, row, position, line, at, visibleFrom, visibleTo, onDetail }: BlockProps) {
  const starts = Date.parse(program.startsAt);
  const ends = Date.parse(program.endsAt);
  const place = block(line, starts, ends, visibleFrom, visibleTo);
  if (!place) return null;
  const onAir = starts <= at && at < ends;
  const bumper = program.ratingKey === null;
  // the show first for an episode ("Show: Episode"), cut with an ellipsis where the block ends
  const title = bumper ? guideText.bumper : programmeTitle(program);
  const channel = { number: row.number, name: row.name, id: row.id, package: row.package };
  const detail: Detail = { program, channel };
  const marks = marksOf(program, channel);
  // too narrow for three letters: no text at all (never a lone "P"); the strip and the name say it
  const text = place.width >= TITLE_MIN_PX;
  const meta = place.width >= TIME_MIN_PX;
  return (
    <button
      type="button"
      role="gridcell"
      tabIndex={-1}
      data-cell={`p${position}@${starts}`}
      class={`block${bumper ? ' block-bumper' : ''}${onAir ? ' block-now' : ''}${text ? '' : ' block-bare'}${marks.kind ? ` block-${marks.kind}` : ''}`}
      data-starts={starts}
      data-ends={ends}
      style={{ left: `${COLUMN + place.left}px`, width: `${place.width}px` }}
      title={bumper ? commonText.labelled(guideText.bumper, program.title) : title}
      onFocus={() => onDetail(detail, 'focus')}
      onMouseEnter={() => onDetail(detail, 'hover')}
      onClick={() => (programmeDetail.value = { program, channel })}
    >
      {/* the accessible name starts with what is visible, then says the rest (WCAG 2.5.3) */}
      {text ? <span class="block-title">{title}</span> : null}
      {meta ? (
        <span class="block-meta">
          {marks.fresh ? <span class="block-new">{guideText.fresh}</span> : null}
          {marks.reminded ? <Bell class="block-mark" size={10} aria-hidden fill="currentColor" /> : null}
          {marks.followed ? <BookmarkCheck class="block-mark" size={10} aria-hidden /> : null}
          <span class="block-time">{onAir ? guideText.onAir : guideText.time(starts)}</span>
        </span>
      ) : null}
      <span class="visually-hidden">
        {text ? '' : title}
        {guideText.blockRest(bumper ? program.title : titleRest(program, title), starts, ends, row.name, onAir && !meta)}
        {saidMarks(marks)}
      </span>
    </button>
  );
}

/** The marks in words, for screen readers (the strip shows the same). */
const saidMarks = (marks: Marks) =>
  [marks.fresh ? guideText.freshSaid : '', marks.reminded ? guideText.reminded : '', marks.followed ? guideText.followed : ''].filter(Boolean).map((word) => `, ${word.toLowerCase()}`).join('');
