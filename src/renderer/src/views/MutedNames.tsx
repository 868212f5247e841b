import { useState } from 'preact/hooks';
import { snapshot } from '../state';
import { settings as t } from '../strings/settings';

/**
 * Muted names: a checkbox per viewer the app has seen, plus any other name typed in; and the names
 * muted for a day from a notification's button, each with its end and a way to unmute it now.
 */
export function MutedNames({
  muted,
  apply,
  forDay = [],
  unmuteForDay,
}: {
  muted: string[];
  apply: (names: string[]) => void;
  /** day-mutes still running */
  forDay?: { name: string; until: number }[];
  unmuteForDay?: (name: string) => void;
}) {
  const [other, setOther] = useState('');
  const isMuted = (name: string) => muted.some((m) => m.toLowerCase() === name.toLowerCase());
  // the core's list (this run and the activity log); the page's own memory where a core sends none
  const names = [...(snapshot.value?.seenViewers ?? [])];
  for (const name of muted) if (!names.some((n) => n.toLowerCase() === name.toLowerCase())) names.push(name);
  names.sort((a, b) => a.localeCompare(b));
  const toggle = (name: string, on: boolean) => apply(on ? [...muted, name] : muted.filter((m) => m.toLowerCase() !== name.toLowerCase()));
  const add = () => {
    const name = other.trim();
    if (!name) return;
    if (!isMuted(name)) apply([...muted, name]);
    setOther('');
  };
  return (
    <fieldset class="muted-names">
      <legend>{t.muted}</legend>
      <p class="hint">{names.length ? t.mutedHint : t.mutedNone}</p>
      {forDay.length ? (
        <ul class="muted-day">
          {forDay.map((entry) => (
            <li key={entry.name}>
              <span>{t.mutedForDay(entry.name, entry.until)}</span>
              <button type="button" class="button" aria-label={t.unmute(entry.name)} onClick={() => unmuteForDay?.(entry.name)}>
                {t.unmuteShort}
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      {names.length ? (
        <div class="muted-grid">
          {names.map((name) => (
            <label key={name} class="check">
              <input type="checkbox" checked={isMuted(name)} onChange={(event) => toggle(name, (event.currentTarget as HTMLInputElement).checked)} />
              <span>{name}</span>
            </label>
          ))}
        </div>
      ) : null}
      <label class="muted-other-label" for="muted-other">
        {t.mutedOtherLabel}
      </label>
      <div class="field-inline">
        <input
          id="muted-other"
          type="text"
          placeholder={t.mutedOther}
          value={other}
          onInput={(event) => setOther((event.currentTarget as HTMLInputElement).value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter') {
              event.preventDefault();
              add();
            }
          }}
        />
        <button type="button" class="button" onClick={add} disabled={other.trim() === ''}>
          {t.mutedAdd}
        </button>
      </div>
    </fieldset>
  );
}
