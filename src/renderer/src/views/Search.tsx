import type { JSX } from 'preact';
import { useEffect, useLayoutEffect, useMemo, useRef, useState } from 'preact/hooks';
import type { Program } from '../../../shared/airwave';
import { channelLabel, dayLabel, dayOffset, episodeShow, localTime } from '../../../shared/format';
import type { GuideSearchHit, OnNowMatches } from '../../../shared/bridge';
import { bridge } from '../bridge';
import { useDialog } from '../components/a11y';
import { channelDetail, isStale, now, programmeDetail, searchOpen, snapshot, viewerDetail } from '../state';
import { search as t } from '../strings/search';
import { featureError, follow, followSaid, programmeRef } from '../features/actions';
import { FollowButton, FollowSaid, RemindButton, TooLateBell } from '../features/buttons';
import { gridStep } from '../components/grid-step';
import { features } from '../strings/features';
import { viewerKey, viewerRef, type ViewerRef } from '../server-state';
import { label } from './OnNow';
import '../components/sheet.css';
import { appendAll } from '../../../shared/extent';

/** Programmes asked of the core: at most this many on now, and this many later. */
const MAX_HITS = 60;
/** Rows shown per group until "Show all" is chosen. */
const CAP: Record<GroupId, number> = { people: 3, channels: 3, onNow: 5, later: 8 };

type ProgramResult = { kind: 'program'; key: string; program: Program; start: number; channel: { number: number; name: string; id: string } };

type GroupId = 'people' | 'channels' | 'onNow' | 'later';

type Result =
  | { kind: 'viewer'; key: string; user: string; viewer: ViewerRef; what: string | null; server: string | null }
  | { kind: 'channel'; key: string; number: number; name: string }
  | ProgramResult
  | { kind: 'more'; key: string; group: GroupId; count: number };

/**
 * Search: viewers, channel names, titles and shows over the next 24 hours, whatever window the
 * guide shows (the core loads a day for search when the guide holds less), and says so. Results
 * come in groups (People, Channels, On now, Later under Today/Tomorrow), each capped with "Show
 * all"; the match is highlighted. The results are a grid: each programme row carries its own
 * "Remind me" and "Follow"; the field stays the way in (Down moves into the grid, one Tab stop,
 * arrows inside, Escape back to the field). One × clears the field, Escape in it closes search.
 * Nothing found says what was searched and offers to follow it.
 */
export function Search() {
  const [query, setQuery] = useState('');
  const [expanded, setExpanded] = useState<GroupId | null>(null);
  /** the grid's one tab stop: the row (by key) and cell last focused */
  const [stop, setStop] = useState<{ key: string; col: number } | null>(null);
  /** the row the detail line reads: the one hovered, else the one focused */
  const [hovered, setHovered] = useState<string | null>(null);
  const [focused, setFocused] = useState<string | null>(null);
  const root = useRef<HTMLDivElement>(null);
  const input = useRef<HTMLInputElement>(null);
  const grid = useRef<HTMLDivElement>(null);
  /** a row to focus once drawn (after "Show all" took the place of the row pressed) */
  const refocus = useRef<number | null>(null);
  useDialog(root, input);
  const s = snapshot.value!;
  const connected = s.connection.state !== 'unconfigured';

  const at = now.peek();
  // programmes are searched where the guide is held (the core), not in the page: each keystroke
  // asks the core, which answers from what it holds (a day loaded for search at most hourly, through
  // its request governor), never the server
  const [hits, setHits] = useState<{ query: string; hits: GuideSearchHit[] } | null>(null);
  useEffect(() => {
    let current = true;
    const q = query.trim();
    if (q === '' || !connected) setHits(null);
    else {
      void bridge.searchGuide({ query: query.slice(0, 200), limit: MAX_HITS, after: Math.max(0, Math.floor(at)) }).then((outcome) => {
        if (current) setHits(outcome.ok ? { query: q, hits: outcome.value } : null);
      });
    }
    return () => {
      current = false;
    };
  }, [query, s.guide.revision, s.guide.state, s.settings.selectedServer]);
  // channels, and what is on now or next while the guide's answer is not in yet: from the core's
  // held On now (the page holds no rows of its own)
  const [held, setHeld] = useState<OnNowMatches | null>(null);
  useEffect(() => {
    let current = true;
    if (query.trim() === '' || !connected) setHeld(null);
    else {
      void bridge.findOnNow({ query: query.slice(0, 200) }).then((outcome) => {
        if (current) setHeld(outcome.ok ? outcome.value : null);
      });
    }
    return () => {
      current = false;
    };
  }, [query, s.settings.selectedServer, s.onNow.data === null]);
  const groups = useMemo(() => find(query, s, at, hits?.hits ?? null, held), [query, hits, held, s.nowPlaying.data]);
  const results = useMemo(() => flatten(groups, expanded), [groups, expanded]);
  const searching = query.trim() !== '' && connected && hits?.query !== query.trim();
  const close = () => (searchOpen.value = false);
  const clear = () => {
    setQuery('');
    setExpanded(null);
    input.current?.focus();
  };
  const choose = (result: Result | undefined, index = 0) => {
    if (!result) return;
    if (result.kind === 'more') {
      // the group's next row takes this one's place: focus goes there, not to the page
      if (grid.current?.contains(document.activeElement)) refocus.current = index;
      setExpanded(result.group);
      return;
    }
    close();
    if (result.kind === 'channel') channelDetail.value = result.number;
    else if (result.kind === 'viewer') viewerDetail.value = result.viewer;
    else programmeDetail.value = { program: result.program, channel: result.channel };
  };
  const cellAt = (row: number, col: number) => grid.current?.querySelector<HTMLElement>(`[data-row="${row}"][data-col="${col}"]`) ?? null;
  // the dialog's keys: Escape closes, Down from the field moves into the grid, Enter there opens the first result
  const onKey = (event: KeyboardEvent) => {
    if (event.key === 'Escape') {
      event.stopPropagation();
      close();
    } else if (event.target === input.current && event.key === 'ArrowDown') {
      event.preventDefault();
      cellAt(0, 0)?.focus();
    } else if (event.target === input.current && event.key === 'Enter') {
      event.preventDefault();
      choose(results[0], 0);
    }
  };
  // the grid's keys: arrows, Home/End (with Ctrl to the grid's ends), Page keys; Escape and Up
  // from the first row go back to the field, and typing goes on in the field
  const gridKeys = (event: KeyboardEvent) => {
    const from = (event.target as HTMLElement).closest<HTMLElement>('[data-row]');
    if (!from) return;
    if (event.key === 'Escape') {
      event.preventDefault();
      event.stopPropagation();
      input.current?.focus();
      return;
    }
    if ((event.key.length === 1 && event.key !== ' ' && !event.ctrlKey && !event.metaKey && !event.altKey) || event.key === 'Backspace') {
      input.current?.focus(); // the key lands in the field
      return;
    }
    const move = gridStep(event.key, { row: Number(from.dataset.row), col: Number(from.dataset.col) }, results.map(widthOf), event.ctrlKey || event.metaKey);
    if (move === null) return;
    event.preventDefault();
    if (move === 'before') input.current?.focus();
    else cellAt(move.row, move.col)?.focus();
  };
  const onFocusIn = (event: FocusEvent) => {
    const cell = (event.target as HTMLElement).closest<HTMLElement>('[data-row]');
    const result = cell ? results[Number(cell.dataset.row)] : undefined;
    if (!cell || !result) return;
    setStop({ key: result.key, col: Number(cell.dataset.col) });
    setFocused(result.key);
  };
  const onFocusOut = (event: FocusEvent) => {
    if (!grid.current?.contains(event.relatedTarget as Node | null)) setFocused(null);
  };
  useLayoutEffect(() => {
    if (refocus.current === null) return;
    const index = Math.min(refocus.current, results.length - 1);
    refocus.current = null;
    cellAt(index, 0)?.focus();
  }, [results]);
  // where the tab stop is: the cell last focused while its row is still there, else the first row's
  const stopRow = stop ? results.findIndex((r) => r.key === stop.key) : -1;
  const tabStop = stopRow >= 0 ? { row: stopRow, col: Math.min(stop!.col, widthOf(results[stopRow]!) - 1) } : { row: 0, col: 0 };
  const cell = (row: number, col: number) => ({ 'data-row': row, 'data-col': col, tabIndex: row === tabStop.row && col === tabStop.col ? 0 : -1 });
  // the row in focus went away (new results arrived): focus goes to the tab stop, else the field, never the page
  useLayoutEffect(() => {
    if (focused === null || (document.activeElement && document.activeElement !== document.body)) return;
    (cellAt(tabStop.row, tabStop.col) ?? input.current)?.focus();
  });

  const stale = isStale(s.guide.window ? s.guide : s.onNow);
  const heldFrom = (s.guide.window ? s.guide : s.onNow).updatedAt;
  const q = query.trim();
  const total = groups.people.length + groups.channels.length + groups.onNow.length + groups.later.length;
  const empty = q !== '' && !searching && total === 0;
  const detail = results.find((r) => r.key === (hovered ?? focused));
  return (
    <div ref={root} class="sheet search" role="dialog" aria-modal="true" aria-label={t.dialog} onKeyDown={onKey}>
      <div class="sheet-body">
        <div class="search-head">
          <div class="search-field">
            <input
              ref={input}
              class="search-input"
              type="text"
              role="searchbox"
              placeholder={t.placeholder}
              aria-label={t.label}
              aria-controls="search-results"
              aria-keyshortcuts="ArrowDown"
              value={query}
              onInput={(event) => {
                setQuery((event.currentTarget as HTMLInputElement).value);
                setExpanded(null);
                setStop(null);
              }}
            />
            {query !== '' ? (
              <button type="button" class="search-clear" onClick={clear} aria-label={t.clear} title={t.clear}>
                ×
              </button>
            ) : null}
          </div>
          <button type="button" class="button button-quiet search-close" onClick={close} aria-label={t.close} title={t.closeHint}>
            {t.closeWord}
          </button>
        </div>
        <p class="muted small search-scope" role="status">
          {q === '' ? (connected ? t.scopeDay : t.scopeNow) : searching ? t.searching : t.found(total)}
          {stale && heldFrom !== null ? <span class="search-held"> · {t.held(heldFrom)}</span> : null}
        </p>
        {empty ? (
          <div class="search-empty" role="status">
            <p>{t.nothing(q, s.guide.channels || (s.onNow.data?.count ?? 0))}</p>
            {connected ? (
              <button type="button" class="button chip" onClick={() => void follow(q)}>
                {t.followInstead(q)}
              </button>
            ) : null}
            <FollowSaidFor title={q} />
          </div>
        ) : null}
        {results.length > 0 ? (
          <div
            ref={grid}
            id="search-results"
            class={`results${stale ? ' stale' : ''}`}
            role="grid"
            aria-label={t.results}
            aria-colcount={3}
            style={{ '--when-width': WHEN_WIDTH }}
            onKeyDown={gridKeys}
            onFocusIn={onFocusIn}
            onFocusOut={onFocusOut}
            onMouseLeave={() => setHovered(null)}
          >
            {sections(results, at).map((section) => (
              <div key={section.group} role="rowgroup" class="result-section" aria-labelledby={`group-${section.group}`}>
                <div role="row" class="result-heading">
                  <span role="columnheader" aria-colspan={3} id={`group-${section.group}`} class="result-group">
                    {t.group[section.group]}
                  </span>
                </div>
                {section.rows.map((item) =>
                  'day' in item ? (
                    <div key={`day-${item.day}`} role="row" class="result-heading">
                      <span role="columnheader" aria-colspan={3} class="result-day">
                        {item.day}
                      </span>
                    </div>
                  ) : (
                    <ResultRow key={item.result.key} result={item.result} index={item.index} at={at} query={q} cell={cell} onChoose={choose} onHover={setHovered} />
                  ),
                )}
              </div>
            ))}
          </div>
        ) : null}
        <div class="search-foot">
          {detail ? <Detail result={detail} at={at} /> : null}
          {featureError.value ? (
            <p class="inline-error search-problem" role="alert">
              {featureError.value}
            </p>
          ) : null}
          {followSaid.value && !(empty && followSaid.value.title.toLowerCase() === q.toLowerCase()) ? <FollowSaid program={{ title: followSaid.value.title, showTitle: null }} /> : null}
        </div>
      </div>
    </div>
  );
}

/** The width of the locale's longest time of day ("22:22" or "10:22 PM"), for the time column. */
const WHEN_WIDTH = `${localTime(new Date(2026, 0, 1, 22, 22).getTime()).length + 0.5}ch`;

/** How many cells a row has: a programme with its two actions, else its main cell alone. */
const widthOf = (result: Result): number => (hasActions(result) ? 3 : 1);

const hasActions = (result: Result): result is ProgramResult => result.kind === 'program' && result.program.ratingKey !== null && result.channel.id !== '';

type CellProps = (row: number, col: number) => { 'data-row': number; 'data-col': number; tabIndex: number };

/** The groups and, under Later, the day headings, each row with its place in `results`. */
function sections(results: Result[], at: number): { group: GroupId; rows: ({ day: string } | { result: Result; index: number })[] }[] {
  const out: { group: GroupId; rows: ({ day: string } | { result: Result; index: number })[] }[] = [];
  let lastDay: number | null = null;
  results.forEach((result, index) => {
    const group = groupOf(result, at);
    if (out[out.length - 1]?.group !== group) out.push({ group, rows: [] });
    const section = out[out.length - 1]!;
    if (result.kind === 'program' && group === 'later') {
      const day = dayOffset(result.start, at);
      if (day !== lastDay) section.rows.push({ day: dayLabel(result.start, at) });
      lastDay = day;
    }
    section.rows.push({ result, index });
  });
  return out;
}

/**
 * One result: its main cell (opens the programme, channel or viewer) and, for a programme, "Remind
 * me" and "Follow". A programme takes two lines (its time and title, then its channel under the
 * title), so at 380 px the title has the row's width; only the title gives way, with an ellipsis,
 * and the detail line under the grid, the name and the tooltip say it in full.
 */
function ResultRow({ result, index, at, query, cell, onChoose, onHover }: { result: Result; index: number; at: number; query: string; cell: CellProps; onChoose: (result: Result, index: number) => void; onHover: (key: string | null) => void }) {
  const actions = hasActions(result);
  return (
    <div role="row" class={`result${result.kind === 'more' ? ' result-more' : ''}`} data-key={result.key} onMouseEnter={() => onHover(result.key)}>
      <div role="gridcell" class="result-cell-main" aria-colspan={actions ? undefined : 3}>
        <button type="button" class={`result-main${result.kind === 'program' ? ' result-main-programme' : ''}`} title={result.kind === 'program' ? label(result.program) : undefined} onClick={() => onChoose(result, index)} {...cell(index, 0)}>
          <ResultBody result={result} at={at} query={query} />
        </button>
      </div>
      {actions ? <RowActions result={result} cell={cell} index={index} /> : null}
    </div>
  );
}

/** A programme row's two actions: the bell (or why not, once it is on air) and Follow. */
function RowActions({ result, cell, index }: { result: ProgramResult; cell: CellProps; index: number }) {
  const ref = programmeRef(result.program, result.channel);
  const ahead = Date.parse(result.program.startsAt) > now.value;
  return (
    <>
      <div role="gridcell" class="result-cell-action">
        {ahead ? <RemindButton programme={ref} compact roving={cell(index, 1)} /> : <TooLateBell programme={ref} roving={cell(index, 1)} />}
      </div>
      <div role="gridcell" class="result-cell-action">
        <FollowButton program={result.program} compact roving={cell(index, 2)} />
      </div>
    </>
  );
}

/** Under the grid: the row in hand in full (title, times, channel) and, on air, why there is no reminder. */
function Detail({ result, at }: { result: Result; at: number }) {
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

/** What the last Follow of `title` did, said here too. */
function FollowSaidFor({ title }: { title: string }) {
  const said = followSaid.value;
  if (!said || said.title.toLowerCase() !== title.toLowerCase()) return null;
  return <p class="follow-said small">{said.text}</p>;
}

const groupOf = (result: Result, at: number): GroupId =>
  result.kind === 'more' ? result.group : result.kind === 'viewer' ? 'people' : result.kind === 'channel' ? 'channels' : result.start <= at ? 'onNow' : 'later';

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

function ResultBody({ result, at, query }: { result: Result; at: number; query: string }) {
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
  // an episode reads as its show on the first line and the episode beside the channel under it
  const show = result.program.ratingKey !== null ? episodeShow(result.program) : null;
  // the accessible name is the text: what is shown, in order, the hidden commas keeping the parts apart
  return (
    <>
      <span class="result-when">
        {onAir ? <span class="tag-now">{t.onNow}</span> : localTime(result.start)}
        <span class="visually-hidden">, </span>
      </span>
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
        {show !== null ? (
          <>
            <span class="result-episode">
              <Marked text={result.program.title} query={query} />
            </span>
            <span class="result-dot"> · </span>
          </>
        ) : null}
        <span class="result-channel">
          {result.channel.number} {result.channel.name}
        </span>
      </span>
    </>
  );
}

interface Groups {
  people: Result[];
  channels: Result[];
  onNow: Result[];
  later: Result[];
}

/** The groups in order, each cut to its cap with a "Show all" row (the group expanded shows all). */
function flatten(groups: Groups, expanded: GroupId | null): Result[] {
  const out: Result[] = [];
  for (const id of ['people', 'channels', 'onNow', 'later'] as const) {
    const list = groups[id];
    if (expanded === id || list.length <= CAP[id] + 1) appendAll(out, list);
    else appendAll(out, list.slice(0, CAP[id])).push({ kind: 'more', key: `more-${id}`, group: id, count: list.length });
  }
  return out;
}

function find(query: string, s: NonNullable<typeof snapshot.value>, at: number, hits: GuideSearchHit[] | null, held: OnNowMatches | null): Groups {
  const groups: Groups = { people: [], channels: [], onNow: [], later: [] };
  const q = query.trim().toLowerCase();
  if (q === '') return groups;
  const matches = (text: string | null) => text !== null && text.toLowerCase().includes(q);
  for (const entry of s.nowPlaying.data ?? []) {
    if (matches(entry.user)) {
      groups.people.push({
        kind: 'viewer',
        key: `v${viewerKey(entry)}${groups.people.length}`,
        user: entry.user,
        viewer: viewerRef(entry),
        what: entry.showTitle ?? entry.title ?? channelLabel(entry.channelNumber, entry.channelName),
        server: entry.serverName ?? null,
      });
    }
  }
  for (const row of held?.channels ?? []) groups.channels.push({ kind: 'channel', key: `c${row.id}`, number: row.number, name: row.name });
  const programs: ProgramResult[] = [];
  const add = (program: Program, channel: { number: number; name: string; id: string }) =>
    programs.push({ kind: 'program', key: `p${channel.id}-${program.startsAt}`, program, start: Date.parse(program.startsAt), channel });
  if (hits) {
    for (const hit of hits) add(hit.program, hit.channel);
  } else {
    // the guide's answer is not in yet: what is on now and next, as the core holds it
    for (const { program, channel } of held?.programmes ?? []) {
      if (Date.parse(program.endsAt) > at) add(program, channel);
    }
  }
  // by start time; the same start keeps guide (channel) order
  programs.sort((a, b) => a.start - b.start);
  for (const program of programs) (program.start <= at ? groups.onNow : groups.later).push(program);
  return groups;
}
