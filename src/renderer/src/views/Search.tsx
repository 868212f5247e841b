import type { JSX } from 'preact';
import { useEffect, useMemo, useRef, useState } from 'preact/hooks';
import type { Program } from '../../../shared/airwave';
import { channelLabel, dayLabel, dayOffset, localTime } from '../../../shared/format';
import type { GuideSearchHit, OnNowMatches } from '../../../shared/bridge';
import { bridge } from '../bridge';
import { useDialog } from '../components/a11y';
import { channelDetail, isStale, now, programmeDetail, searchOpen, snapshot, viewerDetail } from '../state';
import { search as t } from '../strings/search';
import { SearchActions } from '../features/search-actions';
import { follow, followSaid } from '../features/actions';
import { viewerKey, viewerRef, type ViewerRef } from '../server-state';
import { label } from './OnNow';
import '../components/sheet.css';

/** Programmes asked of the core: at most this many on now, and this many later. */
const MAX_HITS = 60;
/** Rows shown per group until "Show all" is chosen. */
const CAP: Record<GroupId, number> = { people: 3, channels: 3, onNow: 5, later: 8 };

type GroupId = 'people' | 'channels' | 'onNow' | 'later';

type Result =
  | { kind: 'viewer'; key: string; user: string; viewer: ViewerRef; what: string | null; server: string | null }
  | { kind: 'channel'; key: string; number: number; name: string }
  | { kind: 'program'; key: string; program: Program; start: number; channel: { number: number; name: string; id: string } }
  | { kind: 'more'; key: string; group: GroupId; count: number };

/**
 * Search: viewers, channel names, titles and shows over the next 24 hours, whatever window the
 * guide shows (the core loads a day for search when the guide holds less), and says so. Results
 * come in groups (People, Channels, On now, Later under Today/Tomorrow), each capped with "Show
 * all"; the match is highlighted; the actions for the programme chosen sit under the field. One ×
 * clears the field, Escape closes. Nothing found says what was searched and offers to follow it.
 */
export function Search() {
  const [query, setQuery] = useState('');
  const [active, setActive] = useState(0);
  const [expanded, setExpanded] = useState<GroupId | null>(null);
  const root = useRef<HTMLDivElement>(null);
  const input = useRef<HTMLInputElement>(null);
  useDialog(root, input);
  const s = snapshot.value!;
  const connected = s.connection.state !== 'unconfigured';

  const at = now.peek();
  // programmes are searched where the guide is held (the core), not in the page
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
    setActive(0);
    setExpanded(null);
    input.current?.focus();
  };
  const choose = (result: Result | undefined) => {
    if (!result) return;
    if (result.kind === 'more') {
      setExpanded(result.group);
      return;
    }
    close();
    if (result.kind === 'channel') channelDetail.value = result.number;
    else if (result.kind === 'viewer') viewerDetail.value = result.viewer;
    else programmeDetail.value = { program: result.program, channel: result.channel };
  };
  const onKey = (event: KeyboardEvent) => {
    if (event.key === 'Escape') {
      event.stopPropagation();
      close();
    } else if (event.key === 'ArrowDown') {
      event.preventDefault();
      setActive((i) => Math.max(0, Math.min(results.length - 1, i + 1))); // never -1 while the results are empty
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      setActive((i) => Math.max(0, i - 1));
    } else if (event.key === 'Enter' && event.target === input.current) {
      event.preventDefault();
      choose(results[active]);
    }
  };
  useEffect(() => {
    root.current?.querySelector(`#result-${active}`)?.scrollIntoView({ block: 'nearest' });
  }, [active]);
  const stale = isStale(s.guide.window ? s.guide : s.onNow);
  const heldFrom = (s.guide.window ? s.guide : s.onNow).updatedAt;
  const q = query.trim();
  const total = groups.people.length + groups.channels.length + groups.onNow.length + groups.later.length;
  let lastDay: number | null = null;
  let lastGroup: GroupId | null = null;
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
              aria-activedescendant={results[active] ? `result-${active}` : undefined}
              value={query}
              onInput={(event) => {
                setQuery((event.currentTarget as HTMLInputElement).value);
                setActive(0);
                setExpanded(null);
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
        <SearchActions result={results[active]?.kind === 'program' ? results[active] : undefined} />
        {q !== '' && !searching && total === 0 ? (
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
        <ul id="search-results" class={`results${stale ? ' stale' : ''}`} role="listbox" aria-label={t.results}>
          {results.map((result, index) => {
            const group = groupOf(result, at);
            const groupHeading = group !== lastGroup ? t.group[group] : null;
            lastGroup = group;
            const when = result.kind === 'program' && group === 'later' ? result.start : null;
            const day = when !== null ? dayOffset(when, at) : null;
            const dayHeading = when !== null && day !== lastDay ? dayLabel(when, at) : null;
            if (day !== null) lastDay = day;
            return (
              <li
                id={`result-${index}`}
                key={result.key}
                role="option"
                aria-selected={index === active}
                class={`result${index === active ? ' result-active' : ''}${result.kind === 'more' ? ' result-more' : ''}`}
                onMouseDown={(event) => event.preventDefault()}
                onClick={() => choose(result)}
              >
                {groupHeading ? <span class="result-group">{groupHeading}</span> : null}
                {dayHeading ? <span class="result-day">{dayHeading}</span> : null}
                <ResultBody result={result} at={at} query={q} />
              </li>
            );
          })}
        </ul>
      </div>
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
        </span>
        <span class="muted small">{[t.viewer, result.what, result.server].filter(Boolean).join(' · ')}</span>
      </>
    );
  }
  if (result.kind === 'channel') {
    return (
      <>
        <span class="result-title">
          {result.number} <Marked text={result.name} query={query} />
        </span>
        <span class="muted small">{t.channel}</span>
      </>
    );
  }
  const onAir = result.start <= at;
  return (
    <>
      <span class="result-line">
        <span class="result-title">
          <Marked text={label(result.program)} query={query} />
        </span>
        {onAir ? <span class="tag-now">{t.onNow}</span> : null}
      </span>
      <span class="muted small">
        {onAir ? t.until(Date.parse(result.program.endsAt)) : localTime(result.start)} · {result.channel.number} {result.channel.name}
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
    if (expanded === id || list.length <= CAP[id] + 1) out.push(...list);
    else out.push(...list.slice(0, CAP[id]), { kind: 'more', key: `more-${id}`, group: id, count: list.length });
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
  const programs: Extract<Result, { kind: 'program' }>[] = [];
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
