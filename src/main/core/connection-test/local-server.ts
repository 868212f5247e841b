import { Agent, request } from 'undici';
import { readErrorEnvelope } from '../../../shared/airwave/errors';
import { IDENTITY_PATH, parseIdentity } from '../../../shared/airwave/identity';
import type { LocalServerOffer } from '../../../shared/bridge-servers';
import { DEFAULT_PORT } from '../../../shared/server-url';
import { cleanServerText } from '../../../shared/text';

/**
 * The first run's local server finder: a keyless `GET /api/identity` to 127.0.0.1 (Airwave's
 * desktop app serves on port 36020), which names the server and its version; on a server without
 * it (before identity came), one keyless `GET /status`. Bounded in time (the whole exchange) and
 * size, on a connection of its own; an offer when an Airwave server answers. It never retries and
 * never throws: anything but Airwave's own answer means "nothing found".
 */

export interface FindLocalServerOptions {
  /** the port to ask on (default 36020) */
  port?: number;
  /** the whole exchange, connect to last byte, must fit in this (default 1500 ms) */
  timeoutMs?: number;
  /** cancels the probe (it then answers null) */
  signal?: AbortSignal;
}

export const LOCAL_SERVER_TIMEOUT_MS = 1_500;
/** an answer to `/status` larger than this is not one */
const MAX_BODY_BYTES = 64 * 1024;

export async function findLocalServer(options: FindLocalServerOptions = {}): Promise<LocalServerOffer | null> {
  const port = options.port ?? DEFAULT_PORT;
  const timeoutMs = options.timeoutMs ?? LOCAL_SERVER_TIMEOUT_MS;
  if (!Number.isInteger(port) || port < 1 || port > 65535) return null;
  if (options.signal?.aborted) return null;
  const deadline = AbortSignal.timeout(timeoutMs);
  const signal = options.signal ? AbortSignal.any([options.signal, deadline]) : deadline;
  // A connection of its own, closed afterwards: nothing stays open once the answer is in.
  const agent = new Agent({ connect: { timeout: timeoutMs }, headersTimeout: timeoutMs, bodyTimeout: timeoutMs, pipelining: 0 });
  const ask = async (path: string) => {
    const response = await request(`http://127.0.0.1:${port}${path}`, {
      dispatcher: agent,
      method: 'GET',
      headers: { accept: 'application/json' },
      signal, // redirects are not followed (a 3xx is not Airwave's answer)
    });
    const body = await readCapped(response.body, MAX_BODY_BYTES);
    return body === null ? null : { status: response.statusCode, body };
  };
  try {
    const identity = await ask(IDENTITY_PATH);
    if (identity === null) return null;
    const identified = identityOffer(identity.status, identity.body, port);
    if (identified) return identified;
    const status = await ask('/api/public/v1/status');
    return status === null ? null : offerFrom(status.status, status.body, port);
  } catch {
    return null; // refused, timed out, cancelled or cut off: no server here
  } finally {
    await agent.destroy().catch(() => {});
  }
}

/** Airwave's keyless identity: its name and version, or null (an older server, or not Airwave). */
function identityOffer(status: number, body: Buffer, port: number): LocalServerOffer | null {
  if (status !== 200) return null;
  try {
    const identity = parseIdentity(JSON.parse(body.toString('utf8')));
    const name = identity.name?.trim() || null;
    return { url: `http://localhost:${port}`, name, ...(identity.version ? { version: identity.version } : {}) };
  } catch {
    return null;
  }
}

/** What an answer says: an Airwave server (its name when it gave one) or nothing. */
function offerFrom(status: number, body: Buffer, port: number): LocalServerOffer | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(body.toString('utf8'));
  } catch {
    return null; // HTML, plain text or nothing: not Airwave
  }
  const url = `http://localhost:${port}`;
  if (status === 401) return readErrorEnvelope(parsed)?.code === 'unauthorized' ? { url, name: null } : null;
  if (status !== 200 || typeof parsed !== 'object' || parsed === null) return null;
  const { product, name } = parsed as { product?: unknown; name?: unknown };
  if (product !== 'airwave') return null;
  // the one cleaning of server text (shared/text.ts), as the identity's name got it at its schema
  const cleaned = typeof name === 'string' ? cleanServerText(name).trim() : '';
  return { url, name: cleaned !== '' ? cleaned : null };
}

/** The body up to `cap` bytes, or null when it is longer (then the rest is not read). */
async function readCapped(body: AsyncIterable<unknown> & { destroy(): void }, cap: number): Promise<Buffer | null> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of body) {
    const bytes = chunk as Buffer;
    size += bytes.length;
    if (size > cap) {
      body.destroy();
      return null;
    }
    chunks.push(bytes);
  }
  return Buffer.concat(chunks, size);
}
