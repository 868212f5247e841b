import { useEffect, useMemo, useRef, useState } from 'preact/hooks';
import type { Program } from '../../../shared/airwave';
import { channelLabel, dayLabel, dayOffset, localTime } from '../../../shared/format';
import type { GuideSearchHit, OnNowMatches } from '../../../shared/bridge';
import { bridge } from '../bridge';
import { useDialog } from '../components/a11y';
import { channelDetail, isStale, now, programDetail, searchOpen, snapshot, viewerDetail } from '../state';
import { search as t } from '../strings/search';
import { SearchActions } from '../features/search-actions';
import { viewerKey, viewerRef, type ViewerRef } from '../server-state';
import { label } from './OnNow';
import '../components/sheet.css';

const MAX_RESULTS = 50;

type Result =
  | { kind: 'viewer'; key: string; user: string; viewer: ViewerRef; what: string | null; server: string | null }
  | { kind: 'channel'; key: string; number: number; name: string }
  | { kind: 'program'; key: string; program: Program; start: number; channel: { number: number; name: string; id: string } };

/**
 * Search viewers, channel names, titles and shows across the loaded guide (or what is on now).
 * Viewers and channels first, then programmes by start time under Today/Tomorrow headings, the
 * ones on air tagged "On now".
 */
export function Search() {
  const [query, setQuery] = useState('');
  const [active, setActive] = useState(0);
  const root = useRef<HTMLDivElement>(null);
  const input = useRef<HTMLInputElement>(null);
  useDialog(root, input);
  const s = snapshot.value!;
  useEffect(() => {
    // Searching is across the guide: load it when it is not there yet (one request, not per keystroke).
    if (!s.guide.window && !s.guide.loading && s.connection.state !== 'unconfigured') void bridge.loadGuide({ forwardMinutes: s.guide.forwardMinutes });
  }, []);

  const at = now.peek();
  // programmes are searched where the guide is held (the core), not in the page
  const [hits, setHits] = useState<GuideSearchHit[] | null>(null);
  useEffect(() => {
    let current = true;
    if (query.trim() === '' || !s.guide.window) setHits(null);
    else {
      void bridge.searchGuide({ query: query.slice(0, 200), limit: MAX_RESULTS + 1, after: Math.max(0, Math.floor(at)) }).then((outcome) => {
        if (current) setHits(outcome.ok ? outcome.value : null);
      });
    }
    return () => {
      current = false;
    };
  }, [query, s.guide.revision, s.guide.state, s.settings.selectedServer]);
  // channels and what is on now or next, from the core's held On now (the page holds no rows)
  const [held, setHeld] = useState<OnNowMatches | null>(null);
  useEffect(() => {
    let current = true;
    if (query.trim() === '') setHeld(null);
    else {
      void bridge.findOnNow({ query: query.slice(0, 200) }).then((outcome) => {
        if (current) setHeld(outcome.ok ? outcome.value : null);
      });
    }
    return () => {
      current = false;
    };
  }, [query, s.settings.selectedServer, s.onNow.data === null]);
  const { results, more } = useMemo(() => find(query, s, at, hits, held), [query, hits, held, s.nowPlaying.data]);
  const close = () => (searchOpen.value = false);
  const choose = (result: Result | undefined) => {
    if (!result) return;
    close();
    if (result.kind === 'channel') channelDetail.value = result.number;
    else if (result.kind === 'viewer') viewerDetail.value = result.viewer;
    else programDetail.value = { program: result.program, channel: result.channel };
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
  let lastDay: number | null = null;
  return (
    <div ref={root} class="sheet search" role="dialog" aria-modal="true" aria-label={t.dialog} onKeyDown={onKey}>
      <div class="sheet-body">
        <div class="search-head">
          <input
            ref={input}
            class="search-input"
            type="search"
            placeholder={t.placeholder}
            aria-label={t.label}
            aria-controls="search-results"
            aria-activedescendant={results[active] ? `result-${active}` : undefined}
            value={query}
            onInput={(event) => {
              setQuery((event.currentTarget as HTMLInputElement).value);
              setActive(0);
            }}
          />
          <button type="button" class="button button-quiet search-close" onClick={close} aria-label={t.close}>
            ×
          </button>
        </div>
        <p class="muted small" role="status">
          {query.trim() === '' ? (s.guide.window ? t.scopeGuide(Math.round(s.guide.window.windowMinutes / 60)) : t.scopeNow) : t.found(results.length, more)}
          {stale && query.trim() !== '' ? ` · ${t.stale}` : ''}
        </p>
        <SearchActions result={results[active]} />
        <ul id="search-results" class={`results${stale ? ' stale' : ''}`} role="listbox" aria-label={t.results}>
          {results.map((result, index) => {
            const when = result.kind === 'program' ? Math.max(result.start, at) : null;
            const day = when !== null ? dayOffset(when, at) : null;
            const heading = when !== null && day !== lastDay ? dayLabel(when, at) : null;
            if (day !== null) lastDay = day;
            return (
              <li
                id={`result-${index}`}
                key={result.key}
                role="option"
                aria-selected={index === active}
                class={`result${index === active ? ' result-active' : ''}`}
                onMouseDown={(event) => event.preventDefault()}
                onClick={() => choose(result)}
              >
                {heading ? <span class="result-day">{heading}</span> : null}
                <ResultBody result={result} at={at} />
              </li>
            );
          })}
        </ul>
      </div>
    </div>
  );
}

function ResultBody({ result, at }: { result: Result; at: number }) {
  if (result.kind === 'viewer') {
    return (
      <>
        <span class="result-title">{result.user}</span>
        <span class="muted small">{[t.viewer, result.what, result.server].filter(Boolean).join(' · ')}</span>
      </>
    );
  }
  if (result.kind === 'channel') {
    return (
      <>
        <span class="result-title">
          {result.number} {result.name}
        </span>
        <span class="muted small">{t.channel}</span>
      </>
    );
  }
  const onAir = result.start <= at;
  return (
    <>
      <span class="result-title">
        {label(result.program)}
        {onAir ? <span class="tag-now">{t.onNow}</span> : null}
      </span>
      <span class="muted small">
        {localTime(result.start)} · {result.channel.number} {result.channel.name}
      </span>
    </>
  );
}

function find(query: string, s: NonNullable<typeof snapshot.value>, at: number, hits: GuideSearchHit[] | null, held: OnNowMatches | null): { results: Result[]; more: boolean } {
  const q = query.trim().toLowerCase();
  if (q === '') return { results: [], more: false };
  const matches = (text: string | null) => text !== null && text.toLowerCase().includes(q);
  const out: Result[] = [];
  for (const entry of s.nowPlaying.data ?? []) {
    if (matches(entry.user)) {
      out.push({
        kind: 'viewer',
        key: `v${viewerKey(entry)}${out.length}`,
        user: entry.user,
        viewer: viewerRef(entry),
        what: entry.showTitle ?? entry.title ?? channelLabel(entry.channelNumber, entry.channelName),
        server: entry.serverName ?? null,
      });
    }
  }
  for (const row of held?.channels ?? []) out.push({ kind: 'channel', key: `c${row.id}`, number: row.number, name: row.name });
  const programs: Extract<Result, { kind: 'program' }>[] = [];
  const add = (program: Program, channel: { number: number; name: string; id: string }) =>
    programs.push({ kind: 'program', key: `p${channel.id}-${program.startsAt}`, program, start: Date.parse(program.startsAt), channel });
  if (hits) {
    for (const hit of hits) add(hit.program, hit.channel);
  } else {
    // no guide window held: what is on now and next
    for (const { program, channel } of held?.programmes ?? []) {
      if (Date.parse(program.endsAt) > at) add(program, channel);
    }
  }
  // what is on now first, then by start time; the same start keeps guide (channel) order
  programs.sort((a, b) => a.start - b.start);
  const all = [...out, ...programs];
  return { results: all.slice(0, MAX_RESULTS), more: all.length > MAX_RESULTS };
}
