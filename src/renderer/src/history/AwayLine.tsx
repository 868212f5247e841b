import { away as t } from '../strings/away';
import { now, openHistory, snapshot } from '../state';
import './away.css';

/**
 * "Since 6:02 PM: 4 people watched 6 programmes; peak 3 at 9:10 PM": one line at the top of
 * Watching when the popover opens after an hour or more of following unseen. It leads to History on
 * the same range (so the people and the peak it counts are the ones listed there); main drops it
 * when the popover closes (read, it is gone).
 */
export function AwayLine() {
  const away = snapshot.value?.history.away;
  if (!away) return null;
  const text = t.line(away, now.value);
  return (
    <button
      type="button"
      class="away-line"
      aria-label={`${text}. ${t.open}`}
      onClick={() => openHistory({ range: { span: 'custom', from: away.since, to: away.to } })}
    >
      {text}
    </button>
  );
}
