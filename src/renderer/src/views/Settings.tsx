import { useState } from 'preact/hooks';
import type { SettingsPatch } from '../../../shared/bridge';
import { APP_NAME, APP_VERSION } from '../../../shared/app-info';
import { clock, pauseUntil, type PauseChoice } from '../../../shared/format';
import { bridge } from '../bridge';
import { now, snapshot } from '../state';
import { ServerForm } from './ServerForm';
import './forms.css';

const POLL_MIN = 5;
const POLL_MAX = 300;

/** Every setting, each applied as soon as it changes; failures are said next to the control. */
export function Settings() {
  const s = snapshot.value!;
  const settings = s.settings;
  const n = settings.notifications;
  const [error, setError] = useState<string | null>(null);
  const [confirmForget, setConfirmForget] = useState(false);
  const [shortcutNote, setShortcutNote] = useState<string | null>(null);

  const apply = async (patch: SettingsPatch) => {
    setError(null);
    try {
      const outcome = await bridge.updateSettings(patch);
      if (!outcome.ok) setError(outcome.error.message);
      return outcome.ok;
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : 'That setting could not be saved.');
      return false;
    }
  };
  const pause = (choice: PauseChoice) => void apply({ notifications: { pausedUntil: pauseUntil(choice, Date.now()) } });
  const paused = n.pausedUntil !== null && n.pausedUntil > now.value;

  return (
    <div class="settings scroll-plain">
      <section aria-labelledby="settings-server">
        <h2 id="settings-server">Server</h2>
        {settings.demo ? <p class="hint">Connected to the built-in demo. Saving a server below leaves the demo.</p> : null}
        <ServerForm firstRun={false} />
        <div class="buttons">
          {s.server ? (
            <button type="button" class="button button-quiet" onClick={() => void bridge.openInBrowser({ kind: 'server' })}>
              Open in browser
            </button>
          ) : null}
          {settings.server || settings.hasKey ? (
            confirmForget ? (
              <>
                <button
                  type="button"
                  class="button button-danger"
                  onClick={() => {
                    setConfirmForget(false);
                    void bridge.forgetServer({});
                  }}
                >
                  Forget server and delete the key
                </button>
                <button type="button" class="button button-quiet" onClick={() => setConfirmForget(false)}>
                  Keep
                </button>
              </>
            ) : (
              <button type="button" class="button button-quiet" onClick={() => setConfirmForget(true)}>
                Forget server…
              </button>
            )
          ) : null}
        </div>
      </section>

      <section aria-labelledby="settings-sync">
        <h2 id="settings-sync">Checking</h2>
        <label class="field field-inline">
          <span>Check every</span>
          <input
            type="number"
            min={POLL_MIN}
            max={POLL_MAX}
            step={1}
            value={settings.pollSeconds}
            aria-describedby="poll-hint"
            onChange={(event) => {
              const value = Number((event.currentTarget as HTMLInputElement).value);
              if (Number.isInteger(value) && value >= POLL_MIN && value <= POLL_MAX) void apply({ pollSeconds: value });
              else setError(`Choose a whole number of seconds from ${POLL_MIN} to ${POLL_MAX}.`);
            }}
          />
          <span>seconds</span>
        </label>
        <p id="poll-hint" class="hint">
          Only used when the server has no live event stream.
        </p>
      </section>

      <section aria-labelledby="settings-notifications">
        <h2 id="settings-notifications">Notifications</h2>
        <label class="check">
          <input type="checkbox" checked={n.enabled} onChange={(event) => void apply({ notifications: { enabled: (event.currentTarget as HTMLInputElement).checked } })} />
          <span>Tell me when someone starts watching</span>
        </label>
        <label class="check">
          <input
            type="checkbox"
            checked={n.quietHours !== null}
            onChange={(event) =>
              void apply({ notifications: { quietHours: (event.currentTarget as HTMLInputElement).checked ? { start: '22:00', end: '07:00' } : null } })
            }
          />
          <span>Quiet hours</span>
        </label>
        {n.quietHours ? (
          <div class="field field-inline">
            <label>
              <span class="visually-hidden">Quiet from</span>
              <input type="time" value={n.quietHours.start} onChange={(event) => void apply({ notifications: { quietHours: { ...n.quietHours!, start: (event.currentTarget as HTMLInputElement).value } } })} />
            </label>
            <span>to</span>
            <label>
              <span class="visually-hidden">Quiet until</span>
              <input type="time" value={n.quietHours.end} onChange={(event) => void apply({ notifications: { quietHours: { ...n.quietHours!, end: (event.currentTarget as HTMLInputElement).value } } })} />
            </label>
          </div>
        ) : null}
        <label class="field">
          <span>Never tell me about (names, comma separated)</span>
          <input
            type="text"
            value={n.mutedUsers.join(', ')}
            onChange={(event) => {
              const names = (event.currentTarget as HTMLInputElement).value
                .split(',')
                .map((name) => name.trim())
                .filter(Boolean);
              void apply({ notifications: { mutedUsers: names } });
            }}
          />
        </label>
        <div class="buttons" role="group" aria-label="Pause notifications">
          {paused ? (
            <>
              <span class="hint">Paused until {clock(n.pausedUntil!)}</span>
              <button type="button" class="button" onClick={() => pause('resume')}>
                Resume
              </button>
            </>
          ) : (
            <>
              <button type="button" class="button" onClick={() => pause('1h')}>
                Pause 1 hour
              </button>
              <button type="button" class="button" onClick={() => pause('tomorrow')}>
                Pause until tomorrow
              </button>
            </>
          )}
        </div>
      </section>

      <section aria-labelledby="settings-system">
        <h2 id="settings-system">System</h2>
        <label class="check">
          <input type="checkbox" checked={settings.launchAtLogin} onChange={(event) => void apply({ launchAtLogin: (event.currentTarget as HTMLInputElement).checked })} />
          <span>Start {APP_NAME} when I log in</span>
        </label>
        <label class="check">
          <input
            type="checkbox"
            checked={settings.shortcut.enabled}
            onChange={async (event) => {
              const enabled = (event.currentTarget as HTMLInputElement).checked;
              setShortcutNote(null);
              if ((await apply({ shortcut: { enabled } })) && enabled) setShortcutNote(`Press ${settings.shortcut.accelerator} to open ${APP_NAME}.`);
            }}
          />
          <span>Global shortcut</span>
        </label>
        <label class="field">
          <span>Shortcut</span>
          <input
            type="text"
            value={settings.shortcut.accelerator}
            spellcheck={false}
            onChange={(event) => void apply({ shortcut: { accelerator: (event.currentTarget as HTMLInputElement).value.trim() } })}
          />
        </label>
        {shortcutNote ? <p class="hint" role="status">{shortcutNote}</p> : null}
      </section>

      {error ? (
        <p class="inline-error" role="alert">
          {error}
        </p>
      ) : null}
      <section class="about">
        <p class="muted small">
          {APP_NAME} {APP_VERSION}
        </p>
        <button type="button" class="button button-quiet" onClick={() => void bridge.quit({})}>
          Quit {APP_NAME}
        </button>
      </section>
    </div>
  );
}
