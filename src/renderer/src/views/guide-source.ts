import { signal } from '@preact/signals';
import type { GuideChannel } from '../../../shared/airwave';
import { GUIDE_ROWS_MAX, type Outcome } from '../../../shared/bridge';
import { bridge } from '../bridge';
import { snapshot } from '../state';

/**
 * Owns where the guide view's data comes from, so the view never reads the snapshot's guide
 * itself: the state of the load, the window shown, and the rows for a range of channels and a
 * span of time. The snapshot says only how big the shown window is; the rows the view draws are
 * asked for with `getGuideRows` (a row not here yet is `null`, drawn as a placeholder). Rows held
 * stay valid until the revision moves (another window); while a window streams in, only rows that
 * were not there before are asked for.
 */

export interface GuideStatus {
  /** a window is being fetched */
  loading: boolean;
  /** the window asked for last (minutes ahead) */
  requestedMinutes: number;
  /** the window on screen, null before the first one arrived */
  shownMinutes: number | null;
  /** why the last load failed, in words */
  error: string | null;
  /** the span the shown window covers, ms since the epoch */
  window: { serverTime: number; from: number; to: number } | null;
  channelCount: number;
}

export function guideStatus(): GuideStatus {
  const guide = snapshot.value!.guide;
  const window = guide.window;
  return {
    loading: guide.loading,
    requestedMinutes: guide.forwardMinutes,
    shownMinutes: window?.windowMinutes ?? null,
    error: guide.error,
    window: window ? { serverTime: Date.parse(window.serverTime), from: window.from, to: window.to } : null,
    channelCount: guide.channels,
  };
}

/** Rows held for one guide revision and time span. */
const held = { key: '', rows: new Map<number, GuideChannel>() };
/** bumps when rows arrive, so the view draws them */
const arrived = signal(0);
/** a range asked for and not answered yet (one request at a time; the newest wish waits) */
let asking: string | null = null;
let wanted: { key: string; first: number; last: number; from: number; to: number } | null = null;

/** Channels `first`..`last` (exclusive, guide order) with the programmes overlapping [from, to). */
export function guideRows(first: number, last: number, from: number, to: number): (GuideChannel | null)[] {
  void arrived.value;
  const guide = snapshot.value!.guide;
  const key = `${guide.revision}|${guide.window?.serverTime ?? ''}|${from}|${to}`;
  if (held.key !== key) {
    // keep the rows on screen until the new ones are here (no flash of placeholders while streaming)
    wanted = { key, first, last, from, to };
  }
  const out: (GuideChannel | null)[] = [];
  let missing = false;
  for (let i = Math.max(0, first); i < Math.max(0, last); i++) {
    const row = held.rows.get(i) ?? null;
    if (!row || held.key !== key) missing = true;
    out.push(row);
  }
  if (missing) {
    wanted = { key, first, last, from, to };
    queueMicrotask(ask);
  }
  return out;
}

function ask(): void {
  const wish = wanted;
  if (!wish || asking !== null) return;
  const id = `${wish.key}|${wish.first}|${wish.last}`;
  asking = id;
  wanted = null;
  const count = Math.min(GUIDE_ROWS_MAX, Math.max(0, wish.last - wish.first));
  void bridge
    .getGuideRows({ from: Math.max(0, wish.first), to: Math.max(0, wish.first) + count, startsAt: Math.max(0, Math.floor(wish.from)), endsAt: Math.max(0, Math.ceil(wish.to)) })
    .then((outcome) => {
      // rows of another window than the one asked about: the next draw asks again
      if (!outcome.ok || `${outcome.value.revision}` !== wish.key.split('|')[0]) return;
      let news = held.key !== wish.key;
      if (news) held.rows = new Map();
      held.key = wish.key;
      outcome.value.rows.forEach((row, i) => {
        const index = outcome.value.indexes[i]!;
        news ||= !held.rows.has(index);
        held.rows.set(index, row);
      });
      // nothing new (rows past the end of what is held): drawing again would only ask again
      if (!news) return;
      // keep what a long scroll collected from growing without bound
      if (held.rows.size > 4 * GUIDE_ROWS_MAX) for (const index of [...held.rows.keys()].slice(0, held.rows.size - 2 * GUIDE_ROWS_MAX)) held.rows.delete(index);
      arrived.value++;
    })
    .catch(() => {})
    .finally(() => {
      asking = null;
      // a wish made while this one ran (scrolled on, more rows streamed in) is asked for now
      if (wanted && `${wanted.key}|${wanted.first}|${wanted.last}` !== id) ask();
    });
}

/** Asks for another window (minutes ahead); the outcome says why when it could not be loaded. */
export function requestWindow(forwardMinutes: number): Promise<Outcome<null>> {
  return bridge.loadGuide({ forwardMinutes });
}
