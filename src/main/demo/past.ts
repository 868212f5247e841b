import { hash, Rng } from './rng';
import { DEVICES, USERS } from './session-records';
import type { DemoWorld } from './world';

/**
 * A week of the demo household's viewing, played from the demo's own schedules (any instant of
 * any channel is a pure function of the seed), so "Try the demo" opens on a History to explore:
 * five people with their devices, evenings busier than days, weekends busier than weekdays,
 * channel hopping now and then, the app followed from morning to after midnight with the odd
 * night the computer slept. It is what the app would have seen: a step at each change with the
 * viewers then, breaks included as `/sessions` shows them (state `bumper`, the bumper's own title),
 * so the app records it through its own rules (core/history). Deterministic for a seed and a day.
 */

export interface PastViewer {
  user: string;
  device: { model: string; platform: string };
  channelNumber: number;
  channelName: string;
  /** the show for an episode, else the title (as a viewer's "watching"); on a break, the bumper's own */
  title: string | null;
  onBreak: boolean;
}

export interface DemoPast {
  /** when the app was following the demo, oldest first */
  followed: { from: number; to: number }[];
  /** every change, oldest first: the viewers from then on */
  steps: { at: number; viewers: PastViewer[] }[];
}

const MIN = 60_000;
const HOUR = 60 * MIN;
const DAY = 24 * HOUR;
/** The household: who lives with the demo, each on their own devices. */
const HOUSEHOLD = 5;

interface Watch {
  user: string;
  device: { model: string; platform: string };
  channel: number;
  from: number;
  to: number;
}

/** The week before `now` (whole local days, the last one up to an hour before now); `platform` writes a device's platform as the profile does. */
export function demoPast(world: DemoWorld, now: number, platform: (name: string) => string = (name) => name, days = 7): DemoPast {
  const rng = new Rng(world.seed, 'past', Math.floor(now / DAY));
  const people = [...USERS].sort((a, b) => hash(world.seed, a) - hash(world.seed, b)).slice(0, HOUSEHOLD);
  const devices = new Map(people.map((user, i) => [user, [DEVICES[i % DEVICES.length]!, DEVICES[(i + 3) % DEVICES.length]!]]));
  const playable = world.channels.filter((c) => !c.empty);
  const followed: DemoPast['followed'] = [];
  const watches: Watch[] = [];
  const end = now - HOUR;
  for (let d = days; d >= 1; d--) {
    const midnight = new Date(now - d * DAY).setHours(0, 0, 0, 0);
    // followed from 7:00 to 0:30 the next day; one night in four the computer slept at 23:00
    const from = midnight + 7 * HOUR + rng.int(0, 40) * MIN;
    const to = Math.min(end, rng.chance(0.25) ? midnight + 23 * HOUR : midnight + 24.5 * HOUR);
    if (to <= from) continue;
    followed.push({ from, to });
    const weekend = [0, 6].includes(new Date(midnight).getDay());
    for (const user of people) {
      const sittings = rng.int(weekend ? 1 : 0, weekend ? 3 : 2);
      // one person watches one thing at a time: a sitting starts after the last one ended
      let free = midnight;
      for (let s = 0; s < sittings; s++) {
        // most viewing is in the evening; a weekend afternoon now and then
        const hour = rng.chance(weekend ? 0.35 : 0.12) ? rng.int(13, 17) : rng.int(18, 22);
        let at = Math.max(free + 5 * MIN, midnight + hour * HOUR + rng.int(0, 59) * MIN);
        const stop = Math.min(to, at + rng.int(25, 170) * MIN);
        free = Math.max(free, stop);
        const device = rng.pick(devices.get(user)!);
        let channel = rng.pick(playable).record.number;
        while (at < stop) {
          // a stretch on one channel, sometimes cut short by a hop to another
          const until = rng.chance(0.25) ? Math.min(stop, at + rng.int(3, 25) * MIN) : stop;
          if (at >= from) watches.push({ user, device: { model: device.model, platform: platform(device.platform) }, channel, from: at, to: until });
          at = until;
          channel = rng.pick(playable).record.number;
        }
      }
    }
  }
  return { followed, steps: stepsOf(world, watches, followed) };
}

/** The viewers at each change: a start, an end, and every slot boundary of a channel someone is on. */
function stepsOf(world: DemoWorld, watches: readonly Watch[], followed: DemoPast['followed']): DemoPast['steps'] {
  const instants = new Set<number>();
  for (const w of watches) {
    instants.add(w.from);
    instants.add(w.to);
    const channel = world.byNumber.get(w.channel);
    if (channel) for (const slot of world.schedules.between(channel, w.from, w.to)) if (slot.start > w.from) instants.add(slot.start);
  }
  for (const f of followed) instants.add(f.from);
  const sorted = [...instants].sort((a, b) => a - b);
  return sorted.map((at) => ({
    at,
    viewers: watches
      .filter((w) => w.from <= at && at < w.to)
      .map((w) => {
        const channel = world.byNumber.get(w.channel)!;
        const slot = world.schedules.at(channel, at).current;
        return {
          user: w.user,
          device: w.device,
          channelNumber: w.channel,
          channelName: channel.record.name,
          title: slot ? (slot.program.showTitle ?? slot.program.title) : null,
          onBreak: slot?.bumper ?? false,
        };
      }),
  }));
}
