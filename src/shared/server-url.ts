import { API_PREFIX } from './airwave/artwork';

/**
 * Where an Airwave server lives, derived from what a user typed. Users paste `host:36020`,
 * `http://host:36020/`, or a URL with `/api/public/v1` (or an endpoint under it) already on it;
 * a reverse proxy may serve the server under a path prefix (`https://h/airwave`).
 */
export interface ServerAddress {
  /** scheme://host[:port], the only origin the API key is ever sent to */
  origin: string;
  /** origin plus any path prefix, no trailing slash: host-relative artwork paths hang off this */
  root: string;
  /** root + /api/public/v1 */
  apiBase: string;
  /** host[:port][/prefix] for display */
  display: string;
}

/** Why a typed address cannot be a server, as facts (core/client/address-words.ts says it in the language in use). */
export type AddressProblem =
  | { kind: 'empty' }
  | { kind: 'spaces' }
  | { kind: 'scheme'; scheme: string }
  | { kind: 'no-host' }
  | { kind: 'invalid'; text: string }
  | { kind: 'credentials' };

/** `reason` is English (the log's and the doctor's); a person is told `problem` in the language in use. */
export type ServerUrlResult = { ok: true; address: ServerAddress } | { ok: false; reason: string; problem: AddressProblem };

/** The English sentence for a problem (the source of the catalogue's `address` messages). */
export function addressReason(problem: AddressProblem): string {
  switch (problem.kind) {
    case 'empty':
      return 'Enter the server address, for example http://192.168.1.10:36020.';
    case 'spaces':
      return 'A server address cannot contain spaces.';
    case 'scheme':
      return `Only http:// and https:// addresses can be servers (got ${problem.scheme}).`;
    case 'no-host':
      return 'The address has no host name.';
    case 'invalid':
      return `"${problem.text}" is not a valid address. Try something like http://192.168.1.10:36020.`;
    case 'credentials':
      return 'Leave the user name and password out of the address; the API key is the only credential.';
  }
}

const refuse = (problem: AddressProblem): ServerUrlResult => ({ ok: false, reason: addressReason(problem), problem });

export const DEFAULT_PORT = 36020;
/**
 * Airwave's cloud tunnel (`https://<name>.airwave.software`): served over https on its default
 * port, so a bare `home.airwave.software` means `https://home.airwave.software`, not `http://…:36020`.
 */
const CLOUD_TUNNEL = /(^|\.)airwave\.software$/i;

export function parseServerUrl(input: string): ServerUrlResult {
  const text = input.trim();
  if (!text) return refuse({ kind: 'empty' });
  if (/\s/.test(text)) return refuse({ kind: 'spaces' });
  const hasScheme = /^[a-z][a-z0-9+.-]*:\/\//i.test(text);
  // `javascript:x` or `mailto:x` name a scheme without `//`; `host:36020` does not (a port follows).
  const bareScheme = /^([a-z][a-z0-9+.-]*):(?!\d|\/\/)/i.exec(text);
  if (!hasScheme && bareScheme && !/^[^/]*@/.test(text)) {
    return refuse({ kind: 'scheme', scheme: `${bareScheme[1]?.toLowerCase()}:` });
  }
  if (/^[a-z][a-z0-9+.-]*:\/\/\/*$/i.test(text)) return refuse({ kind: 'no-host' });
  let url: URL;
  try {
    url = new URL(hasScheme ? text : `http://${text}`);
    if (!hasScheme && CLOUD_TUNNEL.test(url.hostname) && !hasTypedPort(text)) url = new URL(`https://${text}`);
  } catch {
    return refuse({ kind: 'invalid', text });
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    return refuse({ kind: 'scheme', scheme: `${url.protocol.slice(0, -1)}://` });
  }
  if (url.username || url.password) {
    return refuse({ kind: 'credentials' });
  }
  if (!url.hostname) return refuse({ kind: 'no-host' });
  // Without a scheme, a bare host means the server's own default port. An explicit scheme without a
  // port keeps that scheme's default port (a reverse proxy on 80/443). The typed text decides, since
  // URL drops a default port such as `host:80` from `url.port`.
  if (!hasScheme && !hasTypedPort(text) && url.protocol === 'http:') url.port = String(DEFAULT_PORT);

  // Keep a reverse-proxy prefix, but drop the API prefix and anything after it.
  let path = url.pathname;
  // Only the prefix as whole segments counts: `/api/public/v10` is some other path.
  const apiAt = `${path}/`.indexOf(`${API_PREFIX}/`);
  if (apiAt >= 0) path = path.slice(0, apiAt);
  path = path.replace(/\/+$/, '');
  const root = `${url.origin}${path}`;
  return {
    ok: true,
    address: { origin: url.origin, root, apiBase: `${root}${API_PREFIX}`, display: `${url.host}${path}` },
  };
}

/** Whether a scheme-less address names a port (`host:80`, `[::1]:36020`); `[::1]` alone does not. */
function hasTypedPort(text: string): boolean {
  const authority = (text.split(/[/?#]/, 1)[0] ?? '').replace(/^.*@/, '');
  return /:\d+$/.test(authority);
}
