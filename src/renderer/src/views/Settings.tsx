import { useEffect, useState } from 'preact/hooks';
import type { SettingsPatch, UpdateStatus } from '../../../shared/bridge';
import { APP_NAME, APP_VERSION } from '../../../shared/app-info';
import { localTime, pauseUntil, type PauseChoice } from '../../../shared/format';
import { pauseRunning } from '../../../shared/notification-hold';
import { bridge } from '../bridge';
import { ArrowLeft } from 'lucide-preact';
import { closeSettings, now, settingsFrom, snapshot } from '../state';
import { common } from '../strings/common';
import { settings as t } from '../strings/settings';
import { FeatureSettings } from '../features/FeatureSettings';
import { HistorySettings } from '../history/HistorySettings';
import { MutedNames } from './MutedNames';
import { ServerForm } from './ServerForm';
import { ServersSection } from './ServersSection';
import { AddServer } from './AddServer';
import { ShortcutField } from './ShortcutField';
import { LanguageField } from './LanguageField';
import './forms.css';
import { errorText } from '../attempt';

const POLL_MIN = 5;
const POLL_MAX = 300;

/** Every setting, each applied as soon as it changes; failures are said next to the control. */
export function Settings() {
  const s = snapshot.value!;
  const settings = s.settings;
  const n = settings.notifications;
  const [error, setError] = useState<string | null>(null);
  const [confirmForget, setConfirmForget] = useState(false);
  // opening Settings is a hint to look at the server's health now (main bounds how often it asks)
  useEffect(() => void bridge.settingsOpened({}).catch(() => {}), []);

  const apply = async (patch: SettingsPatch) => {
    setError(null);
    try {
      const outcome = await bridge.updateSettings(patch);
      if (!outcome.ok) setError([outcome.error.message, outcome.error.fix].filter(Boolean).join(' '));
      return outcome.ok;
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : t.saveError);
      return false;
    }
  };
  const leaveDemo = async () => {
    setError(null);
    try {
      const outcome = await bridge.leaveDemo({});
      if (!outcome.ok) setError(t.leaveDemoFailed(outcome.error.message));
    } catch (failure) {
      setError(t.leaveDemoFailed(errorText(failure)));
    }
  };
  const pause = (choice: PauseChoice) => void apply({ notifications: { pausedUntil: pauseUntil(choice, Date.now()) } });
  const paused = pauseRunning(n.pausedUntil, now.value);
  const live = s.connection.state === 'live';

  const several = (settings.servers?.length ?? 0) > 1 && !settings.demo;
  /** the one server's place (one server, or the demo): its address and key, opening it, forgetting it */
  const serverPlace = (
    <>
      {settings.demo ? (
        <div class="demo-banner">
          <p class="hint">{t.demoHint}</p>
          {/* stops the demo and returns to first run (or to the saved real server); nothing saved is lost */}
          <button type="button" class="button" onClick={() => void leaveDemo()}>
            {t.leaveDemo}
          </button>
        </div>
      ) : null}
      <ServerForm firstRun={false} label={t.server} />
      <div class="buttons">
        {s.server && !settings.demo ? (
          <button type="button" class="button button-quiet" onClick={() => void bridge.openInBrowser({ kind: 'server' })}>
            {t.openInBrowser}
          </button>
        ) : null}
        {(settings.server || settings.hasKey) && !settings.demo ? (
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
                {t.forgetConfirm}
              </button>
              <button type="button" class="button button-quiet" onClick={() => setConfirmForget(false)}>
                {t.keep}
              </button>
            </>
          ) : (
            <button type="button" class="button button-quiet" onClick={() => setConfirmForget(true)}>
              {t.forget}
            </button>
          )
        ) : null}
      </div>
    </>
  );
  return (
    <div class="settings scroll-plain">
      <div class="settings-top">
        {/* the way back, for a mouse (Escape does the same from anywhere in Settings) */}
        <button type="button" class="button button-quiet settings-back" data-focus-home onClick={closeSettings}>
          <ArrowLeft size={14} aria-hidden />
          {t.back(backLabel(settingsFrom.value))}
        </button>
      </div>

      <section aria-labelledby="settings-general">
        <h2 id="settings-general">{t.general}</h2>
        <label class="check">
          <input type="checkbox" checked={settings.launchAtLogin} onChange={(event) => void apply({ launchAtLogin: (event.currentTarget as HTMLInputElement).checked })} />
          <span>{t.launch(APP_NAME)}</span>
        </label>
        <LanguageField settings={settings} apply={apply} />
        <ShortcutField shortcut={settings.shortcut} apply={apply} />
        <UpdateButton />
      </section>

      <section aria-labelledby="settings-notifications">
        <h2 id="settings-notifications">{t.notifications}</h2>
        <label class="check">
          <input type="checkbox" checked={n.enabled} onChange={(event) => void apply({ notifications: { enabled: (event.currentTarget as HTMLInputElement).checked } })} />
          <span>{t.notifyToggle}</span>
        </label>
        <label class="check">
          <input
            type="checkbox"
            checked={n.quietHours !== null}
            onChange={(event) =>
              void apply({ notifications: { quietHours: (event.currentTarget as HTMLInputElement).checked ? { start: '22:00', end: '07:00' } : null } })
            }
          />
          <span>{t.quietHours}</span>
        </label>
        {n.quietHours ? (
          <div class="field field-inline">
            <label>
              <span class="visually-hidden">{t.quietFrom}</span>
              <input type="time" value={n.quietHours.start} onChange={(event) => void apply({ notifications: { quietHours: { ...n.quietHours!, start: (event.currentTarget as HTMLInputElement).value } } })} />
            </label>
            <span>{t.to}</span>
            <label>
              <span class="visually-hidden">{t.quietUntil}</span>
              <input type="time" value={n.quietHours.end} onChange={(event) => void apply({ notifications: { quietHours: { ...n.quietHours!, end: (event.currentTarget as HTMLInputElement).value } } })} />
            </label>
          </div>
        ) : null}
        <MutedNames
          muted={n.mutedUsers}
          apply={(mutedUsers) => void apply({ notifications: { mutedUsers } })}
          forDay={(n.mutedUntil ?? []).filter((entry) => entry.until > Date.now())}
          unmuteForDay={(name) => void apply({ notifications: { mutedUntil: (n.mutedUntil ?? []).filter((entry) => entry.name !== name) } })}
        />
        <div class="buttons" role="group" aria-label={t.pause}>
          {paused !== null ? (
            <>
              <span class="hint">{t.pausedUntil(paused)}</span>
              <button type="button" class="button" onClick={() => pause('resume')}>
                {t.resume}
              </button>
            </>
          ) : (
            <>
              <button type="button" class="button" onClick={() => pause('1h')}>
                {t.pause1h}
              </button>
              <button type="button" class="button" onClick={() => pause('tomorrow')}>
                {t.pauseTomorrow} ({localTime(pauseUntil('tomorrow', now.value)!)})
              </button>
            </>
          )}
        </div>
        <FeatureSettings part="notifications" />
        <HistorySettings />
      </section>

      {/* one place per server: one server (or the demo) is its form; several are a list, each with its own */}
      {several ? (
        <ServersSection shownPlace={<ServerForm firstRun={false} label={t.server} />} />
      ) : (
        <section aria-labelledby="settings-servers">
          <h2 id="settings-servers">{t.servers}</h2>
          {serverPlace}
          {settings.demo ? null : <AddServer />}
        </section>
      )}

      <section aria-labelledby="settings-advanced">
        <h2 id="settings-advanced">{t.advancedSection}</h2>
        <label class="field field-inline">
          <span>{t.checkEvery}</span>
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
              else setError(t.pollRange(POLL_MIN, POLL_MAX));
            }}
          />
          <span>{t.seconds(settings.pollSeconds)}</span>
        </label>
        <p id="poll-hint" class="hint">
          {live ? t.pollUnused : t.pollHint}
        </p>
        <FeatureSettings part="advanced" />
        <LogsButton />
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
          {t.quit(APP_NAME)}
        </button>
      </section>
    </div>
  );
}

const backLabel = (from: string) =>
  from === 'on-now' ? common.tabs.onNow : from === 'guide' ? common.tabs.guide : from === 'activity' ? common.tabs.activity : common.tabs.watching;

/** "Check for updates…": says in words what came of it. */
function UpdateButton() {
  const [update, setUpdate] = useState<UpdateStatus | { kind: 'error'; message: string } | null>(null);
  const check = async () => {
    setUpdate({ kind: 'checking' });
    try {
      const outcome = await bridge.checkForUpdates({});
      setUpdate(outcome.ok ? outcome.value : { kind: 'error', message: outcome.error.message });
    } catch (failure) {
      setUpdate({ kind: 'error', message: errorText(failure) });
    }
  };
  return (
    <>
      <div class="buttons">
        <button type="button" class="button button-quiet" disabled={update?.kind === 'checking'} onClick={() => void check()}>
          {t.checkUpdates}
        </button>
      </div>
      {update ? (
        <p class={update.kind === 'error' || update.kind === 'failed' ? 'inline-error' : 'hint'} role="status" data-testid="update-status">
          {updateWords(update)}
        </p>
      ) : null}
    </>
  );
}

/** "Open log folder": says so when it cannot. */
function LogsButton() {
  const [logs, setLogs] = useState<string | null>(null);
  const openLogs = async () => {
    setLogs(null);
    try {
      const outcome = await bridge.openLogFolder({});
      if (!outcome.ok) setLogs(outcome.error.message);
    } catch (failure) {
      setLogs(errorText(failure));
    }
  };
  return (
    <>
      <div class="buttons">
        <button type="button" class="button button-quiet" onClick={() => void openLogs()}>
          {t.openLogs}
        </button>
      </div>
      {logs ? (
        <p class="inline-error" role="alert">
          {logs}
        </p>
      ) : null}
    </>
  );
}

function updateWords(status: UpdateStatus | { kind: 'error'; message: string }): string {
  const w = t.update;
  switch (status.kind) {
    case 'development':
      return w.development;
    case 'idle':
      return w.idle;
    case 'checking':
      return w.checking;
    case 'up-to-date':
      return w.upToDate(status.checkedAt);
    case 'downloading':
      return w.downloading(status.version);
    case 'ready':
      return w.ready(status.version);
    case 'failed':
    case 'error':
      return w.failed(status.message);
  }
}
