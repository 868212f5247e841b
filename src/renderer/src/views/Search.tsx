import { useEffect, useLayoutEffect, useMemo, useRef, useState } from 'preact/hooks';
import { localTime } from '../../../shared/format';
import type { GuideSearch, GuideSearchTitle, OnNowMatches } from '../../../shared/bridge';
import { bridge } from '../bridge';
import { useDialog } from '../components/a11y';
import { channelDetail, isStale, now, programmeDetail, searchOpen, snapshot, viewerDetail } from '../state';
import { search as t } from '../strings/search';
import { featureError, follow, followSaid } from '../features/actions';
import { FollowSaid } from '../features/buttons';
import { gridStep } from '../components/grid-step';
import { airingRows, find, flatten, groupOf, opensAirings, sections, widthOf, type GroupId, type Result } from './search-results';
import { Detail, ResultRow } from './SearchRows';
import { guideGap } from '../guide-gap';
import { searchTyped } from '../typed-keys';
import '../components/sheet.css';
import './Search.css';

/** Programmes asked of the core: at most this many titles on now, and this many later. */
const MAX_HITS = 60;

/**
 * Search: viewers, channel names, titles and shows over the next 24 hours, whatever window the
 * guide shows (the core loads a day for search when the guide holds less), and says so. Results
 * come in groups (People, Channels, On now, Later under Today/Tomorrow), each capped with "Show
 * all"; the match is highlighted. A programme is one row however often it airs (issue 47): its
 * next airing and how many more, opening to the list of its airings (asked of the core when
 * opened). The results are a grid: each programme row carries its own "Remind me" and "Follow";
 * the field stays the way in (Down moves into the grid, one Tab stop, arrows inside, Escape back
 * to the field). One × clears the field, Escape in it closes search. Nothing found says what was
 * searched and offers to follow it.
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
  // letters typed before the field had focus (right after `/`, or while a result row had it) go on in the field, in order
  const early = searchTyped.value;
  useLayoutEffect(() => {
    if (!early) return;
    searchTyped.value = '';
    setQuery((q) => (q + early).slice(0, 200));
    setExpanded(null);
    setOpened(null);
    setStop(null);
    input.current?.focus();
  }, [early]);
  const s = snapshot.value!;
  const connected = s.connection.state !== 'unconfigured';

  const at = now.peek();
  // programmes are searched where the guide is held (the core), not in the page: each keystroke
  // asks the core, which answers from what it holds (a day loaded for search at most hourly, through
  // its request governor), never the server
  const [hits, setHits] = useState<{ query: string; titles: GuideSearchTitle[]; searched: GuideSearch['searched'] } | null>(null);
  useEffect(() => {
    let current = true;
    const q = query.trim();
    if (q === '' || !connected) setHits(null);
    else {
      void bridge.searchGuide({ query: query.slice(0, 200), limit: MAX_HITS, after: Math.max(0, Math.floor(at)) }).then((outcome) => {
        if (current) setHits(outcome.ok ? { query: q, titles: outcome.value.titles, searched: outcome.value.searched } : null);
      });
    }
    return () => {
      current = false;
    };
  }, [query, s.guide.revision, s.guide.state, s.guide.times, s.settings.selectedServer]);
  // the programme opened to its airings (one at a time), and the core's answer for it
  const [opened, setOpened] = useState<{ key: string; title: string; group: GroupId } | null>(null);
  const [airings, setAirings] = useState<{ key: string; answer: GuideSearchTitle | null } | null>(null);
  useEffect(() => {
    let current = true;
    if (!opened || query.trim() === '' || !connected) setAirings(null);
    else {
      void bridge.searchGuide({ query: query.slice(0, 200), limit: 1, after: Math.max(0, Math.floor(at)), title: opened.title.slice(0, 500) }).then((outcome) => {
        if (current) setAirings({ key: opened.key, answer: outcome.ok ? (outcome.value.titles[0] ?? null) : null });
      });
    }
    return () => {
      current = false;
    };
  }, [opened?.key, query, s.guide.revision, s.guide.state, s.guide.times, s.settings.selectedServer]);
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
  const groups = useMemo(() => find(query, s, at, hits?.titles ?? null, held), [query, hits, held, s.nowPlaying.data]);
  const open = opened && airings?.key === opened.key ? { key: opened.key, airings: airingRows(airings.answer, opened.group) } : null;
  const results = useMemo(() => flatten(groups, expanded, open), [groups, expanded, open?.airings]);
  const searching = query.trim() !== '' && connected && hits?.query !== query.trim();
  const close = () => (searchOpen.value = false);
  const clear = () => {
    setQuery('');
    setExpanded(null);
    setOpened(null);
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
    // a programme airing more than once opens to its airings (and closes again); focus stays on its row
    if (result.kind === 'program' && opensAirings(result)) {
      setOpened(opened?.key === result.key ? null : { key: result.key, title: result.title, group: groupOf(result, at) });
      return;
    }
    // the sheet opens over the search, which stays as it is: closing the sheet comes back to this row
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
    // a letter goes on in the field (the page's keys hand it over: typed-keys.ts); Backspace edits it there
    if (event.key === 'Backspace') {
      input.current?.focus();
      return;
    }
    if (event.key.length === 1 && event.key !== ' ' && !event.ctrlKey && !event.metaKey && !event.altKey) return;
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
  // no guide it can stand behind (away, key refused, an older Airwave): said, never "nothing airs"
  const gap = guideGap.value;
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
                setOpened(null);
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
          {/* without a guide it can stand behind, no "0 results in the next 24 hours": the gap, said once */}
          {gap ? (empty ? t.heldOnly : gap.text) : q === '' ? (connected ? t.scopeDay : t.scopeNow) : searching ? t.searching : t.found(total, hits?.searched.hours ?? 0)}
          {stale && heldFrom !== null ? <span class="search-held"> · {t.held(heldFrom)}</span> : null}
        </p>
        {empty ? (
          <div class="search-empty" role="status">
            {/* what was searched, named only when it was searched (issue 48): the hours of guide the core searched, else On now and who watches */}
            <p>{gap ? `${gap.text}. ${t.nobodyCalled(q)}` : hits && hits.searched.hours > 0 ? t.nothing(q, hits.searched.hours, hits.searched.channels) : t.nothingNow(q, s.onNow.data?.count ?? 0)}</p>
            {connected && !gap ? (
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
                    <ResultRow key={item.result.key} result={item.result} index={item.index} at={at} query={q} cell={cell} onChoose={choose} onHover={setHovered} open={opened?.key === item.result.key} listed={opened?.key === item.result.key && airings?.key === opened.key ? (airings.answer?.first.length ?? 0) : null} />
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
          {/* what Follow did, only while its title is what is searched: it goes when its cause goes */}
          {followSaid.value && !empty && q !== '' && followSaid.value.title.toLowerCase() === q.toLowerCase() ? <FollowSaid program={{ title: followSaid.value.title, showTitle: null }} /> : null}
        </div>
      </div>
    </div>
  );
}

/** The width of the locale's longest time of day ("22:22" or "10:22 PM"), for the time column. */
const WHEN_WIDTH = `${localTime(new Date(2026, 0, 1, 22, 22).getTime()).length + 0.5}ch`;

/** What the last Follow of `title` did, said here too. */
function FollowSaidFor({ title }: { title: string }) {
  const said = followSaid.value;
  if (!said || said.title.toLowerCase() !== title.toLowerCase()) return null;
  return <p class="follow-said small">{said.text}</p>;
}

