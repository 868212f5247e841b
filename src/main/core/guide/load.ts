import { unreadableText } from '../../../shared/airwave';
import type { AirwaveClient, CallOptions } from '../client/client';
import { isApiError } from '../client/errors';
import { streamGuide, type GuideStreamLimits } from '../client/guide-stream';
import { GuideStore } from './store';
import { messages } from '../../common/words';

/**
 * Owns starting one guide load: a fresh store that fills as `/guide` streams in and settles as
 * loaded, or as an error with the reason in words. The store is returned at once, so the first
 * rows can be shown while the rest is still arriving.
 */
export function loadGuide(
  client: AirwaveClient,
  forwardMinutes: number,
  o: CallOptions & { backMinutes?: number; limits?: Partial<GuideStreamLimits>; onError?: (error: unknown) => void; log?: (line: string) => void } = {},
): GuideStore {
  const store = new GuideStore(forwardMinutes);
  streamGuide(client, { forwardMinutes, backMinutes: o.backMinutes }, store, { signal: o.signal, user: o.user, limits: o.limits }).then(
    ({ unreadable }) => {
      if (unreadable) o.log?.(unreadableText(unreadable, 'GET /guide'));
      store.finish();
    },
    (error: unknown) => {
      // the view says it plainly; what exactly could not be read goes to the log
      if (isApiError(error) && error.detail !== undefined) o.log?.(error.detail);
      o.onError?.(error);
      store.fail(isApiError(error) ? error.message : messages().client.guideNotRead);
    },
  );
  return store;
}
