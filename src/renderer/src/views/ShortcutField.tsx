import { useState } from 'preact/hooks';
import type { SettingsPatch } from '../../../shared/bridge';
import { acceleratorFromKey, acceleratorProblem } from '../../../shared/accelerator';
import { APP_NAME } from '../../../shared/app-info';
import { settings as t } from '../strings/settings';

/** The global shortcut: on/off, and a field that records the combination pressed, checked before it is saved. */
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
      setProblem(`${accelerator}: ${why}`);
      return;
    }
    setProblem(null);
    void apply({ shortcut: { accelerator } }).then((ok) => ok && shortcut.enabled && setNote(t.shortcutPress(accelerator, APP_NAME)));
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
            if ((await apply({ shortcut: { enabled } })) && enabled) setNote(t.shortcutPress(shortcut.accelerator, APP_NAME));
          }}
        />
        <span>{t.shortcutToggle}</span>
      </label>
      <div class="field">
        <span id="shortcut-label">{t.shortcut}</span>
        <div class="shortcut-row">
          <kbd class="shortcut-keys" aria-live="polite">
            {recording ? t.shortcutRecording : shortcut.accelerator}
          </kbd>
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
