import type { ServerResponse } from 'node:http';
import type { SessionPool } from '../sessions';
import type { DemoWorld } from '../world';

/**
 * The shape of a demo route: a path pattern under /api/public/v1 and its handler, plus what
 * every family of routes reads (the generated world, the viewers, whether SSE is on).
 */

export interface Route {
  pattern: RegExp;
  /** `params` are the pattern's groups, percent-decoded */
  handle(res: ServerResponse, url: URL, params: string[]): void;
}

export interface RouteContext {
  world: DemoWorld;
  pool: SessionPool;
  /** whether the event stream is offered right now (capabilities.sse.supported) */
  sse(): boolean;
}
