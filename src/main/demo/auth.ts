import type { IncomingMessage } from 'node:http';
import { hash } from './rng';

/**
 * Who may ask, and what they may see: the demo's two keys (an admin key that sees every channel
 * and a viewer's key that sees only some), where a request may carry a key (`X-API-Key`,
 * `Authorization: Bearer`, `?api_key=` on the event stream only), and revoking or regenerating
 * a key from tests.
 */

export type KeyRole = 'admin' | 'viewer';

/** What one key may see. `sees` reads the current channel set, so a change applies at once. */
export interface Access {
  role: KeyRole;
  sees(channelNumber: number | null | undefined): boolean;
}

function demoKey(seed: number | string, role: KeyRole = 'admin', generation = 0): string {
  const salt = role === 'admin' ? 'key' : 'viewer-key';
  const body = generation === 0 ? [seed, salt] : [seed, salt, 'generation', generation];
  return `airwave_demo_${role === 'admin' ? '' : 'viewer_'}${hash(...body).toString(36)}${hash(...body, 2).toString(36)}`;
}

/** Every key a request offers, in the places Airwave reads them. */
function offeredKeys(req: IncomingMessage, url: URL, allowQueryKey: boolean): string[] {
  const offered: string[] = [];
  const header = req.headers['x-api-key'];
  if (typeof header === 'string' && header.trim()) offered.push(header.trim());
  const bearer = /^Bearer\s+(.+)$/i.exec(req.headers.authorization ?? '')?.[1]?.trim();
  if (bearer) offered.push(bearer);
  const query = allowQueryKey ? url.searchParams.get('api_key') : null;
  if (query) offered.push(query);
  return offered;
}

export interface KeyRingOptions {
  seed: number | string;
  adminKey?: string;
  viewerKey?: string;
  /** the channel numbers the viewer's key sees */
  viewerChannels: readonly number[];
}

export class KeyRing {
  private readonly keys: Record<KeyRole, string>;
  private readonly revoked = new Set<KeyRole>();
  private readonly generations: Record<KeyRole, number> = { admin: 0, viewer: 0 };
  private visible: Set<number>;
  readonly admin: Access = { role: 'admin', sees: () => true };
  readonly viewer: Access = { role: 'viewer', sees: (n) => n !== null && n !== undefined && this.visible.has(n) };

  constructor(private readonly options: KeyRingOptions) {
    this.keys = {
      admin: options.adminKey ?? demoKey(options.seed, 'admin'),
      viewer: options.viewerKey ?? demoKey(options.seed, 'viewer'),
    };
    if (this.keys.admin === this.keys.viewer) throw new RangeError('The viewer key must differ from the admin key.');
    this.visible = new Set(options.viewerChannels);
  }

  key(role: KeyRole): string {
    return this.keys[role];
  }

  check(req: IncomingMessage, url: URL, allowQueryKey: boolean): Access | 'missing' | 'invalid' {
    const offered = offeredKeys(req, url, allowQueryKey);
    if (offered.length === 0) return 'missing';
    for (const role of ['admin', 'viewer'] as const) {
      if (!this.revoked.has(role) && offered.includes(this.keys[role])) return this[role];
    }
    return 'invalid';
  }

  revoke(role: KeyRole | 'both' = 'both'): void {
    for (const r of roles(role)) this.revoked.add(r);
  }

  restore(role: KeyRole | 'both' = 'both'): void {
    for (const r of roles(role)) this.revoked.delete(r);
  }

  /** As Settings → API Keys → Regenerate: the old key stops working at once; returns the new one. */
  regenerate(role: KeyRole): string {
    const next = demoKey(this.options.seed, role, ++this.generations[role]);
    this.keys[role] = next;
    this.revoked.delete(role);
    return next;
  }

  viewerChannels(): number[] {
    return [...this.visible].sort((a, b) => a - b);
  }

  setViewerChannels(numbers: readonly number[]): void {
    this.visible = new Set(numbers);
  }
}

const roles = (role: KeyRole | 'both'): KeyRole[] => (role === 'both' ? ['admin', 'viewer'] : [role]);
