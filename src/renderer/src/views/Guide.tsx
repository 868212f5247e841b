import { useEffect, useRef, useState } from 'preact/hooks';
import { artworkPath, parseArtworkPath } from '../../../shared/airwave';
import { clock, duration, episodeLabel } from '../../../shared/format';
import { bridge } from '../bridge';
import { Artwork, ChannelIcon, Empty } from '../components/bits';
import { useVirtualRows } from '../components/virtual';
import { channelDetail, now, programDetail, snapshot } from '../state';
import { label } from './OnNow';
import './Guide.css';
import '../components/sheet.css';

/** The forward windows on offer, in hours. */
export const GUIDE_WINDOWS = [1, 3, 6, 12, 24] as const;
const ROW = 48;
const CHANNEL_COLUMN = 120;
/** pixels per minute of programme */
const SCALE = 4;

export type Selected = NonNullable<typeof programDetail.value>;

/** The timeline: sticky channel column, blocks sized by duration, a now line, virtualised rows. */
export function Guide() {
  const s = snapshot.value!;
  const guide = s.guide;
  const [scrollLeft, setScrollLeft] = useState(0);
  const [failure, setFailure] = useState<string | null>(null);
  const rows = guide.data?.channels ?? [];
  const { scrollRef, items, totalSize } = useVirtualRows(rows.length, ROW, 4);

  const load = (hours: number) => {
    setFailure(null);
    void bridge.loadGuide({ forwardMinutes: hours * 60 }).then((outcome) => {
      if (!outcome.ok) setFailure(outcome.error.message);
    });
  };
  useEffect(() => {
    if (!guide.data && !guide.loading) load(guide.forwardMinutes / 60);
  }, []);

  const at = now.value;
  // The timeline starts on the half hour before now and runs to the end of the window.
  const start = Math.floor((at - 30 * 60_000) / (30 * 60_000)) * 30 * 60_000;
  const end = guide.data ? Date.parse(guide.data.serverTime) + guide.data.windowMinutes * 60_000 : start + guide.forwardMinutes * 60_000;
  const width = Math.max(0, ((end - start) / 60_000) * SCALE);
  const x = (ms: number) => ((ms - start) / 60_000) * SCALE;
  // Open on now: the first programmes in view are the ones on air, not the past half hour.
  const scrolledToNow = useRef(false);
  useEffect(() => {
    const element = scrollRef.current;
    if (!element || scrolledToNow.current || !guide.data) return;
    scrolledToNow.current = true;
    element.scrollLeft = Math.max(0, x(at) - 15 * SCALE);
  });
  const viewport = scrollRef.current?.clientWidth ?? 380;
  const visibleFrom = start + ((scrollLeft - 200) / SCALE) * 60_000;
  const visibleTo = start + ((scrollLeft + viewport + 200) / SCALE) * 60_000;
  const ticks: number[] = [];
  for (let t = start; t <= end; t += 30 * 60_000) ticks.push(t);

  return (
    <div class="guide">
      <div class="guide-toolbar" role="radiogroup" aria-label="How far ahead">
        {GUIDE_WINDOWS.map((hours) => {
          const active = guide.forwardMinutes === hours * 60;
          return (
            <button key={hours} type="button" role="radio" aria-checked={active} class={`chip${active ? ' chip-active' : ''}`} onClick={() => load(hours)}>
              {hours} h
            </button>
          );
        })}
        {guide.loading ? <span class="muted small" role="status">Loading…</span> : null}
      </div>
      {failure || guide.error ? <p class="inline-error" role="alert">{failure ?? guide.error}</p> : null}
      {!guide.data ? (
        <Empty title={guide.loading ? 'Loading the guide…' : 'The guide is not loaded'} />
      ) : (
        <div ref={scrollRef} class="scroll guide-scroll" onScroll={(event) => setScrollLeft((event.currentTarget as HTMLElement).scrollLeft)}>
          <div style={{ width: `${CHANNEL_COLUMN + width}px`, height: `${totalSize + 24}px`, position: 'relative' }}>
            <div class="guide-times" style={{ width: `${CHANNEL_COLUMN + width}px` }} aria-hidden="true">
              {ticks.map((t) => (
                <span key={t} class="guide-tick" style={{ left: `${CHANNEL_COLUMN + x(t)}px` }}>
                  {clock(t)}
                </span>
              ))}
            </div>
            <div class="now-line" style={{ left: `${CHANNEL_COLUMN + x(at)}px`, height: `${totalSize + 24}px` }} aria-hidden="true" />
            {items.map((item) => {
              const row = rows[item.index]!;
              return (
                <div key={row.id} class="guide-row" style={{ transform: `translateY(${item.start + 24}px)`, height: `${ROW}px`, width: `${CHANNEL_COLUMN + width}px` }} role="group" aria-label={`Channel ${row.number} ${row.name}`}>
                  <button type="button" class="guide-channel" style={{ width: `${CHANNEL_COLUMN}px` }} onClick={() => (channelDetail.value = row.number)}>
                    <span class="channel-number">{row.number}</span>
                    <ChannelIcon icon={row.icon} tint={row.tint} size={14} />
                    <span class="guide-channel-name">{row.name}</span>
                  </button>
                  {row.programs.map((program) => {
                    const from = Math.max(Date.parse(program.startsAt), start);
                    const to = Math.min(Date.parse(program.endsAt), end);
                    if (to <= from || to < visibleFrom || from > visibleTo) return null;
                    const onAir = Date.parse(program.startsAt) <= at && at < Date.parse(program.endsAt);
                    return (
                      <button
                        key={program.startsAt}
                        type="button"
                        class={`block${program.ratingKey === null ? ' block-bumper' : ''}${onAir ? ' block-now' : ''}`}
                        style={{ left: `${CHANNEL_COLUMN + x(from)}px`, width: `${Math.max(2, x(to) - x(from) - 2)}px` }}
                        onClick={() => (programDetail.value = { program, channel: { number: row.number, name: row.name, id: row.id } })}
                        aria-label={`${label(program)}, ${clock(Date.parse(program.startsAt))} to ${clock(Date.parse(program.endsAt))} on ${row.name}`}
                      >
                        <span class="block-title">{program.ratingKey === null ? 'Bumper' : (program.showTitle ?? program.title)}</span>
                      </button>
                    );
                  })}
                </div>
              );
            })}
          </div>
        </div>
      )}
    </div>
  );
}

/** A programme's details over the guide, with its background artwork. */
export function ProgramDetail({ selected, onClose }: { selected: Selected; onClose: () => void }) {
  const { program, channel } = selected;
  const ref = program.artworkUrl ? parseArtworkPath(program.artworkUrl) : null;
  const background = ref ? artworkPath({ ...ref, kind: 'background' }) : null;
  const starts = Date.parse(program.startsAt);
  const ends = Date.parse(program.endsAt);
  const episode = episodeLabel(program.season, program.episode);
  useEffect(() => {
    document.querySelector<HTMLElement>('.sheet .sheet-close')?.focus();
  }, [program]);
  return (
    <div class="sheet" role="dialog" aria-modal="true" aria-label={program.title} onKeyDown={(event) => event.key === 'Escape' && (event.stopPropagation(), onClose())}>
      {background ? <Artwork path={background} alt="" class="sheet-backdrop" /> : null}
      <div class="sheet-body">
        <button type="button" class="sheet-close" onClick={onClose} aria-label="Close details">
          ×
        </button>
        {program.showTitle && program.showTitle !== program.title ? <p class="sheet-kicker">{program.showTitle}</p> : null}
        <h2 class="sheet-title">{program.ratingKey === null ? `Bumper: ${program.title}` : program.title}</h2>
        <p class="sheet-meta">
          {[episode, program.year ? String(program.year) : '', `${clock(starts)}–${clock(ends)}`, duration(ends - starts), `${channel.number} ${channel.name}`]
            .filter(Boolean)
            .join(' · ')}
        </p>
        {program.summary ? <p class="sheet-summary">{program.summary}</p> : null}
      </div>
    </div>
  );
}
