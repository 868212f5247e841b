import { effect, signal } from '@preact/signals';
import { useEffect, useRef } from 'preact/hooks';
import type { AuthStyle, ProbeView } from '../../../shared/bridge';
import { attempt, type FormMessage } from '../attempt';
import { bridge } from '../bridge';
import { FormMessageLine } from '../components/bits';
import { common } from '../strings/common';
import { revealInPane } from '../components/scroll';
import { closeSettings, fixingKey, focusField, recovered, snapshot } from '../state';
import { settings as t } from '../strings/settings';
import { IdentityHint } from './IdentityHint';
import './forms.css';

/**
 * Server address and API key, with "Test connection" and "Save"; the auth style waits under
 * "Advanced" (the test tries both and the one that works is saved). What is typed lives in module
 * signals, so a failed attempt (or switching views) never loses it. The key field is write-only.
 */
const serverField = signal<string | null>(null);
const keyField = signal('');
const authField = signal<AuthStyle | null>(null);
/** the last test's findings, and the set-up they were for: another set-up (the demo, leaving it, another server) drops them */
const probe = signal<{ view: ProbeView; kind: 'test' | 'save'; for: string } | null>(null);
/** Which set-up the form is about: the demo, or the saved (or first-run) server shown. */
const setupKey = (settings: { demo: boolean; server: string | null; selectedServer?: string | null }) => `${settings.demo}|${settings.server ?? ''}|${settings.selectedServer ?? ''}`;
// another set-up (Try the demo, Leave demo, another server) drops the findings for good, so
// going back to the first one does not bring an old "Test failed" back
effect(() => {
  const s = snapshot.value;
  const held = probe.peek();
  if (s && held && held.for !== setupKey(s.settings)) probe.value = null;
});
const busy = signal<'test' | 'save' | 'demo' | null>(null);
const message = signal<FormMessage>(null);

export function keyStatus(hasKey: boolean, storage: 'encrypted' | 'not-protected' | null): string {
  if (!hasKey) return t.noKey;
  return storage === 'encrypted' ? t.keyEncrypted : t.keyPlain;
}

/**
 * The hint under the key field: on first run and in the demo, only where a key comes from (there
 * is no saved key to speak of yet, and the demo needs none); otherwise the saved key's state too.
 */
function keyHint(firstRun: boolean, demo: boolean, hasKey: boolean, storage: 'encrypted' | 'not-protected' | null): string {
  if (demo) return t.keyHintDemo;
  if (firstRun || !hasKey) return t.keyHintNew;
  return t.keyHelp(keyStatus(hasKey, storage));
}

/** Puts an address in the form (the first-run offer of a server on this computer); the cursor goes to the key. */
export function offerAddress(url: string): void {
  serverField.value = url;
  focusField.value = 'apiKey';
}

/** The address in the form now (what was typed, else the one saved). */
export const typedAddress = () => serverField.value ?? snapshot.value?.settings.server ?? '';

export function ServerForm({ firstRun, label = t.server }: { firstRun: boolean; label?: string }) {
  const s = snapshot.value!;
  const settings = s.settings;
  const server = serverField.value ?? settings.server ?? '';
  const auth = authField.value ?? settings.authStyle;
  // read at call time: "Use http://…" sets the address and tests again in one click
  const request = () => ({ server: (serverField.value ?? settings.server ?? '').trim(), apiKey: keyField.value.trim(), authStyle: authField.value ?? settings.authStyle });
  const addressRef = useRef<HTMLInputElement>(null);
  const keyRef = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (firstRun) addressRef.current?.focus();
  }, []);
  const wantKey = focusField.value;
  const fixingFor = fixingKey.value?.server ?? null;
  const editing = settings.selectedServer ?? null;
  useEffect(() => {
    if (wantKey !== 'apiKey' || !keyRef.current) return;
    // "Fix" on another server: wait until it is the one shown (this form edits the shown server)
    if (fixingFor !== null && editing !== null && fixingFor !== editing) return;
    focusField.value = null;
    revealInPane(keyRef.current, 'center'); // the pane scrolls, never the popover's root
    keyRef.current.focus();
  }, [wantKey, fixingFor, editing]);

  const test = () =>
    attempt(busy, 'test', message, async () => {
      const view = await bridge.testConnection(request());
      probe.value = { view, kind: 'test', for: setupKey(snapshot.value!.settings) };
      // the style the test found working becomes the form's choice (Save sends it)
      if (view.authStyle) authField.value = view.authStyle === settings.authStyle ? null : view.authStyle;
    });
  const save = () =>
    attempt(busy, 'save', message, async () => {
      const result = await bridge.connect(request());
      if (!result.saved) {
        probe.value = { view: result.probe, kind: 'save', for: setupKey(snapshot.value!.settings) }; // the findings say what is wrong, and how to fix it
        return;
      }
      probe.value = null; // one confirmation, not two
      keyField.value = '';
      serverField.value = null;
      authField.value = null;
      const name = result.probe.server ?? server.trim();
      if (fixingKey.value) {
        // the server by the name the app shows it under (the switcher's, the footer's)
        const shown = snapshot.value?.servers.find((summary) => summary.selected)?.name ?? snapshot.value?.server?.name ?? name;
        // "Fix the key" done: back where the user was, where the app says it is live again
        message.value = null;
        recovered.value = shown;
        closeSettings();
        return;
      }
      message.value = { kind: 'ok', text: t.connected(name) };
    });
  const demo = () =>
    attempt(busy, 'demo', message, async () => {
      const outcome = await bridge.startDemo({});
      if (!outcome.ok) message.value = { kind: 'error', text: outcome.error.message };
    });
  const canSubmit = server.trim() !== '' && (keyField.value.trim() !== '' || settings.hasKey) && busy.value === null;

  return (
    <form
      class="form"
      aria-label={label}
      onSubmit={(event) => {
        event.preventDefault();
        if (canSubmit) void save();
      }}
    >
      <label class="field">
        <span>{t.address}</span>
        <input
          ref={addressRef}
          name="server"
          type="text"
          inputMode="url"
          autoComplete="off"
          spellcheck={false}
          placeholder="192.168.1.10:36020"
          value={server}
          onInput={(event) => (serverField.value = (event.currentTarget as HTMLInputElement).value)}
        />
        {server.trim() !== (settings.server ?? '') ? <IdentityHint address={server} id="server-identity" /> : null}
      </label>
      <label class="field">
        <span>{t.key}</span>
        <input
          ref={keyRef}
          name="apiKey"
          type="password"
          autoComplete="off"
          spellcheck={false}
          placeholder={settings.hasKey ? t.keyPlaceholderSaved : t.keyPlaceholder}
          aria-describedby="key-help"
          value={keyField.value}
          onInput={(event) => (keyField.value = (event.currentTarget as HTMLInputElement).value)}
        />
        <span id="key-help" class="hint">
          {keyHint(firstRun, settings.demo, settings.hasKey, settings.keyStorage)}
        </span>
      </label>
      <details class="advanced" open={authField.value !== null && authField.value !== settings.authStyle && probe.value?.view.authStyle !== authField.value}>
        <summary>{t.advanced}</summary>
        <label class="field">
          <span>{t.authStyle}</span>
          <select name="authStyle" value={auth} aria-describedby="auth-hint" onChange={(event) => (authField.value = (event.currentTarget as HTMLSelectElement).value as AuthStyle)}>
            <option value="x-api-key">{t.authXApiKey}</option>
            <option value="bearer">{t.authBearer}</option>
          </select>
          <span id="auth-hint" class="hint">
            {t.authHint}
          </span>
        </label>
      </details>
      <div class="buttons">
        <button type="button" class="button" disabled={!canSubmit} onClick={() => void test()}>
          {busy.value === 'test' ? t.testing : t.test}
        </button>
        <button type="submit" class="button button-primary" disabled={!canSubmit}>
          {busy.value === 'save' ? t.saving : t.save}
        </button>
        {firstRun ? (
          <button type="button" class="button button-quiet" disabled={busy.value !== null} onClick={() => void demo()}>
            {busy.value === 'demo' ? t.startingDemo : t.tryDemo}
          </button>
        ) : null}
      </div>
      <FormMessageLine message={message.value} />
      {probe.value && probe.value.for === setupKey(settings) ? (
        <ProbeSteps
          probe={probe.value.view}
          kind={probe.value.kind}
          onUseAddress={(address) => {
            serverField.value = address;
            void test();
          }}
        />
      ) : null}
    </form>
  );
}

/**
 * What the test found, step by step; each piece of advice once; the first failure scrolled into
 * view. `failed` words the headline of a failure (adding a server says "Not added").
 */
export function ProbeSteps({
  probe: view,
  kind,
  failed,
  onUseAddress,
}: {
  probe: ProbeView;
  kind: 'test' | 'save';
  failed?: (summary: string) => string;
  /** the address Airwave does answer at, taken in one click (the form fills it in and tests it) */
  onUseAddress?: (address: string) => void;
}) {
  const ok = view.verdict === 'ok';
  const ref = useRef<HTMLElement>(null);
  useEffect(() => {
    const failing = ref.current?.querySelector('.step-fail') ?? ref.current?.querySelector('.step-warn');
    const target = failing ?? ref.current;
    if (target instanceof HTMLElement) revealInPane(target);
  }, [view]);
  const headline = ok ? t.testPassed(view.summary) : failed ? failed(view.summary) : kind === 'save' ? t.notSaved(view.summary) : t.testFailed(view.summary);
  return (
    <section ref={ref} class="probe" aria-label={t.found}>
      <p class={ok ? 'inline-ok' : 'inline-error'} role={ok ? 'status' : 'alert'}>
        {headline}
      </p>
      {view.suggestion && onUseAddress ? (
        <div class="probe-suggestion">
          <button type="button" class="button button-primary" onClick={() => onUseAddress(view.suggestion!)}>
            {t.useAddress(view.suggestion)}
          </button>
        </div>
      ) : null}
      {/* a passed test reads as one line; how it was done (headers, each step) is behind a disclosure */}
      {ok ? (
        <details class="probe-details">
          <summary>{t.technicalDetails}</summary>
          <ProbeDetail view={view} />
        </details>
      ) : (
        <ProbeDetail view={view} />
      )}
    </section>
  );
}

/** The test's steps and, where it found one, how the key is sent. */
function ProbeDetail({ view }: { view: ProbeView }) {
  const given = new Set<string>();
  return (
    <>
      {view.authStyle ? (
        <div class="hint" data-testid="auth-chosen">
          {t.authChosen(view.authStyle === 'bearer' ? t.authBearer : t.authXApiKey)}
        </div>
      ) : null}
      <ul>
        {view.steps
          .filter((step) => step.outcome !== 'skipped')
          .map((step) => {
            // a plain web server answering "Not found" was reached: what is missing is the API
            const apiMissing = step.id === 'reachable' && step.outcome === 'fail' && view.verdict === 'not-airwave';
            const fix = step.fix && !given.has(step.fix) && !view.summary.includes(step.fix) ? step.fix : null;
            if (step.fix) given.add(step.fix);
            return (
              <li key={step.id} class={`step step-${step.outcome}`}>
                <span class="step-mark" aria-hidden="true">
                  {step.outcome === 'ok' ? '✓' : step.outcome === 'warn' ? '!' : '✕'}
                </span>
                <span>
                  <strong>{apiMissing ? t.apiMissing : step.label}</strong>
                  {common.labelSeparator}
                  {step.detail}
                  {fix ? <span class="step-fix"> {fix}</span> : null}
                </span>
              </li>
            );
          })}
      </ul>
    </>
  );
}
