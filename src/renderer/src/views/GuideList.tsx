import type { GuideChannel, Program } from '../../../shared/airwave';
import { programmeTitle } from '../../../shared/format';
import { endedSince, onAir } from '../../../shared/on-air';
import { ChannelIcon } from '../components/channel-icon';
import { useVirtualRows } from '../components/virtual';
import { channelDetail, programmeDetail } from '../state';
import { guideText } from '../strings/guide';
import { onNow as onNowText } from '../strings/on-now';
import { guideRows } from './guide-source';
import type { Timeline } from './guide-timeline';
import { LIST_ROW, OVERSCAN_ROWS } from './guide-layout';
import './GuideList.css';

/** Owns "List": the guide read as text by channel (now, next, later) instead of a grid. */

/** The guide read as a list by channel (its own virtual list: rows of another height than the grid's). */
export function GuideByChannel({ count, line, at }: { count: number; line: Timeline; at: number }) {
  const { scrollRef, items, totalSize } = useVirtualRows(count, LIST_ROW, OVERSCAN_ROWS);
  const first = items[0]?.index ?? 0;
  const rows = items.length ? guideRows(first, items[items.length - 1]!.index + 1, line.start, line.end) : [];
  return (
    <div ref={scrollRef} class="scroll guide-list-scroll" role="region" aria-label={guideText.byChannel(count)}>
      <ul class="guide-list" style={{ height: `${totalSize}px` }}>
        {items.map((item) => {
          const row = rows[item.index - first];
          return <ListRow key={row?.id ?? `pending-${item.index}`} row={row ?? null} at={at} top={item.start} />;
        })}
      </ul>
    </div>
  );
}

/**
 * One channel read as text: what is on now (until when), then the next two programmes; breaks
 * ("bumpers") are never named as next. The channel opens its sheet.
 */
function ListRow({ row, at, top }: { row: GuideChannel | null; at: number; top: number }) {
  if (!row) return <li class="guide-list-row guide-row-pending" style={{ transform: `translateY(${top}px)`, height: `${LIST_ROW}px` }} aria-hidden="true" />;
  const programmes = row.programs.filter((p) => Date.parse(p.endsAt) > at);
  // what is on: On now's one rule (shared/on-air.ts), a break named as one
  const air = onAir(row.programs, at);
  const current = air.current;
  const ahead = programmes.filter((p) => Date.parse(p.startsAt) > at && p.ratingKey !== null).slice(0, 2);
  const name = (p: Program) => (p.ratingKey === null ? guideText.bumper : programmeTitle(p));
  const channel = { number: row.number, name: row.name, id: row.id };
  // every slot the server sent has ended, nothing newer: the one rule (shared/on-air.ts), as On now says it
  const since = current || air.break ? null : endedSince(row.programs, at);
  return (
    <li class="guide-list-row" style={{ transform: `translateY(${top}px)`, height: `${LIST_ROW}px` }}>
      <button type="button" class="guide-list-channel" onClick={() => (channelDetail.value = row.number)}>
        <span class="channel-number">{row.number}</span>
        <ChannelIcon icon={row.icon} tint={row.tint} size={14} />
        <span class="guide-list-name">{row.name}</span>
      </button>
      <ul class="guide-list-slots">
        <li>
          <span class="guide-list-when">{guideText.onAir}</span>
          {current ? (
            <button type="button" class="guide-list-title" tabIndex={-1} onClick={() => (programmeDetail.value = { program: current, channel })}>
              {name(current)}
              <span class="muted"> · {guideText.until(Date.parse(current.endsAt))}</span>
            </button>
          ) : (
            <span class="muted">
              {air.break ? onNowText.breakLine(air.break.at, programmeTitle(air.break.then)) : since !== null ? onNowText.nothingSince(since) : guideText.nothingOn}
            </span>
          )}
        </li>
        {ahead.map((p, i) => (
          <li key={p.startsAt}>
            <span class="guide-list-when">{i === 0 ? guideText.next(Date.parse(p.startsAt)) : guideText.time(Date.parse(p.startsAt))}</span>
            <button type="button" class="guide-list-title" tabIndex={-1} onClick={() => (programmeDetail.value = { program: p, channel })}>
              {name(p)}
            </button>
          </li>
        ))}
      </ul>
    </li>
  );
}
