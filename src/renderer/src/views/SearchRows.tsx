/**
 * Search's rows as drawn: a result's main cell and, for a programme, its two actions; the detail
 * line under the grid; the title split so the matched part stays in view, with the match marked.
 */
import type { JSX } from 'preact';
import type { Program } from '../../../shared/airwave';
import { dayLabel, dayOffset, episodeLabel, episodeShow, localTime } from '../../../shared/format';
import { now } from '../state';
import { search as t } from '../strings/search';
import { programmeRef } from '../features/actions';
import { FollowButton, RemindButton, TooLateBell } from '../features/buttons';
import { features } from '../strings/features';
import { label } from './OnNow';
import { hasActions, opensAirings, type CellProps, type ProgramResult, type Result } from './search-results';

/**
 * One result: its main cell (opens the programme, channel or viewer; a programme airing more than
 * once opens to its airings) and, for a programme, "Remind me" (its next airing) and "Follow" (its
 * title); an airing of a title opened has its own bell. A programme takes two lines: its time and
 * title, with the actions beside them, then under the title the episode and the channel (and how
 * many more airings), which run on under the actions: the row's width before any word gives way.
 */
export function ResultRow({
  result,
  index,
  at,
  query,
  cell,
  onChoose,
  onHover,
  open,
  listed,
}: {
  result: Result;
  index: number;
  at: number;
  query: string;
  cell: CellProps;
  onChoose: (result: Result, index: number) => void;
  onHover: (key: string | null) => void;
  open: boolean;
  /** opened: how many of its airings are listed under it */
  listed: number | null;
}) {
  const actions = hasActions(result);
  const opens = opensAirings(result);
  const airing = result.kind === 'program' && result.airing !== undefined;
  return (
    <div role="row" class={`result${result.kind === 'more' ? ' result-more' : ''}${actions ? ' result-acts' : ''}${airing ? ' result-airing' : ''}`} data-key={result.key} onMouseEnter={() => onHover(result.key)}>
      <div role="gridcell" class="result-cell-main" aria-colspan={actions ? undefined : 3}>
        <button
          type="button"
          class={`result-main${result.kind === 'program' ? ' result-main-programme' : ''}`}
          title={result.kind !== 'program' ? undefined : opens ? (open ? t.hideAirings(result.title) : t.showAirings(result.airings, result.title)) : label(result.program)}
          aria-expanded={opens ? open : undefined}
          onClick={() => onChoose(result, index)}
          {...cell(index, 0)}
        >
          <ResultBody result={result} at={at} query={query} listed={listed} />
        </button>
      </div>
      {actions ? <RowActions result={result} cell={cell} index={index} /> : null}
    </div>
  );
}

/**
 * A programme row's actions: the bell (or why not, once it is on air) and, on a title's row,
 * Follow. A title on air now with more airings to come reminds of the next of them.
 */
function RowActions({ result, cell, index }: { result: ProgramResult; cell: CellProps; index: number }) {
  const airing = result.next ?? result;
  const ref = programmeRef(airing.program, airing.channel);
  const ahead = Date.parse(airing.program.startsAt) > now.value;
  return (
    <div class="result-actions">
      <div role="gridcell" class="result-cell-action">
        {ahead ? <RemindButton programme={ref} compact roving={cell(index, 1)} /> : <TooLateBell programme={ref} roving={cell(index, 1)} />}
      </div>
      {result.airing === undefined ? (
        <div role="gridcell" class="result-cell-action">
          <FollowButton program={result.program} roving={cell(index, 2)} />
        </div>
      ) : null}
    </div>
  );
}

/** Under the grid: the row in hand in full (title, times, channel) and, on air, why there is no reminder. */
export function Detail({ result, at }: { result: Result; at: number }) {
  if (result.kind !== 'program') return null;
  const { program, channel } = result;
  const onAir = result.start <= at;
  const ends = Date.parse(program.endsAt);
  return (
    <div class="search-detail">
      <p class="search-detail-title">{label(program)}</p>
      <p class="muted small">
        {onAir ? t.until(ends) : `${localTime(result.start)}–${localTime(ends)}`} · {channel.number} {channel.name}
        {onAir && program.ratingKey !== null ? ` · ${features.tooLateToRemind(result.start)}` : ''}
      </p>
    </div>
  );
}

/**
 * A programme's title in a row too narrow for it, split so the part that says most stays in view:
 * when the match is in the show's name ("Robo-Ranch: The Big Roundup" for "robo"), the show gives
 * way first and the episode stays ("Robo-R…The Big Roundup"); when the match lies further on, the
 * start gives way before the matched word ("The …Night Shift"). The text is the title in full.
 */
function MatchInView({ program, query }: { program: Program; query: string }) {
  const text = label(program);
  const found = query === '' ? -1 : text.toLowerCase().indexOf(query.toLowerCase());
  const shown = episodeShow(program);
  const show = shown && text.startsWith(`${shown}: `) ? shown.length + 2 : 0;
  const cut = show > 0 && found >= 0 && found + query.length <= show ? show : found > 0 ? text.lastIndexOf(' ', found) + 1 : 0;
  if (cut <= 0) return <span class="result-title-tail">{<Marked text={text} query={query} />}</span>;
  return (
    <>
      <span class="result-title-head">
        <Marked text={text.slice(0, cut)} query={query} />
      </span>
      <span class="result-title-tail">
        <Marked text={text.slice(cut)} query={query} />
      </span>
    </>
  );
}

/** `text` with each place `query` occurs marked. */
function Marked({ text, query }: { text: string; query: string }) {
  if (query === '') return <>{text}</>;
  const lower = text.toLowerCase();
  const needle = query.toLowerCase();
  const parts: (string | JSX.Element)[] = [];
  let from = 0;
  for (let i = lower.indexOf(needle); i >= 0 && parts.length < 20; i = lower.indexOf(needle, i + needle.length)) {
    if (i > from) parts.push(text.slice(from, i));
    parts.push(<mark key={i}>{text.slice(i, i + needle.length)}</mark>);
    from = i + needle.length;
  }
  parts.push(text.slice(from));
  return <>{parts}</>;
}

function ResultBody({ result, at, query, listed }: { result: Result; at: number; query: string; listed: number | null }) {
  if (result.kind === 'more') return <span class="result-title">{t.showAll(result.count)}</span>;
  if (result.kind === 'viewer') {
    return (
      <>
        <span class="result-title">
          <Marked text={result.user} query={query} />
          <span class="visually-hidden">, </span>
        </span>
        <span class="result-channel">{[t.viewer, result.what, result.server].filter(Boolean).join(' · ')}</span>
      </>
    );
  }
  if (result.kind === 'channel') {
    return (
      <>
        <span class="result-title">
          {result.number} <Marked text={result.name} query={query} />
          <span class="visually-hidden">, </span>
        </span>
        <span class="result-channel">{t.channel}</span>
      </>
    );
  }
  const onAir = result.start <= at;
  const when = (
    <span class="result-when">
      {onAir ? <span class="tag-now">{t.onNow}</span> : localTime(result.start)}
      <span class="visually-hidden">, </span>
    </span>
  );
  const channel = (
    <span class="result-channel">
      {result.channel.number} {result.channel.name}
    </span>
  );
  const dot = <span class="result-dot"> · </span>;
  if (result.airing !== undefined) {
    // one airing of a title opened: its channel, then its day (when not today) and its episode
    const day = dayOffset(result.start, at) !== 0 ? dayLabel(result.start, at) : null;
    const episode = result.program.showTitle ? [episodeLabel(result.program.season, result.program.episode), result.program.title].filter(Boolean).join(' ') : null;
    return (
      <>
        {when}
        <span class="result-title result-title-channel">
          {channel}
          <span class="visually-hidden">, </span>
        </span>
        <span class="result-sub">
          {day ? <span class="result-day-of">{day}</span> : null}
          {day && episode ? dot : null}
          {episode ? (
            <span class="result-episode">
              <Marked text={episode} query={query} />
            </span>
          ) : null}
        </span>
      </>
    );
  }
  // an episode reads as its show on the first line and the episode beside the channel under it
  const show = result.program.ratingKey !== null ? episodeShow(result.program) : null;
  const more = result.airings - 1;
  // the accessible name is the text: what is shown, in order, the hidden commas keeping the parts apart
  return (
    <>
      {when}
      <span class="result-title result-title-split">
        {show !== null ? (
          <span class="result-title-tail">
            <Marked text={show} query={query} />
          </span>
        ) : (
          <MatchInView program={result.program} query={query} />
        )}
        <span class="visually-hidden">, {onAir ? `${t.until(Date.parse(result.program.endsAt))}, ` : ''}</span>
      </span>
      <span class="result-sub">
        {/* the episode gives way first, then the channel; how many more airings never */}
        <span class="result-where">
          {show !== null ? (
            <>
              <span class="result-episode">
                <Marked text={result.program.title} query={query} />
              </span>
              {dot}
            </>
          ) : null}
          {channel}
        </span>
        {more > 0 ? (
          <>
            {dot}
            {/* opened and more than are listed: how many of them are */}
            <span class="result-more-airings">{listed !== null && listed < result.airings ? t.airingsCut(listed, result.airings) : t.moreAirings(more)}</span>
          </>
        ) : null}
      </span>
    </>
  );
}
