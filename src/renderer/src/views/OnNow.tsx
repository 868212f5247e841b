import { useEffect, useRef, useState } from 'preact/hooks';
import type { Program } from '../../../shared/airwave';
import type { OnNowRow } from '../../../shared/bridge';
import { bridge } from '../bridge';
import { fraction, localTime, programmeTitle } from '../../../shared/format';
import { onAir } from '../../../shared/on-air';
import { rovingStep } from '../components/a11y';
import { ChannelIcon, Empty, Progress, StaleNote } from '../components/bits';
import { useVirtualRows } from '../components/virtual';
import { StarButton } from '../features/buttons';
import { starKeys } from '../features/star-keys';
import { onNowCount, useOnNowRows } from './on-now-rows';
import { groupInEffect, groupOptions, onNowGroup } from './group-filter';
import { GroupMenu } from './GroupMenu';
import { groups as groupText } from '../strings/groups';
import { channelDetail, focusedChannel, isStale, now, snapshot } from '../state';
import { onNow as t } from '../strings/on-now';
import { common } from '../strings/common';
import './OnNow.css';
import { guideGap } from '../guide-gap';

/**
 * Every channel from /guide/now: what is on, how far in, what comes next. Virtualised, with one
 * tab stop: the arrow keys move between rows, and the focused row stays rendered while scrolling.
 * The rows come from the core as they come into view (on-now-rows.ts): the snapshot says only how
 * many there are, in On now's order (starred channels first), and which changed. Where the server
 * has packages, a group menu above the list shows one package's channels (or Other's).
 */
export const ON_NOW_ROW = 76;

export function OnNow() {
  const s = snapshot.value!;
  const summary = s.onNow.data;
  const options = groupOptions(s);
  const group = groupInEffect(onNowGroup, options);
  const count = onNowCount(summary, group);
  const [active, setActive] = useState(0);
  const index = Math.min(active, Math.max(0, count - 1));
  const { scrollRef, items, totalSize, scrollToIndex } = useVirtualRows(count, ON_NOW_ROW, 6, count ? index : null);
  const rowAt = useOnNowRows(summary, items[0]?.index ?? 0, items.at(-1)?.index ?? 0, group);
  // another group lists other rows: start at its top
  const shownGroup = useRef(group);
  useEffect(() => {
    if (shownGroup.current === group) return;
    shownGroup.current = group;
    setActive(0);
    scrollRef.current?.scrollTo({ top: 0 });
  }, [group]);
  const target = focusedChannel.value;
  // the row the keyboard is on now: keys pressed faster than a frame each move on from the last one,
  // and the focus given a frame later goes to the row asked for last (never back to an older one)
  const latest = useRef(index);
  latest.current = index;
  const focusRow = (i: number, part = '.channel-row') => {
    latest.current = i;
    requestAnimationFrame(() => scrollRef.current?.querySelector<HTMLElement>(`[data-index="${latest.current}"] ${part}`)?.focus({ preventScroll: false }));
  };
  /** Moves focus to the row the core puts `which` at (a channel asked for, or a star that moved its row). */
  const follow = (which: { numbers: number[] } | { ids: string[] }, part?: string) =>
    void bridge.getOnNowRows(group === null ? which : { ...which, group }).then((answer) => {
      const found = answer.ok ? answer.value.rows[0]?.index : undefined;
      if (found === undefined) return;
      setActive(found);
      scrollToIndex(found);
      focusRow(found, part); // once it is rendered
    });
  // a star pressed from the keyboard moves its row (favourites first): focus follows it there once
  // the favourites have changed (a refresh of On now in between is not that change)
  const starred = useRef<string | null>(null);
  useEffect(() => {
    const id = starred.current;
    if (id === null) return;
    starred.current = null;
    follow({ ids: [id] }, '.row-star');
  }, [s.favourites]);
  useEffect(() => {
    if (target === null) return;
    focusedChannel.value = null;
    follow({ numbers: [target] });
  }, [target, count]);

  if (!summary) {
    // no rows held: what is wrong, never "Loading…" for ever while the server is away
    const gap = guideGap.value;
    return <Empty title={s.onNow.lacking ? common.notInThisVersion : gap ? gap.text : s.onNow.error ? t.failed : t.loading}>{s.onNow.error}</Empty>;
  }
  if (summary.count === 0) return <Empty title={t.empty} />;
  const toolbar = options ? (
    <div class="on-now-toolbar">
      <GroupMenu options={options} choice={onNowGroup} selected={group} id="on-now-group" />
    </div>
  ) : null;
  if (count === 0) {
    return (
      <div class="on-now">
        {toolbar}
        <Empty title={groupText.empty}>{groupText.emptyHint}</Empty>
      </div>
    );
  }
  const at = now.value;
  const stale = isStale(s.onNow);
  const onKeyDown = (event: KeyboardEvent) => {
    if (starKeys(event)) return;
    const next = rovingStep(event.key, latest.current, count);
    if (next === null) return;
    event.preventDefault();
    setActive(next);
    scrollToIndex(next, 'auto');
    focusRow(next);
  };
  return (
    <div class={`on-now${stale ? ' stale' : ''}`}>
      {stale ? <StaleNote at={s.onNow.updatedAt!} /> : null}
      {toolbar}
      <div ref={scrollRef} class="scroll" role="list" aria-label={t.list(count)} onKeyDown={onKeyDown}>
        <div style={{ height: `${totalSize}px`, position: 'relative' }}>
          {items.map((item) => {
            const row = rowAt(item.index);
            return (
              // keyed by place: a row that arrives fills the button already there, so focus stays on it
              <div key={item.index} data-index={item.index} class="virtual-row" style={{ transform: `translateY(${item.start}px)`, height: `${ON_NOW_ROW}px` }} role="listitem">
                <ChannelRow row={row ?? null} at={at} tabbable={item.index === index} onFocus={() => setActive(item.index)} />
                {row ? <StarButton channel={{ channelId: row.id, channelNumber: row.number, channelName: row.name }} tabIndex={-1} class="row-star" onToggle={() => (starred.current = row.id)} /> : null}
              </div>
            );
          })}
        </div>
      </div>
    </div>
  );
}

function ChannelRow({ row, at, tabbable, onFocus }: { row: OnNowRow | null; at: number; tabbable: boolean; onFocus: () => void }) {
  if (!row) {
    // not read from the core yet: the same button, so focus given to it now stays when the row arrives
    return (
      <button type="button" class="channel-row channel-row-pending" tabIndex={tabbable ? 0 : -1} aria-busy="true" onFocus={onFocus}>
        <span class="channel-main">
          <span class="program-title">{t.loadingRow}</span>
        </span>
      </button>
    );
  }
  // a break shows what comes next and when, never an empty row, a past programme or a bumper as "next"
  const air = onAir([row.now, row.next], at);
  const current = air.current;
  const next = air.next;
  // a channel past what the app holds says so, until the server is asked again (never a past programme)
  const title = current ? label(current) : air.break ? t.breakLine(air.break.at, programmeTitle(air.break.then)) : row.nothingSince !== null ? t.nothingSince(row.nothingSince) : row.waiting ? t.waiting : t.nothingOn;
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
          <span class="channel-next" title={`${localTime(next.at)} ${programmeTitle(next.program)}`}>
            <span class="next-time">{localTime(next.at)}</span> {programmeTitle(next.program)}
          </span>
        ) : null}
      </span>
    </button>
  );
}

export function label(program: Program): string {
  if (program.ratingKey === null) return t.bumper(program.title);
  return programmeTitle(program);
}
