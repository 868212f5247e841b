import { useEffect } from 'preact/hooks';
import { artworkPath, parseArtworkPath } from '../../../shared/airwave';
import { localTime, duration, episodeLabel, episodeShow } from '../../../shared/format';
import { Artwork, BACKDROP_SIZE } from '../components/bits';
import { SlotActions } from '../features/sheet-actions';
import type { programmeDetail } from '../state';
import '../components/sheet.css';
import { common } from '../strings/common';

/** Owns the programme sheet opened from the guide (or a list): its details, artwork and actions. */

export type Selected = NonNullable<typeof programmeDetail.value>;

/** A programme's details over the guide, with its background artwork. */
export function ProgrammeDetail({ selected, onClose }: { selected: Selected; onClose: () => void }) {
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
      {background ? <Artwork path={background} alt="" class="sheet-backdrop" size={BACKDROP_SIZE} /> : null}
      <div class="sheet-body">
        <button type="button" class="sheet-close" onClick={onClose} aria-label={common.closeDetails}>
          ×
        </button>
        {episodeShow(program) ? <p class="sheet-kicker">{episodeShow(program)}</p> : null}
        <h2 class="sheet-title">{program.ratingKey === null ? `Bumper: ${program.title}` : program.title}</h2>
        <p class="sheet-meta">
          {[episode, program.year ? String(program.year) : '', `${localTime(starts)}–${localTime(ends)}`, duration(ends - starts), `${channel.number} ${channel.name}`]
            .filter(Boolean)
            .join(' · ')}
        </p>
        {program.summary ? <p class="sheet-summary">{program.summary}</p> : null}
        {/* Remind me (before it starts) and Follow, as in the channel sheet */}
        <SlotActions program={program} channel={channel} />
      </div>
    </div>
  );
}
