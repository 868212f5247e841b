import { signal } from '@preact/signals';
import { useRef } from 'preact/hooks';
import { MAX_SERVERS, type AddServerResult, type AuthStyle } from '../../../shared/bridge';
import { attempt, type FormMessage } from '../attempt';
import { bridge } from '../bridge';
import { FormMessageLine } from '../components/bits';
import { snapshot } from '../state';
import { servers as t } from '../strings/servers';
import { settings as ts } from '../strings/settings';
import { IdentityHint } from './IdentityHint';
import { ProbeSteps } from './ServerForm';

/**
 * "Add a server": address, key, optional name and auth style, probed by the core before anything
 * is kept. A server already listed under another address is offered as another address of it.
 * What is typed lives in module signals, so a failed attempt (or switching views) loses nothing.
 */
const open = signal(false);
const address = signal('');
const key = signal('');
const name = signal('');
const auth = signal<AuthStyle>('x-api-key');
const busy = signal<'add' | null>(null);
const result = signal<AddServerResult | null>(null);
/** what came of the last step, in words (an error thrown by the bridge, or an address added) */
const message = signal<FormMessage>(null);

export function AddServer() {
  const toggle = useRef<HTMLButtonElement>(null);
  const first = useRef<HTMLInputElement>(null);
  const canAdd = address.value.trim() !== '' && key.value.trim() !== '' && !busy.value;

  const clear = () => {
    result.value = null;
    address.value = '';
    key.value = '';
    name.value = '';
  };
  const add = () =>
    attempt(busy, 'add', message, async () => {
      result.value = null;
      const typedName = name.value.trim();
      const answer = await bridge.addServer({ server: address.value.trim(), apiKey: key.value.trim(), authStyle: auth.value, ...(typedName ? { name: typedName } : {}) });
      result.value = answer;
      if (answer.kind === 'added') {
        const added = snapshot.value?.settings.servers.find((entry) => entry.id === answer.id)?.name;
        message.value = { kind: 'ok', text: t.added(added ?? (typedName || answer.probe.server || address.value.trim())) };
        clear();
      }
    });
  const addAddress = (id: string, serverName: string, where: string) =>
    attempt(busy, 'add', message, async () => {
      const outcome = await bridge.addAddress({ id, address: where });
      if (!outcome.ok) {
        message.value = { kind: 'error', text: t.failed([outcome.error.message, outcome.error.fix].filter(Boolean).join(' ')) };
        return;
      }
      message.value = { kind: 'ok', text: t.addressAdded(where, serverName) };
      clear();
    });
  const close = () => {
    open.value = false;
    result.value = null;
    message.value = null;
    queueMicrotask(() => toggle.current?.focus());
  };

  if (!open.value) {
    return (
      <button
        ref={toggle}
        type="button"
        class="button add-server-toggle"
        aria-expanded={false}
        onClick={() => {
          open.value = true;
          requestAnimationFrame(() => first.current?.focus());
        }}
      >
        {t.add}
      </button>
    );
  }
  const r = result.value;
  return (
    <form
      class="form add-server"
      aria-labelledby="add-server-title"
      onSubmit={(event) => {
        event.preventDefault();
        if (canAdd) void add();
      }}
      onKeyDown={(event) => {
        if (event.key === 'Escape') {
          event.stopPropagation();
          close();
        }
      }}
    >
      <h3 id="add-server-title">{t.addTitle}</h3>
      <label class="field">
        <span>{ts.address}</span>
        <input ref={first} name="add-server" type="text" inputMode="url" autoComplete="off" spellcheck={false} placeholder="192.168.1.10:36020" value={address.value} onInput={(event) => (address.value = (event.currentTarget as HTMLInputElement).value)} />
        <IdentityHint address={address.value} id="add-server-identity" />
      </label>
      <label class="field">
        <span>{ts.key}</span>
        <input name="add-apiKey" type="password" autoComplete="off" spellcheck={false} placeholder={ts.keyPlaceholder} value={key.value} onInput={(event) => (key.value = (event.currentTarget as HTMLInputElement).value)} />
      </label>
      <label class="field">
        <span>{t.name}</span>
        <input name="add-name" type="text" autoComplete="off" maxLength={80} placeholder={t.namePlaceholder} value={name.value} onInput={(event) => (name.value = (event.currentTarget as HTMLInputElement).value)} />
      </label>
      <label class="field">
        <span>{ts.authStyle}</span>
        <select name="add-authStyle" value={auth.value} onChange={(event) => (auth.value = (event.currentTarget as HTMLSelectElement).value as AuthStyle)}>
          <option value="x-api-key">{ts.authXApiKey}</option>
          <option value="bearer">{ts.authBearer}</option>
        </select>
      </label>
      <div class="buttons">
        <button type="submit" class="button button-primary" disabled={!canAdd}>
          {busy.value ? t.adding : t.addButton}
        </button>
        <button type="button" class="button button-quiet" onClick={close}>
          {t.close}
        </button>
      </div>
      <FormMessageLine message={message.value} />
      {r?.kind === 'same-server' ? (
        <div class="inline-warning" role="status" data-testid="same-server">
          <p>{r.keyMatches ? t.sameServer(r.name, r.address) : t.sameServerOtherKey(r.name, r.address)}</p>
          {r.keyMatches ? (
            <button type="button" class="button" disabled={busy.value !== null} onClick={() => void addAddress(r.id, r.name, r.address)}>
              {t.addAddress(r.name)}
            </button>
          ) : null}
        </div>
      ) : null}
      {r?.kind === 'already-listed' ? (
        <p class="inline-warning" role="status">
          {t.alreadyListed(r.name)}
        </p>
      ) : null}
      {r?.kind === 'full' ? (
        <p class="inline-error" role="alert">
          {t.full(MAX_SERVERS)}
        </p>
      ) : null}
      {r?.kind === 'failed' ? <ProbeSteps probe={r.probe} kind="save" failed={t.notAdded} onUseAddress={(where) => (address.value = where)} /> : null}
    </form>
  );
}
