import type { Clock } from '../common/clock';

/**
 * The demo's webhook endpoints, as an admin key reads them at `/webhooks` (airwave-api.md,
 * *Webhooks*): two endpoints, both enabled, until a test disables one the way the server does by
 * itself after 15 deliveries in a row failed every try. Nothing here is ever changed by a client.
 */

export interface DemoWebhook {
  id: string;
  url: string;
  eventTypes: string[];
  description: string | null;
  enabled: boolean;
  disabledAt: string | null;
  disabledReason: string | null;
  createdAt: string;
  updatedAt: string;
}

export class WebhookBook {
  private readonly hooks: DemoWebhook[];

  constructor(private readonly clock: Clock) {
    const created = new Date(clock.now() - 30 * 86_400_000).toISOString();
    this.hooks = [
      {
        id: 'wh_home_assistant',
        url: 'http://homeassistant.local:8123/api/webhook/airwave',
        eventTypes: ['session.started', 'session.ended'],
        description: 'Home Assistant',
        enabled: true,
        disabledAt: null,
        disabledReason: null,
        createdAt: created,
        updatedAt: created,
      },
      {
        id: 'wh_logger',
        url: 'https://hooks.example.net/airwave/log',
        eventTypes: ['session.started', 'session.ended', 'channel.tuned'],
        description: null,
        enabled: true,
        disabledAt: null,
        disabledReason: null,
        createdAt: created,
        updatedAt: created,
      },
    ];
  }

  list(): DemoWebhook[] {
    return this.hooks.map((h) => ({ ...h, eventTypes: [...h.eventTypes] }));
  }

  /** As the server does after 15 failed deliveries in a row (or re-enabled in Airwave, with `enabled`). */
  setEnabled(id: string, enabled: boolean, reason = 'Disabled after 15 consecutive failed deliveries.'): boolean {
    const hook = this.hooks.find((h) => h.id === id);
    if (!hook) return false;
    const at = new Date(this.clock.now()).toISOString();
    Object.assign(hook, enabled ? { enabled, disabledAt: null, disabledReason: null } : { enabled, disabledAt: at, disabledReason: reason });
    hook.updatedAt = at;
    return true;
  }
}
