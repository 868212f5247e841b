import type { Program } from '../../../shared/airwave';
import { label } from '../views/OnNow';
import { SlotActions } from './sheet-actions';

/**
 * Under the search box: "Remind me" and "Follow" for the programme result the arrow keys are on
 * (the results are a listbox, whose options cannot hold buttons of their own). Tab reaches them.
 */
export function SearchActions({ result }: { result: { kind: string; program?: Program; channel?: { id: string; number: number; name: string } } | undefined }) {
  if (!result || result.kind !== 'program' || !result.program || !result.channel) return null;
  const { program, channel } = result;
  if (program.ratingKey === null) return null;
  return (
    <div class="search-actions">
      <span class="search-actions-title" title={label(program)}>
        {label(program)}
      </span>
      <SlotActions program={program} channel={channel} />
    </div>
  );
}
