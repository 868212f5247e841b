/**
 * The demo's past, as the app records it: the demo server hands over a week of its household's
 * viewing (the host passes it on: DemoHandle.past in core/app/ports.ts; src/main/demo/past.ts makes
 * it), each change a list of viewers as `/sessions` would have shown them, and the record takes
 * each list exactly as it takes a live one (breaks, stretches and all: clean-viewings.ts), under
 * the demo's own server id. It is marked as the demo's in every view and deleted when the demo is
 * left (History.dropServer).
 */
import { recordedDevice } from '../../../shared/device-label';
import type { HistoryRecord, ViewingFields } from './history-record';

/** One viewer of the past (the demo's shape: src/main/demo/past.ts PastViewer). */
export interface PastViewer {
  user: string;
  device: { model: string | null; platform: string | null };
  channelNumber: number;
  channelName: string;
  title: string | null;
  onBreak: boolean;
}

/** A past to record: when the app followed, and the viewers at each change (the demo's DemoPast). */
export interface PastRecord {
  followed: readonly { from: number; to: number }[];
  steps: readonly { at: number; viewers: readonly PastViewer[] }[];
}

/** At most this many changes are taken from a past (a week of a household is a few thousand). */
const MAX_STEPS = 50_000;

/** What the record keeps of a past viewer: what it keeps of a live one (History's fieldsOf), from the same rule for the device. */
function fieldsOf(v: PastViewer): ViewingFields {
  return { person: v.user, device: recordedDevice(v.device), channelNumber: v.channelNumber, channel: v.channelName, programme: v.onBreak ? null : v.title, ...(v.onBreak ? { onBreak: true } : {}) };
}

/** Writes a past into the record as the server `serverId` would have been recorded (every interval, every list), before `now`. */
export function recordPast(record: HistoryRecord, serverId: string, name: string, past: PastRecord, now: number): void {
  const steps = past.steps.slice(0, MAX_STEPS);
  record.batch(() => {
    let i = 0;
    for (const f of past.followed) {
      const to = Math.min(f.to, now);
      if (to <= f.from) continue;
      record.list(serverId, name, [], f.from);
      while (i < steps.length && steps[i]!.at < f.from) i++;
      for (; i < steps.length && steps[i]!.at < to; i++) record.list(serverId, name, steps[i]!.viewers.map(fieldsOf), steps[i]!.at);
      record.followEnd(serverId, to);
    }
  });
}
