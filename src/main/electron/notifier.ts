import { nativeImage, Notification, type NativeImage } from 'electron';
import type { FocusTarget } from '../../shared/bridge';
import type { NotificationRequest } from '../core/notify-policy';

/**
 * The notification port. The poster is fetched tokenless by the core's client and attached as
 * the icon, but never waited on for more than `posterTimeoutMs`: a slow or missing image shows
 * the notification without it. Shown notifications are referenced until closed (otherwise the
 * garbage collector can take them, and their click handlers, away).
 */
export interface NotifierOptions {
  fetchPoster(artworkUrl: string, signal: AbortSignal): Promise<Buffer | null>;
  onClick(target: FocusTarget): void;
  posterTimeoutMs?: number;
}

export class Notifier {
  readonly #options: NotifierOptions;
  readonly #live = new Set<Notification>();

  constructor(options: NotifierOptions) {
    this.#options = options;
  }

  /** Notifications shown and not yet closed. */
  get open(): number {
    return this.#live.size;
  }

  async show(request: NotificationRequest): Promise<void> {
    if (!Notification.isSupported()) return;
    const icon = request.artworkUrl ? await this.#poster(request.artworkUrl) : null;
    const notification = new Notification({
      title: request.title,
      body: request.body,
      ...(icon ? { icon } : {}),
      silent: false,
    });
    const release = () => this.#live.delete(notification);
    this.#live.add(notification);
    notification.on('click', () => {
      release();
      this.#options.onClick(request.target);
    });
    notification.on('close', release);
    notification.on('failed', release);
    notification.show();
  }

  async #poster(artworkUrl: string): Promise<NativeImage | null> {
    const abort = new AbortController();
    const timeout = new Promise<null>((resolve) =>
      setTimeout(() => {
        abort.abort();
        resolve(null);
      }, this.#options.posterTimeoutMs ?? 1_500).unref(),
    );
    const fetched = this.#options.fetchPoster(artworkUrl, abort.signal).catch(() => null);
    const bytes = await Promise.race([fetched, timeout]);
    if (!bytes) return null;
    const image = nativeImage.createFromBuffer(bytes);
    return image.isEmpty() ? null : image;
  }
}
