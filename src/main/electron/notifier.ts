import { nativeImage, Notification, type NativeImage } from 'electron';
import type { FocusTarget } from '../../shared/bridge';
import type { Disposable } from '../common/disposable';
import type { ActionId } from '../core/notifications/kinds';
import type { NotificationRequest } from '../core/viewers/notify-policy';
import { markupEscaped } from '../../shared/text';
import type { ToastImages } from './toast-images';
import { toastXml } from './toast-xml';

/**
 * The notification port. The poster is fetched tokenless by the core's client and attached as
 * the icon, but never waited on for more than `posterTimeoutMs`: a slow or missing image shows
 * the notification without it. Shown notifications are referenced until closed (otherwise the
 * garbage collector can take them, and their click handlers, away), but never more than
 * `maxHeld`: the oldest is closed and let go when another arrives (a platform that never reports
 * `close` must not make the set grow for ever).
 *
 * Buttons, per platform (https://www.electronjs.org/docs/latest/api/notification): macOS shows
 * them as `actions` and reports a press as `action` with its index (only when the app's
 * notification style is Alerts, and the app is signed:
 * https://www.electronjs.org/docs/latest/api/structures/notification-action); Windows gets a
 * `toastXml` toast whose body and buttons open the app's airwave-tray: URL (toast-xml.ts), read
 * back in the host's `second-instance` handler, so no `click` is listened for there; Linux has no
 * actions in Electron: the body click only.
 */
export const MAX_HELD_NOTIFICATIONS = 20;

export interface NotifierOptions {
  /** a poster from the server `server` names (undefined: the selected one) */
  fetchPoster(artworkUrl: string, signal: AbortSignal, server?: string): Promise<Buffer | null>;
  onClick(target: FocusTarget): void;
  /** a button of notification `id` was pressed (macOS; Windows' come back through the protocol) */
  onAction?(id: string, action: ActionId): void;
  posterTimeoutMs?: number;
  /** where a Windows toast with buttons keeps its poster (toastXml takes a file); none: no poster there */
  toastImages?: ToastImages;
  maxHeld?: number;
  platform?: NodeJS.Platform;
}

export class Notifier implements Disposable {
  readonly #options: NotifierOptions;
  readonly #live = new Set<Notification>();
  #disposed = false;

  constructor(options: NotifierOptions) {
    this.#options = options;
  }

  /** Notifications shown and not yet closed. */
  get open(): number {
    return this.#live.size;
  }

  async show(request: NotificationRequest): Promise<void> {
    if (!Notification.isSupported()) return;
    const poster = request.artworkUrl ? await this.#poster(request.artworkUrl, request.server) : null;
    if (this.#disposed) return; // the app quit while the poster was loading
    const icon = poster?.image ?? null;
    const platform = this.#options.platform ?? process.platform;
    const buttons = request.buttons ?? [];
    const toastImage = platform === 'win32' && buttons.length > 0 && poster ? (this.#options.toastImages?.write(poster.bytes) ?? null) : null;
    const notification = new Notification({
      title: request.title,
      // Linux notification servers read the body as markup (see markupEscaped); elsewhere it is plain text
      body: platform === 'linux' ? markupEscaped(request.body) : request.body,
      ...(icon ? { icon } : {}),
      silent: false,
      ...(platform === 'darwin' && buttons.length > 0 ? { actions: buttons.map((button) => ({ type: 'button' as const, text: button.label })) } : {}),
      ...(platform === 'win32' && buttons.length > 0 ? { toastXml: toastXml({ ...request, buttons, image: toastImage }) } : {}),
    });
    const release = () => this.#live.delete(notification);
    const max = this.#options.maxHeld ?? MAX_HELD_NOTIFICATIONS;
    for (const oldest of this.#live) {
      if (this.#live.size < max) break;
      this.#live.delete(oldest);
      oldest.removeAllListeners();
      oldest.close();
    }
    this.#live.add(notification);
    // a Windows toast with buttons is activated through the protocol, not `click` (see above)
    if (!(platform === 'win32' && buttons.length > 0)) {
      notification.on('click', () => {
        release();
        this.#options.onClick(request.target);
      });
    }
    notification.on('action', (_event: unknown, index: number) => {
      const button = Number.isInteger(index) ? buttons[index] : undefined;
      if (!button) return;
      release();
      this.#options.onAction?.(request.id, button.id);
    });
    notification.on('close', release);
    notification.on('failed', release);
    notification.show();
  }

  /** Closes what is still shown and lets it go (on quit). */
  dispose(): void {
    this.#disposed = true;
    for (const notification of this.#live) {
      notification.removeAllListeners();
      notification.close();
    }
    this.#live.clear();
  }

  async #poster(artworkUrl: string, server?: string): Promise<{ image: NativeImage; bytes: Buffer } | null> {
    const abort = new AbortController();
    const timeout = new Promise<null>((resolve) =>
      setTimeout(() => {
        abort.abort();
        resolve(null);
      }, this.#options.posterTimeoutMs ?? 1_500).unref(),
    );
    const fetched = this.#options.fetchPoster(artworkUrl, abort.signal, server).catch(() => null);
    const bytes = await Promise.race([fetched, timeout]);
    if (!bytes) return null;
    const image = nativeImage.createFromBuffer(bytes);
    return image.isEmpty() ? null : { image, bytes };
  }
}
