import { useEffect, useMemo, useRef, useState } from 'preact/hooks';
import type { Program } from '../../../shared/airwave';
import { clock } from '../../../shared/format';
import { bridge } from '../bridge';
import { channelDetail, now, programDetail, searchOpen, snapshot } from '../state';
import { label } from './OnNow';
import '../components/sheet.css';

const MAX_RESULTS = 50;

type Result =
  | { kind: 'channel'; key: string; number: number; name: string }
  | { kind: 'program'; key: string; program: Program; channel: { number: number; name: string; id: string } };

/** Search titles, shows and channel names across the loaded guide (or what is on now). */
export function Search() {
  const [query, setQuery] = useState('');
  const [active, setActive] = useState(0);
  const input = useRef<HTMLInputElement>(null);
  const s = snapshot.value!;
  useEffect(() => {
    input.current?.focus();
    // Searching is across the guide: load it when it is not there yet.
    if (!s.guide.data && !s.guide.loading && s.connection.state !== 'unconfigured') void bridge.loadGuide({ forwardMinutes: s.guide.forwardMinutes });
  }, []);

  const results = useMemo(() => find(query, s, now.peek()), [query, s.guide.data, s.onNow.data]);
  const close = () => (searchOpen.value = false);
  const choose = (result: Result | undefined) => {
    if (!result) return;
    close();
    if (result.kind === 'channel') channelDetail.value = result.number;
    else programDetail.value = { program: result.program, channel: result.channel };
  };
  const onKey = (event: KeyboardEvent) => {
    if (event.key === 'Escape') {
      event.stopPropagation();
      close();
    } else if (event.key === 'ArrowDown') {
      event.preventDefault();
      setActive((i) => Math.min(results.length - 1, i + 1));
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      setActive((i) => Math.max(0, i - 1));
    } else if (event.key === 'Enter') {
      event.preventDefault();
      choose(results[active]);
    }
  };
  return (
    <div class="sheet search" role="dialog" aria-modal="true" aria-label="Search" onKeyDown={onKey}>
      <div class="sheet-body">
        <input
          ref={input}
          autoFocus
          class="search-input"
          type="search"
          placeholder="Search titles, shows, channels"
          aria-label="Search titles, shows and channels"
          aria-controls="search-results"
          aria-activedescendant={results[active] ? `result-${active}` : undefined}
          value={query}
          onInput={(event) => {
            setQuery((event.currentTarget as HTMLInputElement).value);
            setActive(0);
          }}
        />
        <p class="muted small" role="status">
          {query.trim() === '' ? (s.guide.data ? `Searching the next ${s.guide.data.windowMinutes / 60} h of the guide` : 'Searching what is on now') : `${results.length}${results.length === MAX_RESULTS ? '+' : ''} found`}
        </p>
        <ul id="search-results" class="results" role="listbox" aria-label="Results">
          {results.map((result, index) => (
            <li
              id={`result-${index}`}
              key={result.key}
              role="option"
              aria-selected={index === active}
              class={`result${index === active ? ' result-active' : ''}`}
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => choose(result)}
            >
              {result.kind === 'channel' ? (
                <>
                  <span class="result-title">
                    {result.number} {result.name}
                  </span>
                  <span class="muted small">Channel</span>
                </>
              ) : (
                <>
                  <span class="result-title">{label(result.program)}</span>
                  <span class="muted small">
                    {clock(Date.parse(result.program.startsAt))} · {result.channel.number} {result.channel.name}
                  </span>
                </>
              )}
            </li>
          ))}
        </ul>
      </div>
    </div>
  );
}

function find(query: string, s: NonNullable<typeof snapshot.value>, at: number): Result[] {
  const q = query.trim().toLowerCase();
  if (q === '') return [];
  const out: Result[] = [];
  const matches = (text: string | null) => text !== null && text.toLowerCase().includes(q);
  const channels = s.guide.data?.channels ?? [];
  const rows = s.onNow.data?.channels ?? [];
  for (const row of channels.length ? channels : rows) {
    if (out.length >= MAX_RESULTS) break;
    if (matches(row.name) || String(row.number) === q) out.push({ kind: 'channel', key: `c${row.id}`, number: row.number, name: row.name });
  }
  const programsOf = (row: (typeof channels)[number] | (typeof rows)[number]): (Program | null)[] => ('programs' in row ? row.programs : [row.now, row.next]);
  for (const row of channels.length ? channels : rows) {
    for (const program of programsOf(row)) {
      if (out.length >= MAX_RESULTS) return out;
      if (!program || program.ratingKey === null || Date.parse(program.endsAt) <= at) continue;
      if (matches(program.title) || matches(program.showTitle)) {
        out.push({ kind: 'program', key: `p${row.id}-${program.startsAt}`, program, channel: { number: row.number, name: row.name, id: row.id } });
      }
    }
  }
  return out;
}
