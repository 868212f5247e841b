/**
 * The servers in the settings file: what one entry holds and its one schema (a damaged entry is
 * left out, a damaged field of one falls back, without touching the others), and the pure list
 * operations the settings service applies.
 */
import { createHash, randomBytes } from 'node:crypto';
import * as v from 'valibot';
import { address, authStyle, MAX_SERVER_NAME, serverId, serverName, shortText } from '../../../shared/shapes';
import { parseServerUrl } from '../../../shared/server-url';
import { eachKept, orDefault } from '../../../shared/tolerant';

/** How a stored key is protected: by the OS keychain, by Linux's fixed `basic_text` password, or not at all. */
const keyProtection = v.picklist(['os', 'basic_text', 'plain']);
export type KeyProtection = v.InferOutput<typeof keyProtection>;

/** A key as sealed by a SecretBox. A key kept without protection can be checked here: one that decodes to nothing is no key. */
const sealedKey = v.pipe(
  v.object({
    data: v.pipe(v.string(), v.minLength(1), v.maxLength(65536), v.regex(/^[A-Za-z0-9+/=_-]+$/)),
    protection: keyProtection,
  }),
  v.check((key) => key.protection !== 'plain' || Buffer.from(key.data, 'base64').toString('utf8').trim() !== '', 'a key that decodes to nothing'),
);

/**
 * One server as the file holds it (the key sealed, see SecretBox). Without a usable id and
 * address it names no server and is left out; any other field falls back on its own (a damaged
 * key is dropped, so the entry asks for one again instead of disappearing).
 */
export const SERVER_ENTRY = v.object({
  id: serverId,
  /** the address followed */
  address,
  /** empty until mended: the host it is reached at (see mended) */
  name: orDefault(serverName, ''),
  /** every address known to reach this server, the followed one first (see mended) */
  addresses: orDefault(eachKept(address), []),
  instanceId: orDefault(v.nullable(shortText(200)), null),
  apiKey: orDefault(v.nullable(sealedKey), null),
  authStyle: orDefault(authStyle, 'x-api-key'),
  paused: orDefault(v.boolean(), false),
});
export type StoredServer = v.InferOutput<typeof SERVER_ENTRY>;

/** Addresses kept per server (a LAN name, an IP, a remote URL, …). */
export const MAX_ADDRESSES = 6;

/**
 * A new entry's id. A server that says who it is (instanceId) gets the same id every time it is
 * added, so what the features keep under that id (favourites, reminders, health) is found again
 * after the settings were reset or the server was removed and added back. Otherwise, or when that
 * id is taken, a random one.
 */
export function newServerId(instanceId: string | null = null, taken: readonly string[] = []): string {
  if (instanceId) {
    const id = `srv-${createHash('sha256').update(`airwave-instance\n${instanceId}`).digest('hex').slice(0, 10)}`;
    if (!taken.includes(id)) return id;
  }
  for (let i = 0; i < 16; i++) {
    const id = `srv-${randomBytes(5).toString('hex')}`;
    if (!taken.includes(id)) return id;
  }
  return `srv-${randomBytes(8).toString('hex')}`; // 16 collisions of 40 random bits: never, but bounded
}

/** A name for a server nobody named: the host it is reached at. */
export function defaultName(address: string): string {
  const parsed = parseServerUrl(address);
  return parsed.ok ? parsed.address.display.slice(0, MAX_SERVER_NAME) : 'Server';
}

/** Two addresses name the same place (after normalising: scheme, host, port, prefix). */
export function sameAddress(a: string, b: string): boolean {
  const x = parseServerUrl(a);
  const y = parseServerUrl(b);
  return x.ok && y.ok && x.address.root === y.address.root;
}

/** An entry as read, made whole: named (after its host when it has no name), its followed address first among at most MAX_ADDRESSES. */
export function mended(entry: StoredServer): StoredServer {
  return { ...following(entry, entry.address), name: entry.name || defaultName(entry.address) };
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
