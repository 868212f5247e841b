/**
 * The servers in the settings file: what one entry holds, how each entry is checked on its own
 * (a damaged entry is dropped or mended without touching the others), and the pure list
 * operations the settings service applies.
 */
import { randomBytes } from 'node:crypto';
import type { AuthStyle } from '../../shared/bridge';
import { MAX_SERVERS } from '../../shared/bridge-servers';
import { parseServerUrl } from '../../shared/server-url';

export type SealedKey = { data: string; protection: 'os' | 'basic_text' | 'plain' };

/** One server as the file holds it (the key sealed, see SecretBox). */
export interface StoredServer {
  id: string;
  name: string;
  /** the address followed */
  address: string;
  /** every address known to reach this server, the followed one first */
  addresses: string[];
  instanceId: string | null;
  apiKey: SealedKey | null;
  authStyle: AuthStyle;
  paused: boolean;
}

/** Addresses kept per server (a LAN name, an IP, a remote URL, …). */
export const MAX_ADDRESSES = 6;
export const MAX_NAME = 80;
export const SERVER_ID = /^[a-z0-9-]{1,40}$/;

export const newServerId = (): string => `srv-${randomBytes(5).toString('hex')}`;

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const validAddress = (value: unknown): value is string => typeof value === 'string' && value.length <= 2048 && parseServerUrl(value).ok;

/** A name for a server nobody named: the host it is reached at. */
export function defaultName(address: string): string {
  const parsed = parseServerUrl(address);
  return parsed.ok ? parsed.address.display.slice(0, MAX_NAME) : 'Server';
}

/** Two addresses name the same place (after normalising: scheme, host, port, prefix). */
export function sameAddress(a: string, b: string): boolean {
  const x = parseServerUrl(a);
  const y = parseServerUrl(b);
  return x.ok && y.ok && x.address.root === y.address.root;
}

/**
 * One entry checked on its own: null when it cannot name a server (no id, no usable address);
 * otherwise every usable field is kept and the rest mended (a bad key is dropped, so the entry
 * asks for one again instead of disappearing).
 */
export function checkServerEntry(value: unknown, checkKey: (key: unknown) => SealedKey | null | undefined): StoredServer | null {
  if (!isObject(value) || typeof value.id !== 'string' || !SERVER_ID.test(value.id) || !validAddress(value.address)) return null;
  const others = Array.isArray(value.addresses) ? value.addresses.filter(validAddress) : [];
  const addresses = [value.address, ...others.filter((a) => !sameAddress(a, value.address as string))].slice(0, MAX_ADDRESSES);
  const name = typeof value.name === 'string' && value.name.trim() ? value.name.trim().slice(0, MAX_NAME) : defaultName(value.address);
  return {
    id: value.id,
    name,
    address: value.address,
    addresses,
    instanceId: typeof value.instanceId === 'string' && value.instanceId.length <= 200 ? value.instanceId : null,
    apiKey: checkKey(value.apiKey) ?? null,
    authStyle: value.authStyle === 'bearer' ? 'bearer' : 'x-api-key',
    paused: value.paused === true,
  };
}

/**
 * The servers field checked entry by entry: what is usable, and the entries that were not (for the
 * notice: "server 2"). Not a list at all: nothing usable, the whole field named.
 */
export function checkServerList(
  value: unknown,
  checkKey: (key: unknown) => SealedKey | null | undefined,
): { servers: StoredServer[]; dropped: string[]; mended: boolean } {
  if (!Array.isArray(value)) return { servers: [], dropped: ['servers'], mended: true };
  const servers: StoredServer[] = [];
  const dropped: string[] = [];
  value.forEach((item, index) => {
    const entry = index < MAX_SERVERS ? checkServerEntry(item, checkKey) : null;
    const label = isObject(item) && typeof item.name === 'string' && item.name.trim() ? `server ${index + 1} (${item.name.trim().slice(0, 40)})` : `server ${index + 1}`;
    if (!entry || servers.some((s) => s.id === entry.id)) dropped.push(label);
    else {
      if (isObject(item) && item.apiKey !== undefined && item.apiKey !== null && entry.apiKey === null) dropped.push(`the API key of ${label}`);
      servers.push(entry);
    }
  });
  return { servers, dropped, mended: dropped.length > 0 };
}

/** `address` added to an entry's known addresses (at the end; the followed one stays first). */
export function withAddress(entry: StoredServer, address: string): StoredServer {
  if (entry.addresses.some((a) => sameAddress(a, address))) return entry;
  return { ...entry, addresses: [...entry.addresses, address].slice(0, MAX_ADDRESSES) };
}

/** The entry following `address` instead (it must be one of its known addresses, or is added). */
export function following(entry: StoredServer, address: string): StoredServer {
  const rest = entry.addresses.filter((a) => !sameAddress(a, address));
  return { ...entry, address, addresses: [address, ...rest].slice(0, MAX_ADDRESSES) };
}
