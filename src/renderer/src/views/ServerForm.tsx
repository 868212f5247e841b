import { signal } from '@preact/signals';
import type { AuthStyle, ProbeView } from '../../../shared/bridge';
import { bridge } from '../bridge';
import { snapshot } from '../state';
import './forms.css';

/**
 * Server address, API key and auth style, with "Test connection" and "Save". What is typed lives
 * in module signals, so a failed attempt (or switching views) never loses it. The key field is
 * write-only: it never shows a saved key, only how it is kept.
 */
const serverField = signal<string | null>(null);
const keyField = signal('');
const authField = signal<AuthStyle | null>(null);
const probe = signal<ProbeView | null>(null);
const busy = signal<'test' | 'save' | 'demo' | null>(null);
const message = signal<{ kind: 'ok' | 'error'; text: string } | null>(null);

export function keyStatus(hasKey: boolean, storage: 'encrypted' | 'not-protected' | null): string {
  if (!hasKey) return 'No key saved';
  return storage === 'encrypted' ? 'Saved, encrypted' : 'Saved, not encrypted on this system';
}

export function ServerForm({ firstRun }: { firstRun: boolean }) {
  const s = snapshot.value!;
  const settings = s.settings;
  const server = serverField.value ?? settings.server ?? '';
  const auth = authField.value ?? settings.authStyle;
  const request = () => ({ server: server.trim(), apiKey: keyField.value.trim(), authStyle: auth });

  /** One attempt at a time; whatever happens, the buttons come back. */
  const attempt = async (kind: NonNullable<typeof busy.value>, work: () => Promise<void>) => {
    busy.value = kind;
    message.value = null;
    try {
      await work();
    } finally {
      busy.value = null;
    }
  };
  const test = () =>
    attempt('test', async () => {
      probe.value = await bridge.testConnection(request());
    });
  const save = () =>
    attempt('save', async () => {
      const result = await bridge.connect(request());
      probe.value = result.probe;
      if (!result.saved) return; // the probe's findings below say what is wrong, and how to fix it
      keyField.value = '';
      serverField.value = null;
      authField.value = null;
      message.value = { kind: 'ok', text: `Connected to ${result.probe.server ?? 'the server'}.` };
    });
  const demo = () =>
    attempt('demo', async () => {
      const outcome = await bridge.startDemo({});
      if (!outcome.ok) message.value = { kind: 'error', text: outcome.error.message };
    });
  const canSubmit = server.trim() !== '' && (keyField.value.trim() !== '' || settings.hasKey) && busy.value === null;

  return (
    <form
      class="form"
      aria-label="Server"
      onSubmit={(event) => {
        event.preventDefault();
        if (canSubmit) void save();
      }}
    >
      <label class="field">
        <span>Server address</span>
        <input
          name="server"
          type="text"
          inputMode="url"
          autoComplete="off"
          spellcheck={false}
          placeholder="192.168.1.10:36020"
          value={server}
          onInput={(event) => (serverField.value = (event.currentTarget as HTMLInputElement).value)}
        />
      </label>
      <label class="field">
        <span>API key</span>
        <input
          name="apiKey"
          type="password"
          autoComplete="off"
          spellcheck={false}
          placeholder={settings.hasKey ? `${keyStatus(true, settings.keyStorage)} (leave empty to keep it)` : 'airwave_…'}
          value={keyField.value}
          onInput={(event) => (keyField.value = (event.currentTarget as HTMLInputElement).value)}
        />
        <span class="hint">{keyStatus(settings.hasKey, settings.keyStorage)}. Create keys in Airwave under Settings → API Keys.</span>
      </label>
      <label class="field">
        <span>Send the key as</span>
        <select name="authStyle" value={auth} onChange={(event) => (authField.value = (event.currentTarget as HTMLSelectElement).value as AuthStyle)}>
          <option value="x-api-key">X-API-Key header</option>
          <option value="bearer">Authorization: Bearer</option>
        </select>
      </label>
      <div class="buttons">
        <button type="button" class="button" disabled={!canSubmit} onClick={() => void test()}>
          {busy.value === 'test' ? 'Testing…' : 'Test connection'}
        </button>
        <button type="submit" class="button button-primary" disabled={!canSubmit}>
          {busy.value === 'save' ? 'Connecting…' : 'Save'}
        </button>
        {firstRun ? (
          <button type="button" class="button button-quiet" disabled={busy.value !== null} onClick={() => void demo()}>
            {busy.value === 'demo' ? 'Starting…' : 'Try the demo'}
          </button>
        ) : null}
      </div>
      {message.value ? (
        <p class={message.value.kind === 'ok' ? 'inline-ok' : 'inline-error'} role={message.value.kind === 'ok' ? 'status' : 'alert'}>
          {message.value.text}
        </p>
      ) : null}
      {probe.value ? <ProbeSteps probe={probe.value} /> : null}
    </form>
  );
}

function ProbeSteps({ probe: view }: { probe: ProbeView }) {
  const ok = view.verdict === 'ok';
  return (
    <section class="probe" aria-label="What the test found">
      <p class={ok ? 'inline-ok' : 'inline-error'} role={ok ? 'status' : 'alert'}>
        {ok ? view.summary : `Not saved. ${view.summary}`}
      </p>
      <ul>
        {view.steps
          .filter((step) => step.outcome !== 'skipped')
          .map((step) => (
            <li key={step.id} class={`step step-${step.outcome}`}>
              <span class="step-mark" aria-hidden="true">
                {step.outcome === 'ok' ? '✓' : step.outcome === 'warn' ? '!' : '✕'}
              </span>
              <span>
                <strong>{step.label}</strong>: {step.detail}
                {step.fix ? <span class="step-fix"> {step.fix}</span> : null}
              </span>
            </li>
          ))}
      </ul>
    </section>
  );
}
