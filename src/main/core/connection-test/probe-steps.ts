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
import { messages, t } from '../../../shared/i18n/messages';

/** The probe's words, in the language in use (the doctor's is English). */
const w = () => messages().probe;

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
    step('channels', 'warn', lackSentence(report.status?.version, 'guide'), { ms: guide.ms, fix: report.capabilities ? w().fixes.guideLookup : w().fixes.guide });
    return null;
  }
  if (guide.error) {
    if (guide.error.kind === 'cancelled') throw guide.error;
    step('channels', 'warn', t(w().found.guideUnread, { error: guide.error.message }), { ms: guide.ms, fix: w().fixes.guideUnread });
    return null;
  }
  const rows = guide.value.channels;
  report.channelCount = rows.length;
  const total = report.status?.counts?.channels;
  const seen = total != null && rows.length < total ? t(w().found.keySees, { seen: rows.length, total }) : t(w().found.onNow, { n: rows.length });
  const first = rows[0];
  if (!first) {
    step('channels', 'ok', t(w().found.nothingToLookUp, { seen }), { ms: guide.ms });
    return guide.value;
  }
  const lookup = await timed(() => new ChannelLookup().lookup(client, first.number, call, routes));
  const ms = guide.ms + lookup.ms;
  if (lookup.error) {
    if (lookup.error.kind === 'cancelled') throw lookup.error;
    step('channels', 'warn', t(w().found.lookupFailed, { seen, number: first.number, error: lookup.error.message }), { ms, fix: w().fixes.lookupFailed });
    return guide.value;
  }
  report.lookupForm = lookup.value.form;
  if (lookup.value.kind === 'missing') {
    step('channels', 'warn', t(w().found.lookupMissing, { seen, number: first.number }), { ms, fix: w().fixes.lookupMissing });
    return guide.value;
  }
  const how = lookup.value.form === 'by-number-now' ? w().found.lookupOne : t(w().found.lookupTwo, { first: '/channels/by-number/{n}', second: '/channels/{id}/now' });
  step('channels', 'ok', `${seen} · ${how}`, { ms });
  return guide.value;
}

export async function probeArtwork(guide: GuideNow | null, keyless: AirwaveClient, call: { signal?: AbortSignal }, step: StepFn, version: string | null): Promise<void> {
  if (sendsArtworkPaths(version)) {
    // 0.14.68–0.14.69 send artworkPath, a media-server path no client can load: the app does not try it
    step('artwork', 'warn', lackSentence(version, 'artwork'), { fix: w().fixes.artwork });
    return;
  }
  if (!guide) {
    step('artwork', 'skipped', w().found.artworkNoGuide);
    return;
  }
  const url = guide.channels.map((c) => c.now?.artworkUrl ?? c.next?.artworkUrl).find((u) => !!u);
  if (!url) {
    step('artwork', 'skipped', w().found.artworkNothing);
    return;
  }
  const art = await timed(() => keyless.artwork(url, call));
  if (art.error && imageMissing(art.error)) {
    // a text/plain 404 from the artwork route is the media server lacking that image, not a missing route
    step('artwork', 'ok', w().found.artworkNoImage, { ms: art.ms });
    return;
  }
  if (art.error) {
    if (art.error.kind === 'cancelled') throw art.error;
    step('artwork', 'warn', t(w().found.posterFailed, { error: art.error.message }), { ms: art.ms, fix: w().fixes.posters });
    return;
  }
  const kb = Math.max(1, Math.round(art.value.bytes.length / 1024));
  step('artwork', 'ok', t(w().found.posterLoaded, { type: art.value.contentType, kb }), { ms: art.ms });
}

