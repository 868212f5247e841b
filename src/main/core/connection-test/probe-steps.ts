/**
 * The probe's last two steps, "Channels" and "Artwork": how many channels the key sees in
 * `/guide/now`, which form a lookup by number takes on this server, and whether a poster loads
 * without a key. Each records its step and never throws for a server's misbehaviour (only a
 * cancellation goes up).
 */
import { lackSentence, sendsArtworkPaths, type GuideNow, type PublicRoutes } from '../../../shared/airwave';
import { isMissingResource, isMissingRoute, type AirwaveClient, type ApiError } from '../client';
import { ChannelLookup } from './lookup';
import type { ProbeReport, StepFn } from './probe-types';
import { timed } from './timed';

/** Plain booleans (not type guards), so the other branch keeps its ApiError. */
export const routeMissing = (error: ApiError): boolean => isMissingRoute(error);
const imageMissing = (error: ApiError): boolean => isMissingResource(error);

/**
 * `/guide/now` (how many channels this key sees: a viewer's key sees fewer than `/status` counts),
 * then a lookup of the first channel by number, which finds out which lookup form the server has.
 */
export async function probeChannels(client: AirwaveClient, call: { signal?: AbortSignal }, report: ProbeReport, step: StepFn, routes: PublicRoutes | null): Promise<GuideNow | null> {
  const guide = await timed(() => client.guideNow(call));
  if (guide.error && routeMissing(guide.error)) {
    step('channels', 'warn', lackSentence(report.status?.version, 'guide'), {
      ms: guide.ms,
      fix: `Update Airwave (0.14.68 or later) for On now and the guide${report.capabilities ? '; channels can still be looked up by number' : ''}.`,
    });
    return null;
  }
  if (guide.error) {
    if (guide.error.kind === 'cancelled') throw guide.error;
    step('channels', 'warn', `could not read what is on now: ${guide.error.message}`, {
      ms: guide.ms,
      fix: 'The On now list and the guide may not show; check the Airwave server log.',
    });
    return null;
  }
  const rows = guide.value.channels;
  report.channelCount = rows.length;
  const total = report.status?.counts?.channels;
  const seen =
    total != null && rows.length < total
      ? `this key sees ${rows.length} of ${total} channels (a viewer's key: the app shows only those)`
      : `${rows.length} ${rows.length === 1 ? 'channel' : 'channels'} on now`;
  const first = rows[0];
  if (!first) {
    step('channels', 'ok', `${seen}; no channel to look up`, { ms: guide.ms });
    return guide.value;
  }
  const lookup = await timed(() => new ChannelLookup().lookup(client, first.number, call, routes));
  const ms = guide.ms + lookup.ms;
  if (lookup.error) {
    if (lookup.error.kind === 'cancelled') throw lookup.error;
    step('channels', 'warn', `${seen}; looking up channel ${first.number} failed: ${lookup.error.message}`, {
      ms,
      fix: 'Typing a channel number will show only what the On now list holds.',
    });
    return guide.value;
  }
  report.lookupForm = lookup.value.form;
  if (lookup.value.kind === 'missing') {
    step('channels', 'warn', `${seen}; but looking up channel ${first.number} said there is no such channel`, {
      ms,
      fix: 'Typing a channel number will show only what the On now list holds; check the Airwave server log.',
    });
    return guide.value;
  }
  const how =
    lookup.value.form === 'by-number-now'
      ? 'lookup by number in one request'
      : 'lookup by number through /channels/by-number/{n} and /channels/{id}/now';
  step('channels', 'ok', `${seen} · ${how}`, { ms });
  return guide.value;
}

export async function probeArtwork(guide: GuideNow | null, keyless: AirwaveClient, call: { signal?: AbortSignal }, step: StepFn, version: string | null): Promise<void> {
  if (sendsArtworkPaths(version)) {
    // 0.14.68–0.14.69 send artworkPath, a media-server path no client can load: the app does not try it
    step('artwork', 'warn', lackSentence(version, 'artwork'), { fix: 'Update Airwave to 0.14.70 or later for posters; everything else works.' });
    return;
  }
  if (!guide) {
    step('artwork', 'skipped', 'not checked (what is on now could not be read)');
    return;
  }
  const url = guide.channels.map((c) => c.now?.artworkUrl ?? c.next?.artworkUrl).find((u) => !!u);
  if (!url) {
    step('artwork', 'skipped', 'nothing on now has artwork to try');
    return;
  }
  const art = await timed(() => keyless.artwork(url, call));
  if (art.error && imageMissing(art.error)) {
    // a text/plain 404 from the artwork route is the media server lacking that image, not a missing route
    step('artwork', 'ok', 'the artwork address answers without a key (this item has no image in the media server)', { ms: art.ms });
    return;
  }
  if (art.error) {
    if (art.error.kind === 'cancelled') throw art.error;
    step('artwork', 'warn', `a poster did not load: ${art.error.message}`, {
      ms: art.ms,
      fix: 'Posters will be missing; if a proxy guards Airwave, let its artwork addresses through without a login.',
    });
    return;
  }
  const kb = Math.max(1, Math.round(art.value.bytes.length / 1024));
  step('artwork', 'ok', `a poster loaded without a key (${art.value.contentType}, ${kb} KB)`, { ms: art.ms });
}

