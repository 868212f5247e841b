import { useEffect } from 'preact/hooks';
import type { GuideNowRow, Program } from '../../../shared/airwave';
import { airing, clock, fraction, programTitle, upcoming } from '../../../shared/format';
import { ChannelIcon, Empty, Progress } from '../components/bits';
import { useVirtualRows } from '../components/virtual';
import { channelDetail, focusedChannel, now, snapshot } from '../state';
import './OnNow.css';

export const ON_NOW_ROW = 76;

/** Every channel from /guide/now: what is on, how far in, what comes next. Virtualised. */
export function OnNow() {
  const s = snapshot.value!;
  const rows = s.onNow.data?.channels ?? [];
  const { scrollRef, items, totalSize, scrollToIndex } = useVirtualRows(rows.length, ON_NOW_ROW);
  const target = focusedChannel.value;
  useEffect(() => {
    if (target === null) return;
    const index = rows.findIndex((row) => row.number === target);
    if (index >= 0) scrollToIndex(index);
    focusedChannel.value = null;
    // focus the row once it is rendered
    requestAnimationFrame(() => document.querySelector<HTMLElement>(`[data-channel="${target}"]`)?.focus());
  }, [target, rows.length]);

  if (!s.onNow.data) {
    return <Empty title={s.onNow.error ? 'The schedule could not be loaded' : 'Loading what is on…'}>{s.onNow.error}</Empty>;
  }
  if (rows.length === 0) return <Empty title="This server has no channels yet" />;
  const at = now.value;
  return (
    <div ref={scrollRef} class="scroll" role="list" aria-label={`${rows.length} channels`}>
      <div style={{ height: `${totalSize}px`, position: 'relative' }}>
        {items.map((item) => {
          const row = rows[item.index]!;
          return (
            <div key={row.id} class="virtual-row" style={{ transform: `translateY(${item.start}px)`, height: `${ON_NOW_ROW}px` }} role="listitem">
              <ChannelRow row={row} at={at} />
            </div>
          );
        })}
      </div>
    </div>
  );
}

function ChannelRow({ row, at }: { row: GuideNowRow; at: number }) {
  const current = airing([row.now, row.next], at);
  const next = upcoming([row.now, row.next], at);
  return (
    <button
      type="button"
      class="channel-row"
      data-channel={row.number}
      onClick={() => (channelDetail.value = row.number)}
      aria-label={`Channel ${row.number} ${row.name}: ${current ? label(current) : 'nothing on'}${next ? `, then ${label(next)} at ${clock(Date.parse(next.startsAt))}` : ''}`}
    >
      <span class="channel-number">{row.number}</span>
      <ChannelIcon icon={row.icon} tint={row.tint} />
      <span class="channel-main">
        <span class="channel-name">{row.name}</span>
        <span class={`program-title${current?.ratingKey === null ? ' bumper' : ''}`}>{current ? label(current) : 'Nothing on'}</span>
        {current ? <Progress value={fraction(current.startsAt, current.endsAt, at)} label={`${label(current)} progress`} /> : null}
        {next ? (
          <span class="channel-next">
            <span class="next-time">{clock(Date.parse(next.startsAt))}</span> {label(next)}
          </span>
        ) : null}
      </span>
    </button>
  );
}

export function label(program: Program): string {
  if (program.ratingKey === null) return `Bumper · ${program.title}`;
  return programTitle(program);
}
