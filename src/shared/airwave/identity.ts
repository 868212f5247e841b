import * as v from 'valibot';
import { nameText, nullable, parseWith } from './schema';

/**
 * What answers without a key, outside the public API's prefix: `GET /api/identity` (which Airwave
 * server this is: product, version, instanceId, name) and the OpenAPI document of the public API
 * (`GET /api/public/v1/openapi.json`: the routes this server has). Set-up, the doctor and the
 * local server finder confirm an address is Airwave before a key is checked; the sync engine and
 * the lookup learn which routes exist instead of trying them.
 */

export const IDENTITY_PATH = '/api/identity';

/** `product` must be "airwave" (anything else did not come from an Airwave server); the rest may be missing. */
export const IdentitySchema = v.object({
  product: v.literal('airwave'),
  version: nullable(nameText),
  instanceId: nullable(v.string()),
  name: nullable(nameText),
});
export type ServerIdentity = v.InferOutput<typeof IdentitySchema>;

/** The one rule for "this `/status` `product` is Airwave's" (the engine follows only such a server; set-up says so first). */
export const isAirwaveProduct = (product: string): boolean => product.trim().toLowerCase() === 'airwave';
export const parseIdentity = (input: unknown): ServerIdentity => parseWith(IdentitySchema, `GET ${IDENTITY_PATH}`, input);

/** "Airwave Home 0.15.12" (what is known of it); a name that already holds the product's name anywhere is not given it twice ("Airwave Demo 0.15.12", "Prism Airwave 0.15.10"). */
export function identityWords(identity: Pick<ServerIdentity, 'name' | 'version'>): string {
  const named = identity.name !== null && /\bairwave\b/i.test(identity.name);
  return [named ? null : 'Airwave', identity.name, identity.version].filter(Boolean).join(' ');
}

/**
 * The public routes a server's OpenAPI document lists (`paths`, relative to the API prefix, with
 * `{parameters}` as written). `info.version` is the server version. Anything else is ignored.
 */
const OpenApiSchema = v.object({
  info: v.optional(v.object({ version: nullable(nameText) }), { version: null }),
  paths: v.record(v.string(), v.unknown()),
});
export interface PublicRoutes {
  version: string | null;
  /** e.g. "/channels/by-number/{number}/now"; a server's own parameter names are normalised to `{}` */
  paths: ReadonlySet<string>;
}

/** "/channels/by-number/{number}/now" → "/channels/by-number/{}/now", so parameter names never matter. */
export const routeShape = (path: string): string => path.replace(/\{[^/}]*\}/g, '{}').replace(/\/+$/, '');

export function parseOpenApi(input: unknown): PublicRoutes {
  const doc = parseWith(OpenApiSchema, 'GET /openapi.json', input);
  const prefix = '/api/public/v1';
  const paths = new Set(
    Object.keys(doc.paths)
      .slice(0, 2_000)
      .map((path) => routeShape(path.startsWith(prefix) ? path.slice(prefix.length) : path)),
  );
  return { version: doc.info.version, paths };
}

/** Routes the app may ask about (relative to the API prefix). */
export const ROUTES = {
  byNumberNow: '/channels/by-number/{}/now',
  byNumber: '/channels/by-number/{}',
  channelNow: '/channels/{}/now',
  schedule: '/channels/{}/schedule',
  sessions: '/sessions',
  packages: '/packages',
  webhooks: '/webhooks',
} as const;

/** Whether the routes listed say the server has `route` (null: not known, ask). */
export function hasRoute(routes: PublicRoutes | null | undefined, route: string): boolean | null {
  if (!routes) return null;
  return routes.paths.has(routeShape(route));
}
