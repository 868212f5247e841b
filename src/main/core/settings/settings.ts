import { formatTag, resolveLocale } from '../../../shared/i18n/locales';
import type { AuthStyle, KeyStorage, SettingsPatch, SettingsView } from '../../../shared/bridge';
import { MAX_SERVERS, type ServerEntryView } from '../../../shared/bridge-servers';
import { acceleratorProblem } from '../../../shared/accelerator';
import { readKept } from '../../../shared/tolerant';
import { MAX_SERVER_NAME } from '../../../shared/shapes';
import { defaultName, following, newServerId, withAddress, type StoredServer } from './server-entries';
import { DEFAULT_SETTINGS, MAX_PAUSE_MS, settingsSchema, type KeyProtection, type SettingsBackend, type StoredSettings } from './settings-storage';
import { Emitter } from '../../common/emitter';

export * from './settings-storage';
export { openSettings, openSettingsDir, type OpenedSettings } from './settings-file';

/**
 * Settings: the service the core uses (what is in the file and how it is opened are in
 * settings-storage.ts). Keys are only ever stored sealed by a SecretBox and never leave this module
 * except to the sync engines' clients.
 */

/** Seals and opens the API key. The Electron host implements it with safeStorage. */
export interface SecretBox {
  /** how a key sealed now would be protected */
  readonly protection: KeyProtection;
  seal(plain: string): string;
  open(data: string, protection: KeyProtection): string;
}

/** No protection at all: base64 only (the preview host, and systems with no secret store). */
export const plainSecretBox: SecretBox = {
  protection: 'plain',
  seal: (plain) => Buffer.from(plain, 'utf8').toString('base64'),
  open: (data, protection) => {
    if (protection !== 'plain') throw new Error('This key was sealed by the system keychain, which is not available here.');
    return Buffer.from(data, 'base64').toString('utf8');
  },
};

const storageOf = (protection: KeyProtection): KeyStorage => (protection === 'os' ? 'encrypted' : 'not-protected');

/** The settings the core works with. Every change is written through at once. */
export class SettingsService {
  readonly #backend: SettingsBackend;
  readonly #secrets: SecretBox;
  readonly #systemLanguages: () => readonly string[];
  readonly #changed = new Emitter<void>();
  #values: StoredSettings | null = null;

  /** `systemLanguages`: the system's preferred languages, most wanted first (the host asks the OS) */
  constructor(backend: SettingsBackend, secrets: SecretBox, systemLanguages: () => readonly string[] = () => []) {
    this.#backend = backend;
    this.#secrets = secrets;
    this.#systemLanguages = systemLanguages;
  }

  /**
   * The settings as last read or written. conf and electron-store read the file on every access,
   * and the core asks for settings on every state change; this service is the file's only writer,
   * so it reads once and keeps what it writes.
   */
  get values(): StoredSettings {
    if (this.#values) return this.#values;
    this.#values = { ...DEFAULT_SETTINGS, ...this.#backend.store };
    return this.#values;
  }

  get path(): string {
    return this.#backend.path;
  }

  view(): SettingsView {
    const values = this.values;
    const selected = this.selected();
    return {
      server: selected?.address ?? null,
      hasKey: selected?.apiKey != null,
      keyStorage: selected?.apiKey ? storageOf(selected.apiKey.protection) : null,
      authStyle: selected?.authStyle ?? 'x-api-key',
      servers: values.servers.map(entryView),
      selectedServer: selected?.id ?? null,
      badgeServer: values.servers.some((s) => s.id === values.badgeServer) ? values.badgeServer : null,
      pollSeconds: values.pollSeconds,
      notifications: { ...values.notifications, mutedUsers: [...values.notifications.mutedUsers] },
      launchAtLogin: values.launchAtLogin,
      language: values.language,
      locale: resolveLocale(values.language, this.#systemLanguages()),
      formatLocale: formatTag(resolveLocale(values.language, this.#systemLanguages()), this.#systemLanguages()),
      shortcut: { ...values.shortcut },
      demo: values.demo,
    };
  }

  // ------------------------------------------------------------ the servers

  get servers(): readonly StoredServer[] {
    return this.values.servers;
  }

  entry(id: string): StoredServer | null {
    return this.values.servers.find((s) => s.id === id) ?? null;
  }

  /** The server On now, the guide and lookup show: the chosen one, else the first. */
  selected(): StoredServer | null {
    const values = this.values;
    return values.servers.find((s) => s.id === values.selectedServer) ?? values.servers[0] ?? null;
  }

  /** The selected server's key (see keyOf). */
  apiKey(): string | null {
    const selected = this.selected();
    return selected ? this.keyOf(selected.id) : null;
  }

  /** A server's saved key, or null when there is none or it cannot be unsealed on this system (or unseals to nothing). */
  keyOf(id: string): string | null {
    const sealed = this.entry(id)?.apiKey;
    if (!sealed) return null;
    try {
      const key = this.#secrets.open(sealed.data, sealed.protection).trim();
      return key === '' ? null : key;
    } catch {
      return null;
    }
  }

  /** Every key that can be unsealed (the log hides them all). */
  allKeys(): string[] {
    return this.values.servers.map((s) => this.keyOf(s.id)).filter((k): k is string => k !== null);
  }

  /**
   * Saves a working server and key into the selected entry, or as the first server when there is
   * none (an empty key keeps the saved one), and leaves demo mode. Another server at this entry's
   * place starts it afresh: its old addresses and instance do not carry over.
   */
  saveServer(server: string, apiKey: string, authStyle: AuthStyle, found: { instanceId?: string | null; name?: string | null } = {}): string {
    const selected = this.selected();
    if (!selected) return this.addServer({ address: server, apiKey, authStyle, ...found });
    const sealed = apiKey ? this.#seal(apiKey) : selected.apiKey;
    const instanceId = found.instanceId ?? null;
    const same = instanceId !== null && instanceId === selected.instanceId;
    const base = same ? following(selected, server) : { ...selected, address: server, addresses: [server], instanceId, name: found.name?.trim() || defaultName(server) };
    this.#replace({ ...base, apiKey: sealed, authStyle, instanceId: instanceId ?? base.instanceId }, { demo: false });
    return selected.id;
  }

  /** Adds a server (selected when it is the first); its id. */
  addServer(input: { address: string; apiKey: string; authStyle: AuthStyle; name?: string | null; instanceId?: string | null }): string {
    const id = newServerId(input.instanceId ?? null, this.values.servers.map((s) => s.id));
    const entry: StoredServer = {
      id,
      name: input.name?.trim().slice(0, MAX_SERVER_NAME) || defaultName(input.address),
      address: input.address,
      addresses: [input.address],
      instanceId: input.instanceId ?? null,
      apiKey: input.apiKey ? this.#seal(input.apiKey) : null,
      authStyle: input.authStyle,
      paused: false,
    };
    const values = this.values;
    this.#write({ servers: [...values.servers, entry].slice(0, MAX_SERVERS), demo: false, ...(values.servers.length === 0 ? { selectedServer: id } : {}) });
    return id;
  }

  /** Renames, pauses, or re-addresses a server; false when there is no such server. */
  updateServer(id: string, patch: { name?: string; paused?: boolean; address?: string; addAddress?: string; instanceId?: string | null; authStyle?: AuthStyle }): boolean {
    let entry = this.entry(id);
    if (!entry) return false;
    if (patch.name !== undefined) entry = { ...entry, name: patch.name.trim().slice(0, MAX_SERVER_NAME) || entry.name };
    if (patch.paused !== undefined) entry = { ...entry, paused: patch.paused };
    if (patch.addAddress !== undefined) entry = withAddress(entry, patch.addAddress);
    if (patch.address !== undefined) entry = following(entry, patch.address);
    if (patch.instanceId !== undefined) entry = { ...entry, instanceId: patch.instanceId };
    if (patch.authStyle !== undefined) entry = { ...entry, authStyle: patch.authStyle };
    this.#replace(entry);
    return true;
  }

  /** Removes a server and its key; the selection and the badge move on when they were on it. */
  removeServer(id: string): boolean {
    const values = this.values;
    if (!values.servers.some((s) => s.id === id)) return false;
    const servers = values.servers.filter((s) => s.id !== id);
    this.#write({
      servers,
      ...(this.selected()?.id === id ? { selectedServer: servers[0]?.id ?? null } : {}),
      ...(values.badgeServer === id ? { badgeServer: null } : {}),
    });
    return true;
  }

  selectServer(id: string): boolean {
    if (!this.entry(id)) return false;
    if (this.values.selectedServer !== id) this.#write({ selectedServer: id });
    return true;
  }

  /** Demo mode follows the built-in demo server; the saved server and key stay untouched. */
  setDemo(on: boolean): void {
    if (this.values.demo !== on) this.#write({ demo: on });
  }

  /** Whether the selected server's saved key cannot be unsealed on this system. */
  keyUnreadable(): boolean {
    const selected = this.selected();
    return selected !== null && selected.apiKey !== null && this.keyOf(selected.id) === null;
  }

  /** The servers whose saved key this system cannot unseal (e.g. the keychain changed). */
  unreadableKeys(): StoredServer[] {
    return this.values.servers.filter((s) => s.apiKey !== null && this.keyOf(s.id) === null);
  }

  /**
   * Applies a change. A pause is bounded to MAX_PAUSE_MS after `now` (the core's clock, given by
   * the caller); a shortcut that is not an Electron accelerator is not kept (the valid one stays).
   */
  update(patch: SettingsPatch, now: number): void {
    const values = this.values;
    const notifications = patch.notifications ? definedOnly(patch.notifications) : null;
    if (notifications?.pausedUntil) notifications.pausedUntil = Math.min(notifications.pausedUntil, now + MAX_PAUSE_MS);
    const shortcut = patch.shortcut ? definedOnly(patch.shortcut) : null;
    if (shortcut?.accelerator !== undefined && acceleratorProblem(shortcut.accelerator)) delete shortcut.accelerator;
    const selected = this.selected();
    if (patch.authStyle && selected) this.#replace({ ...selected, authStyle: patch.authStyle });
    const badge = patch.badgeServer === undefined ? {} : { badgeServer: patch.badgeServer !== null && this.entry(patch.badgeServer) ? patch.badgeServer : null };
    this.#write({
      ...badge,
      ...(patch.pollSeconds !== undefined ? { pollSeconds: patch.pollSeconds } : {}),
      ...(notifications ? { notifications: { ...values.notifications, ...notifications } } : {}),
      ...(patch.launchAtLogin !== undefined ? { launchAtLogin: patch.launchAtLogin } : {}),
      ...(patch.language !== undefined ? { language: patch.language } : {}),
      ...(shortcut ? { shortcut: { ...values.shortcut, ...shortcut } } : {}),
    });
  }

  setGuideWindow(forwardMinutes: number): void {
    this.#write({ guideForwardMinutes: forwardMinutes });
  }

  /** Forgets the selected server and deletes its key. */
  forget(): void {
    const selected = this.selected();
    if (selected) this.removeServer(selected.id);
    this.#write({ demo: false });
  }

  onChange(listener: () => void): () => void {
    return this.#changed.event(listener);
  }

  #seal(plain: string): StoredServer['apiKey'] {
    return { data: this.#secrets.seal(plain), protection: this.#secrets.protection };
  }

  /** Writes one entry back in its place. */
  #replace(entry: StoredServer, more: Partial<StoredSettings> = {}): void {
    this.#write({ servers: this.values.servers.map((s) => (s.id === entry.id ? entry : s)), ...more });
  }

  #write(values: Partial<StoredSettings>): void {
    if (Object.keys(values).length === 0) return;
    // written as the next start would read it: what the file's schema would not keep (a server's
    // instanceId of thousands of characters) falls back here already, so the two never differ
    const read = readKept(settingsSchema(), { ...this.values, ...values });
    const kept = read.ok ? (Object.fromEntries(Object.keys(values).map((name) => [name, read.value[name as keyof StoredSettings]])) as Partial<StoredSettings>) : values;
    this.#backend.set(kept);
    this.#values = null; // read back what the store kept (defaults and all)
    this.#changed.fire();
  }
}

function entryView(entry: StoredServer): ServerEntryView {
  return {
    id: entry.id,
    name: entry.name,
    address: entry.address,
    addresses: [...entry.addresses],
    instanceId: entry.instanceId,
    hasKey: entry.apiKey !== null,
    keyStorage: entry.apiKey ? storageOf(entry.apiKey.protection) : null,
    authStyle: entry.authStyle,
    paused: entry.paused,
  };
}

function definedOnly<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;
}
