import type { ComponentChildren } from 'preact';
import { useState } from 'preact/hooks';
import { artworkSrc } from '../../../shared/artwork-url';
import { ARTWORK_BASE } from '../bridge';
import { common } from '../strings/common';
import type { FormMessage } from '../attempt';

/** A thin progress bar with an accessible value. */
export function Progress({ value, label }: { value: number | null; label: string }) {
  // a progress the app does not know is no bar at all, not an empty one that reads as "just started" (issue 48); its room is kept
  if (value === null) return <div class="progress progress-unknown" aria-hidden="true" />;
  const percent = Math.round(Math.min(1, Math.max(0, value)) * 100);
  return (
    <div class="progress" role="progressbar" aria-label={label} aria-valuemin={0} aria-valuemax={100} aria-valuenow={percent}>
      <div class="progress-fill" style={{ width: `${percent}%` }} />
    </div>
  );
}

/** The channel icon lives in its own module (it loads icons on demand); re-exported for the views. */
export { ChannelIcon } from './channel-icon';

/**
 * Artwork from the server through the artwork handler, asked for at the size it is shown (CSS
 * pixels times the screen's pixel ratio, rounded up to a few widths so the cache stays small);
 * a neutral tile when it is missing or fails. `server` names the server it comes from when it is
 * not the one shown (a viewer on another server); left out, the server shown.
 */
export function Artwork({ path, alt, class: className, size, server }: { path: string | null; alt: string; class?: string; size?: { width: number; height: number }; server?: string | null }) {
  const [failed, setFailed] = useState(false);
  const src = path ? artworkSrc(path, ARTWORK_BASE, size && { ...size, pixelRatio: window.devicePixelRatio }, server) : '';
  if (!src || failed) return <div class={`artwork artwork-missing ${className ?? ''}`} role="img" aria-label={alt} />;
  return <img class={`artwork ${className ?? ''}`} src={src} alt={alt} loading="lazy" decoding="async" onError={() => setFailed(true)} />;
}

/** The shown sizes artwork is asked for at (CSS pixels, as Watching.css and sheet.css lay them out). */
export const POSTER_SIZE = { width: 60, height: 90 };
export const BACKDROP_SIZE = { width: 380, height: 170 };

export function Empty({ title, children }: { title: string; children?: ComponentChildren }) {
  return (
    <div class="empty" role="status">
      <p class="empty-title">{title}</p>
      {children ? <p class="empty-text">{children}</p> : null}
    </div>
  );
}

/** "as of 18:02": said once above data that may be out of date, which is dimmed beneath it. */
export function StaleNote({ at }: { at: number }) {
  return (
    <p class="stale-note" role="note">
      {common.asOf(at)}
    </p>
  );
}

/** A form's outcome under its buttons: "Saved" as a status, a failure as an alert; nothing without one. */
export function FormMessageLine({ message }: { message: FormMessage }) {
  if (!message) return null;
  return (
    <p class={message.kind === 'ok' ? 'inline-ok' : 'inline-error'} role={message.kind === 'ok' ? 'status' : 'alert'}>
      {message.text}
    </p>
  );
}
