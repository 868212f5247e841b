import { useState } from 'preact/hooks';
import type { SettingsPatch } from '../../../shared/bridge';
import { acceleratorCaps, acceleratorFromKey, acceleratorProblem, acceleratorText } from '../../../shared/accelerator';
import { shortcutProblemText } from '../../../shared/accelerator-words';
import { APP_NAME } from '../../../shared/app-info';
import { settings as t } from '../strings/settings';

/**
 * The global shortcut: on/off, and (while on) the combination as key caps the way this platform
 * prints them (⌘⇧A, Ctrl+Shift+A), with a button that records a new one, checked before it is saved.
 */
export function ShortcutField({ shortcut, apply }: { shortcut: { enabled: boolean; accelerator: string }; apply: (patch: SettingsPatch) => Promise<boolean> }) {
  const [recording, setRecording] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [note, setNote] = useState<string | null>(null);
  const mac = typeof navigator !== 'undefined' && /Mac/i.test(navigator.platform);
  const onKeyDown = (event: KeyboardEvent) => {
    if (!recording) {
      if (event.key === 'Enter' || event.key === ' ') {
        event.preventDefault();
        setRecording(true);
        setProblem(null);
      }
      return;
    }
    event.preventDefault();
    event.stopPropagation();
    if (event.key === 'Escape' && !event.ctrlKey && !event.metaKey && !event.altKey && !event.shiftKey) {
      setRecording(false);
      return;
    }
    const accelerator = acceleratorFromKey(event, mac);
    if (!accelerator) return; // only modifiers so far
    setRecording(false);
    const why = acceleratorProblem(accelerator);
    if (why) {
      setProblem(shortcutProblemText(accelerator, why));
      return;
    }
    setProblem(null);
    void apply({ shortcut: { accelerator } }).then((ok) => ok && shortcut.enabled && setNote(t.shortcutPress(acceleratorText(accelerator, mac), APP_NAME)));
  };
  return (
    <>
      <label class="check">
        <input
          type="checkbox"
          checked={shortcut.enabled}
          onChange={async (event) => {
            const enabled = (event.currentTarget as HTMLInputElement).checked;
            setNote(null);
            if ((await apply({ shortcut: { enabled } })) && enabled) setNote(t.shortcutPress(acceleratorText(shortcut.accelerator, mac), APP_NAME));
          }}
        />
        <span>{t.shortcutToggle}</span>
      </label>
      {shortcut.enabled ? (
        <div class="field field-nested">
          <span id="shortcut-label">{t.shortcut}</span>
          <div class="shortcut-row">
            <span class="shortcut-keys" aria-live="polite" aria-label={recording ? t.shortcutRecording : acceleratorText(shortcut.accelerator, mac)}>
              {recording ? (
                <span class="hint">{t.shortcutRecording}</span>
              ) : (
                acceleratorCaps(shortcut.accelerator, mac).map((cap, i) => (
                  <>
                    {i > 0 && !mac ? <span class="keycap-join">+</span> : null}
                    <kbd key={i} class="keycap">
                      {cap}
                    </kbd>
                  </>
                ))
              )}
            </span>
            <button
              type="button"
              class={`button${recording ? ' button-primary' : ''}`}
              aria-pressed={recording}
              aria-labelledby="shortcut-label shortcut-record"
              aria-describedby="shortcut-hint"
              onClick={() => {
                setRecording(!recording);
                setProblem(null);
              }}
              onKeyDown={onKeyDown}
              onBlur={() => setRecording(false)}
            >
              <span id="shortcut-record">{t.shortcutRecord}</span>
            </button>
          </div>
          <span id="shortcut-hint" class="hint">
            {t.shortcutHint}
          </span>
        </div>
      ) : null}
      {problem ? (
        <p class="inline-error" role="alert">
          {problem}
        </p>
      ) : null}
      {note ? (
        <p class="hint" role="status">
          {note}
        </p>
      ) : null}
    </>
  );
}
