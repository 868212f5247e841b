import { useEffect, useState } from 'preact/hooks';
import { Tv } from 'lucide-preact';
import type { IconComponent } from './icon-loaders';
import { indexStems, lucideName, resolveStem } from './lucide-names';

/**
 * Owns the channel icon: the server's `lucide:Name` in the channel's tint, loaded on demand one
 * small module per name (never the whole icon set), a plain TV for names Lucide does not know.
 * The box has its final size from the first frame, so an icon arriving moves nothing.
 */

interface IconIndex {
  stems: Map<string, string>;
  load: (stem: string) => Promise<IconComponent>;
}

let index: Promise<IconIndex | null> | null = null;
/** stem → the loaded component; "none" for names Lucide does not have */
const loaded = new Map<string, IconComponent | 'none'>();
const pending = new Map<string, Promise<unknown>>();

function iconIndex(): Promise<IconIndex | null> {
  index ??= import('./icon-loaders').then(
    ({ loaders }) => ({ stems: indexStems(Object.keys(loaders)), load: (stem: string) => loaders[`./${stem}.mjs`]!() }),
    () => ((index = null), null), // the index chunk failed to load: TVs for now, tried again on the next mount
  );
  return index;
}

/** Loads the icon for `name` once, however many channels ask; settles when it is known (or failed). */
function request(name: string): Promise<unknown> {
  const existing = pending.get(name);
  if (existing) return existing;
  const job = iconIndex()
    .then(async (found) => {
      if (!found) return;
      const stem = resolveStem(name, found.stems);
      loaded.set(name, stem ? await found.load(stem) : 'none');
    })
    .catch(() => undefined) // a chunk that failed to load: the TV stays
    .finally(() => loaded.has(name) || pending.delete(name));
  pending.set(name, job);
  return job;
}

const tintColour = (tint: string) => `var(--tint-${tint.toLowerCase().replace(/[^a-z]/g, '')}, var(--accent))`;

/** The server's `lucide:Name` channel icon, tinted with the channel's colour; a TV for unknown names. */
export function ChannelIcon({ icon, tint, size = 18 }: { icon: string | null; tint: string | null; size?: number }) {
  const name = lucideName(icon);
  const [, setArrived] = useState(0);
  const found = name ? loaded.get(name) : 'none';
  useEffect(() => {
    if (!name || loaded.has(name)) return;
    let live = true;
    void request(name).then(() => live && setArrived((n) => n + 1));
    return () => {
      live = false;
    };
  }, [name]);
  // While a known-looking name loads, the box stays empty at its final size; unknown names get the TV.
  const Icon = found === 'none' ? Tv : found;
  const color = found !== 'none' && tint ? tintColour(tint) : 'var(--muted)';
  return (
    <span class="channel-icon" style={{ color, width: `${size}px`, height: `${size}px` }} aria-hidden="true" data-icon={found === undefined ? 'loading' : found === 'none' ? 'fallback' : 'lucide'}>
      {Icon ? <Icon size={size} aria-hidden /> : null}
    </span>
  );
}
