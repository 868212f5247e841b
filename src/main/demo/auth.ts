import type { IncomingMessage } from 'node:http';
import { hash } from './rng';

/**
 * Who may ask: the demo's API key, where a request may carry it (`X-API-Key`, `Authorization:
 * Bearer`, and `?api_key=` on the event stream only), and revoking it from tests.
 */

export type AuthResult = 'ok' | 'missing' | 'invalid';

export function demoKey(seed: number | string): string {
  return `airwave_demo_${hash(seed, 'key').toString(36)}${hash(seed, 'key', 2).toString(36)}`;
}

/** Every key a request offers, in the places Airwave reads them. */
export function offeredKeys(req: IncomingMessage, url: URL, allowQueryKey: boolean): string[] {
  const offered: string[] = [];
  const header = req.headers['x-api-key'];
  if (typeof header === 'string' && header.trim()) offered.push(header.trim());
  const bearer = /^Bearer\s+(.+)$/i.exec(req.headers.authorization ?? '')?.[1]?.trim();
  if (bearer) offered.push(bearer);
  const query = allowQueryKey ? url.searchParams.get('api_key') : null;
  if (query) offered.push(query);
  return offered;
}

export class KeyRing {
  private valid = true;

  constructor(readonly key: string) {}

  check(req: IncomingMessage, url: URL, allowQueryKey: boolean): AuthResult {
    const offered = offeredKeys(req, url, allowQueryKey);
    if (offered.length === 0) return 'missing';
    return this.valid && offered.includes(this.key) ? 'ok' : 'invalid';
  }

  revoke(): void {
    this.valid = false;
  }

  restore(): void {
    this.valid = true;
  }
}
