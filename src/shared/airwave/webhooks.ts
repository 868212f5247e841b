import * as v from 'valibot';
import { isoTime, nameText, nullable, parseWith, rows, summaryText } from './schema';

/**
 * `GET /webhooks` (admin keys only, Airwave 0.14.71 on): the server's webhook endpoints, read for
 * one thing only, whether the server turned one off by itself (`enabled: false` with `disabledAt`).
 * The app never changes a webhook. Read tolerantly: an endpoint that cannot be read is left out
 * (and counted), the list itself is required; fields the app does not use are not checked.
 */

/** The most endpoints read from one answer (a server has a handful; the rest is ignored). */
export const MAX_WEBHOOKS = 500;

export const WebhookSchema = v.object({
  id: v.pipe(v.string(), v.minLength(1), v.maxLength(200)),
  /** may hold a secret in its path or query: only its host is ever shown */
  url: nullable(v.pipe(v.string(), v.maxLength(4096))),
  description: nullable(nameText),
  enabled: v.boolean(),
  disabledAt: nullable(isoTime),
  disabledReason: nullable(summaryText),
});
export type Webhook = v.InferOutput<typeof WebhookSchema>;

export interface Webhooks {
  webhooks: Webhook[];
  /** endpoints left out because they could not be read */
  unreadable: number;
  /** how many the server listed (more than were read when over MAX_WEBHOOKS) */
  listed: number;
}

const ListSchema = v.object({ webhooks: v.array(v.unknown()) });

export function parseWebhooks(input: unknown): Webhooks {
  const { webhooks: raw } = parseWith(ListSchema, 'GET /webhooks', input);
  // past MAX_WEBHOOKS is not read at all (not counted as unreadable); the rest by the one rule, per entry
  const read = parseWith(v.object({ webhooks: rows(WebhookSchema) }), 'GET /webhooks', { webhooks: raw.slice(0, MAX_WEBHOOKS) });
  return { webhooks: read.webhooks, unreadable: Math.min(raw.length, MAX_WEBHOOKS) - read.webhooks.length, listed: raw.length };
}

/** An endpoint the server turned off by itself (a user's own switch-off has no `disabledAt`). */
export const disabledByServer = (hook: Webhook): hook is Webhook & { disabledAt: string } => !hook.enabled && hook.disabledAt !== null;
