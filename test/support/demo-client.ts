import type { DemoServer } from '../../src/main/demo';

/**
 * A tiny GET client for the demo server's API in tests: the status, headers and body (parsed JSON
 * when the answer says it is JSON, text otherwise), with the admin key unless told another.
 */

export interface DemoAnswer {
  status: number;
  headers: Headers;
  contentType: string;
  json: unknown;
  text: string;
}

export function demoGet(demo: DemoServer) {
  return async (path: string, key: string | null = demo.key): Promise<DemoAnswer> => {
    const response = await fetch(`${demo.url}/api/public/v1${path}`, { headers: key ? { 'x-api-key': key } : {} });
    const contentType = response.headers.get('content-type') ?? '';
    const text = await response.text();
    return { status: response.status, headers: response.headers, contentType, text, json: contentType.includes('json') ? JSON.parse(text) : undefined };
  };
}
