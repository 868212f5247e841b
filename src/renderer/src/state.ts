import { computed, signal } from '@preact/signals';
import type { Program } from '../../shared/airwave';
import { applySnapshotUpdate, type AppSnapshot, type FocusTarget } from '../../shared/bridge';
import { bridge } from './bridge';

/** The popover's state: the snapshot from main, and what the person is looking at. */

export type View = 'watching' | 'on-now' | 'guide' | 'settings';

export const snapshot = signal<AppSnapshot | null>(null);
const VIEWS: readonly View[] = ['watching', 'on-now', 'guide', 'settings'];
/** The view to start on: `#on-now`, `#guide`… (the preview and benchmarks link to a view), else Watching. */
function initialView(): View {
  const wanted = typeof location === 'undefined' ? '' : location.hash.slice(1);
  return (VIEWS as readonly string[]).includes(wanted) ? (wanted as View) : 'watching';
}

export const view = signal<View>(initialView());
/** the channel whose detail sheet is open, by number */
export const channelDetail = signal<number | null>(null);
/** the viewer a notification or the tray asked to show */
export const focusedViewer = signal<string | null>(null);
/** the channel On now should scroll to */
export const focusedChannel = signal<number | null>(null);
export const searchOpen = signal(false);
/** a programme whose details are open (from the guide or a search) */
export const programDetail = signal<{ program: Program; channel: { number: number; name: string; id: string } } | null>(null);
/** digits typed so far for a quick channel jump */
export const typedNumber = signal('');
/** ticks every second, so ages and progress bars move */
export const now = signal(Date.now());

export const configured = computed(() => {
  const s = snapshot.value;
  return s !== null && (s.connection.state !== 'unconfigured' || s.settings.server !== null || s.settings.demo);
});

let lastFocusSeq = 0;

function applyFocus(target: FocusTarget): void {
  channelDetail.value = null;
  programDetail.value = null;
  searchOpen.value = false;
  view.value = target.view;
  if (target.view === 'watching') focusedViewer.value = target.viewer ?? null;
  if (target.view === 'on-now') focusedChannel.value = target.channelNumber ?? null;
}

export function startState(): () => void {
  const off = bridge.onSnapshot((update) => {
    const next = applySnapshotUpdate(snapshot.value, update);
    if (!next) {
      void bridge.getSnapshot({}).then((full) => (snapshot.value = full));
      return;
    }
    if (!snapshot.value) performance.mark('airwave:first-snapshot'); // benchmarks measure paint from here
    snapshot.value = next;
    const focus = next.focus;
    if (focus && focus.seq !== lastFocusSeq) {
      lastFocusSeq = focus.seq;
      applyFocus(focus.target);
    }
  });
  const timer = setInterval(() => (now.value = Date.now()), 1000);
  return () => {
    off();
    clearInterval(timer);
  };
}
