import { useEffect, useMemo, useRef, useState } from 'preact/hooks';
import type { GuideNowRow, Program } from '../../../shared/airwave';
import { fraction, localTime, programTitle } from '../../../shared/format';
import { onAir } from '../../../shared/on-air';
import { rovingStep } from '../components/a11y';
import { ChannelIcon, Empty, Progress, StaleNote } from '../components/bits';
import { useVirtualRows } from '../components/virtual';
import { StarButton } from '../features/buttons';
import { favouritesFirst, starKeys } from '../features/favourites-first';
import { channelDetail, focusedChannel, isStale, now, snapshot } from '../state';
import { onNow as t } from '../strings/on-now';
import './OnNow.css';

/**
 * Every channel from /guide/now: what is on, how far in, what comes next. Virtualised, with one
 * tab stop: the arrow keys move between rows, and the focused row stays rendered while scrolling.
 */
export const ON_NOW_ROW = 76;

export function OnNow() {
  const s = snapshot.value!;
  const rows = useMemo(() => favouritesFirst(s.onNow.data?.channels ?? [], s.favourites), [s.onNow.data, s.favourites]);
  const [active, setActive] = useState(0);
  const index = Math.min(active, Math.max(0, rows.length - 1));
  const { scrollRef, items, totalSize, scrollToIndex } = useVirtualRows(rows.length, ON_NOW_ROW, 6, rows.length ? index : null);
  const target = focusedChannel.value;
  // a star pressed from the keyboard moves its row (favourites first): focus follows it there once
  // the favourites have changed (a refresh of On now in between is not that change)
  const starred = useRef<string | null>(null);
  useEffect(() => {
    const id = starred.current;
    if (id === null) return;
    starred.current = null;
    const found = rows.findIndex((row) => row.id === id);
    if (found < 0) return;
    setActive(found);
    scrollToIndex(found);
    requestAnimationFrame(() => scrollRef.current?.querySelector<HTMLElement>(`[data-index="${found}"] .row-star`)?.focus());
  }, [s.favourites]);
  const focusRow = (i: number) =>
    requestAnimationFrame(() => scrollRef.current?.querySelector<HTMLElement>(`[data-index="${i}"] .channel-row`)?.focus({ preventScroll: false }));
  useEffect(() => {
    if (target === null) return;
    const found = rows.findIndex((row) => row.number === target);
    focusedChannel.value = null;
    if (found < 0) return;
    setActive(found);
    scrollToIndex(found);
    focusRow(found); // once it is rendered
  }, [target, rows.length]);

  if (!s.onNow.data) {
    return <Empty title={s.onNow.error ? t.failed : t.loading}>{s.onNow.error}</Empty>;
  }
  if (rows.length === 0) return <Empty title={t.empty} />;
  const at = now.value;
  const stale = isStale(s.onNow);
  const onKeyDown = (event: KeyboardEvent) => {
    if (starKeys(event)) return;
    const next = rovingStep(event.key, index, rows.length);
    if (next === null) return;
    event.preventDefault();
    setActive(next);
    scrollToIndex(next, 'auto');
    focusRow(next);
  };
  return (
    <div class={`on-now${stale ? ' stale' : ''}`}>
      {stale ? <StaleNote at={s.onNow.updatedAt!} /> : null}
      <div ref={scrollRef} class="scroll" role="list" aria-label={t.list(rows.length)} onKeyDown={onKeyDown}>
        <div style={{ height: `${totalSize}px`, position: 'relative' }}>
          {items.map((item) => {
            const row = rows[item.index]!;
            return (
              <div key={row.id} data-index={item.index} class="virtual-row" style={{ transform: `translateY(${item.start}px)`, height: `${ON_NOW_ROW}px` }} role="listitem">
                <ChannelRow row={row} at={at} tabbable={item.index === index} onFocus={() => setActive(item.index)} />
                <StarButton channel={{ channelId: row.id, channelNumber: row.number, channelName: row.name }} tabIndex={-1} class="row-star" onToggle={() => (starred.current = row.id)} />
              </div>
            );
          })}
        </div>
      </div>
    </div>
  );
}

function ChannelRow({ row, at, tabbable, onFocus }: { row: GuideNowRow; at: number; tabbable: boolean; onFocus: () => void }) {
  // a break shows what comes next and when, never an empty row, a past programme or a bumper as "next"
  const air = onAir([row.now, row.next], at);
  const current = air.current;
  const next = air.next;
  const title = current ? label(current) : air.break ? t.breakLine(localTime(air.break.at), programTitle(air.break.then)) : t.nothingOn;
  return (
    <button
      type="button"
      class="channel-row"
      data-channel={row.number}
      tabIndex={tabbable ? 0 : -1}
      onFocus={onFocus}
      onClick={() => (channelDetail.value = row.number)}
    >
      <span class="channel-number">{row.number}</span>
      <ChannelIcon icon={row.icon} tint={row.tint} />
      <span class="channel-main">
        <span class="channel-name" title={row.name}>
          {row.name}
        </span>
        <span class={`program-title${air.break ? ' bumper' : ''}`} title={title}>
          {title}
        </span>
        {current ? <Progress value={fraction(current.startsAt, current.endsAt, at)} label={t.progress(label(current))} /> : null}
        {next ? (
          <span class="channel-next" title={`${localTime(next.at)} ${programTitle(next.program)}`}>
            <span class="next-time">{localTime(next.at)}</span> {programTitle(next.program)}
          </span>
        ) : null}
      </span>
    </button>
  );
}

export function label(program: Program): string {
  if (program.ratingKey === null) return t.bumper(program.title);
  return programTitle(program);
}
