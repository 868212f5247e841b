import { Bell, BookmarkCheck } from 'lucide-preact';
import type { GuideChannel, Program } from '../../../shared/airwave';
import { programmeTitle, titleRest } from '../../../shared/format';
import { endedSince, onAir as onAirOf } from '../../../shared/on-air';
import { ChannelIcon } from '../components/channel-icon';
import { StarButton } from '../features/buttons';
import { channelDetail, programmeDetail } from '../state';
import { guideText } from '../strings/guide';
import { block, xOf, type Timeline } from './guide-timeline';
import { COLUMN, ROW } from './guide-layout';
import './GuideBlock.css';
import type { Detail } from './GuideDetail';
import { marksOf, type Marks } from './guide-marks';
import { blockText, type BlockText, type Mark } from './guide-block-text';
import { fontOf, textWidth } from '../components/text-width';
import { common as commonText } from '../strings/common';

/**
 * Owns one channel's row of the guide grid: the pinned channel cell (the star beside the number
 * over the icon, then the name on up to two lines), its programme blocks, each cut to the part
 * in view, tinted by kind and marked (guide-marks.ts), saying what fits (guide-block-text.ts: the
 * title first), and "Nothing scheduled" where the server sent nothing for a stretch in view.
 */

/** a stretch in view without a programme this wide or wider says so, px */
const GAP_LABEL_PX = 90;

interface RowProps {
  row: GuideChannel;
  /** the row's place in the list shown */
  position: number;
  onStar: () => void;
  /** a programme or the channel is focused or pointed at (`element`: where, so the strip does not cover it) */
  onDetail: (detail: Detail, how: 'focus' | 'hover', element: HTMLElement) => void;
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
          onFocus={(event) => onDetail(channelDetailOf(), 'focus', event.currentTarget)}
          onMouseEnter={(event) => onDetail(channelDetailOf(), 'hover', event.currentTarget)}
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
      {gapsInView(row, line, visibleFrom, visibleTo).map((gap) => (
        <span key={`gap-${gap.from}`} role="gridcell" class="guide-gap muted" style={{ left: `${COLUMN + xOf(line, gap.from)}px`, width: `${xOf(line, gap.to) - xOf(line, gap.from)}px` }}>
          {guideText.nothingScheduled}
        </span>
      ))}
    </div>
  );
}

/**
 * The stretches in view (at least GAP_LABEL_PX wide) where the row has no programme: the whole
 * view for a channel the server sent nothing for, or where its schedule runs out.
 */
function gapsInView(row: GuideChannel, line: Timeline, visibleFrom: number, visibleTo: number): { from: number; to: number }[] {
  const from = Math.max(line.start, visibleFrom);
  const to = Math.min(line.end, visibleTo);
  const gaps: { from: number; to: number }[] = [];
  let at = from;
  for (const program of row.programs) {
    const starts = Date.parse(program.startsAt);
    const ends = Date.parse(program.endsAt);
    if (ends <= at) continue;
    if (starts >= to) break;
    if (starts > at) gaps.push({ from: at, to: starts });
    at = Math.max(at, ends);
  }
  if (at < to) gaps.push({ from: at, to });
  return gaps.filter((gap) => (gap.to - gap.from) / 60_000 * line.scale >= GAP_LABEL_PX);
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
  const timeWords = onAir ? guideText.onAir : guideText.time(starts);
  // what fits, the title first (guide-block-text.ts); too narrow for three letters: no text at all, the strip and the name say it
  const shown = textOf(title, bumper, marks, timeWords, place.width);
  const meta = shown.meta.length > 0;
  return (
    <button
      type="button"
      role="gridcell"
      tabIndex={-1}
      data-cell={`p${position}@${starts}`}
      class={`block${bumper ? ' block-bumper' : ''}${onAir ? ' block-now' : ''}${shown.bare ? ' block-bare' : ''}${shown.lines === 2 ? ' block-wrap' : ''}${shown.edge.length > 0 ? ' block-edged' : ''}${marks.kind ? ` block-${marks.kind}` : ''}`}
      data-starts={starts}
      data-ends={ends}
      style={{ left: `${COLUMN + place.left}px`, width: `${place.width}px` }}
      title={bumper ? commonText.labelled(guideText.bumper, program.title) : title}
      onFocus={(event) => onDetail(detail, 'focus', event.currentTarget)}
      onMouseEnter={(event) => onDetail(detail, 'hover', event.currentTarget)}
      onClick={() => (programmeDetail.value = { program, channel })}
    >
      {/* the accessible name starts with what is visible, then says the rest (WCAG 2.5.3) */}
      {shown.bare ? null : <span class="block-title">{title}</span>}
      {meta ? (
        <span class="block-meta">
          {shown.meta.map((item) => (item === 'time' ? <span key={item} class="block-time">{timeWords}</span> : <MarkIcon key={item} mark={item} />))}
        </span>
      ) : null}
      {shown.edge.length > 0 ? (
        <span class="block-edge">
          {shown.edge.map((mark) => (
            <MarkIcon key={mark} mark={mark} />
          ))}
        </span>
      ) : null}
      <span class="visually-hidden">
        {shown.bare ? title : ''}
        {guideText.blockRest(bumper ? program.title : titleRest(program, title), starts, ends, row.name, onAir && !shown.meta.includes('time'), marks)}
      </span>
    </button>
  );
}

function MarkIcon({ mark }: { mark: Mark }) {
  if (mark === 'fresh') return <span class="block-new">{guideText.fresh}</span>;
  return mark === 'reminded' ? <Bell class="block-mark" size={10} aria-hidden fill="currentColor" /> : <BookmarkCheck class="block-mark" size={10} aria-hidden />;
}

/** what blocks said at their widths (a block is drawn again every second, and on every scroll): bounded */
const said = new Map<string, BlockText>();
const MAX_SAID = 4_000;

/** What a block says (blockText), remembered for the same title, marks, time and width. */
function textOf(title: string, bumper: boolean, marks: Marks, time: string, width: number): BlockText {
  const key = `${bumper ? 1 : 0}${marks.reminded ? 1 : 0}${marks.followed ? 1 : 0}${marks.fresh ? 1 : 0}|${Math.round(width * 4)}|${time}|${title}`;
  let text = said.get(key);
  if (text === undefined) {
    text = blockText(measure(title, bumper, marks, time, width));
    if (said.size >= MAX_SAID) said.clear();
    said.set(key, text);
  }
  return text;
}

/** What blockText weighs, measured in the fonts the block draws them in. */
function measure(title: string, bumper: boolean, marks: Marks, time: string, width: number) {
  const outer = bumper ? 'block block-bumper' : 'block';
  const font = fontOf(outer, 'block-title');
  const present: Mark[] = [];
  if (marks.reminded) present.push('reminded');
  if (marks.followed) present.push('followed');
  if (marks.fresh) present.push('fresh');
  return {
    width,
    title,
    measure: (text: string) => textWidth(text, font),
    marks: present,
    // NEW's own padding and border (GuideBlock.css: 2 px a side and a 1 px border)
    fresh: marks.fresh ? textWidth(guideText.fresh, fontOf(outer, 'block-new')) + 6 : 0,
    time: textWidth(time, fontOf(outer, 'block-time')),
  };
}
