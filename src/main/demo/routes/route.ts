import type { ServerResponse } from 'node:http';
import type { Access } from '../auth';
import type { Airing } from '../airing';
import type { DemoProfile } from '../profile';
import type { SessionPool } from '../sessions';
import type { DemoWorld } from '../world';

/**
 * The shape of a demo route: a path pattern under /api/public/v1 and its handler, which answers
 * for one key's access, plus what every family of routes reads (the generated world, the viewers,
 * the profile, whether SSE is on).
 */

export interface Route {
  pattern: RegExp;
  /** `params` are the pattern's groups, percent-decoded; `access` is what the request's key may see */
  handle(res: ServerResponse, url: URL, params: string[], access: Access): void;
}

export interface RouteContext {
  world: DemoWorld;
  pool: SessionPool;
  profile: DemoProfile;
  /** what is on, as the profile's server says it */
  airing: Airing;
  /** whether the event stream is offered right now (capabilities.sse.supported) */
  sse(): boolean;
}
