import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Reminder } from '../../src/shared/bridge';
import { actionInArgv, actionUrl, parseActionUrl } from '../../src/main/core/notifications/action-url';
import { ACTION_IDS, buttonsFor, commandFor, DAY_MUTE_MS, SNOOZE_MINUTES } from '../../src/main/core/notifications/kinds';
import { FLAP_MS, FlapGate, Gatherer, GATHER_MS, MAX_GATHERING } from '../../src/main/core/notifications/storms';
import { who } from '../../src/main/core/notifications/words';
import { toastXml } from '../../src/main/electron/toast-xml';
import { ManualClock } from '../support/manual-clock';

// One description per notification kind (buttons and what they do), the app's action URL read
// strictly, the Windows toast made from it, and the storm rules' two parts on a fake clock.

const reminder = { id: 'r1', channelNumber: 101, startsAt: '2026-11-23T21:00:00.000Z', endsAt: '2026-11-23T21:30:00.000Z' } as Reminder;

describe('one description per kind', () => {
  it('offers each kind its buttons, in order', () => {
    const ids = (subject: Parameters<typeof buttonsFor>[0]) => buttonsFor(subject).map((b) => `${b.id}:${b.label}`);
    expect(ids({ kind: 'viewers', users: ['James'], keys: ['s1'] })).toEqual(['open:Open', 'mute-day:Mute James for a day', 'mute:Always mute James']);
    expect(ids({ kind: 'viewers', users: ['James', 'Ann'], keys: ['s1', 's2'] })).toEqual(['open:Open']);
    expect(ids({ kind: 'reminder', reminders: [reminder], snooze: true })).toEqual(['open-channel:Open channel', `snooze:Snooze ${SNOOZE_MINUTES} min`]);
    expect(ids({ kind: 'reminder', reminders: [reminder], snooze: false })).toEqual(['open-channel:Open channel']);
    expect(ids({ kind: 'server-away', server: 'srv-a' })).toEqual(['open:Open']);
    expect(ids({ kind: 'server-back', server: 'srv-a' })).toEqual(['open:Open']);
    expect(ids({ kind: 'webhook' })).toEqual(['open-settings:Open Settings']);
    expect(ids(undefined)).toEqual([]);
  });

  it('runs only the buttons a kind offers; a click always opens where the notification points', () => {
    const target = { view: 'watching' as const, viewer: 's1' };
    const james = { subject: { kind: 'viewers' as const, users: ['James'], keys: ['s1'] }, target };
    expect(commandFor(james, 'click')).toEqual({ type: 'open', target });
    expect(commandFor(james, 'mute-day')).toEqual({ type: 'mute', user: 'James', forMs: DAY_MUTE_MS });
    expect(commandFor(james, 'mute')).toEqual({ type: 'mute', user: 'James', forMs: null });
    expect(commandFor(james, 'snooze')).toBeNull();
    expect(commandFor({ ...james, subject: { ...james.subject, users: ['James', 'Ann'] } }, 'mute')).toBeNull();
    expect(commandFor({ subject: { kind: 'webhook' }, target: { view: 'on-now' } }, 'open-settings')).toEqual({ type: 'open', target: { view: 'settings' } });
    expect(commandFor({ subject: { kind: 'reminder', reminders: [reminder], snooze: true }, target: { view: 'on-now', channelNumber: 101 } }, 'snooze')).toEqual({
      type: 'snooze',
      reminders: [reminder],
      ms: SNOOZE_MINUTES * 60_000,
    });
    expect(commandFor({ target }, 'open')).toBeNull();
  });

  it('names each person at most once: every name up to three, else two and how many others', () => {
    expect(who(['A'])).toBe('A');
    expect(who(['A', 'B', 'C'])).toBe('A, B and C');
    expect(who(['A', 'B', 'C', 'D'])).toBe('A, B and 2 others');
    expect(who(['James', 'Ann', 'B', 'C', 'D'])).toBe('James, Ann and 3 others');
  });
});

describe('the action URL', () => {
  it('round-trips every id the app makes and every action', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[A-Za-z0-9:_-]{1,200}$/), fc.constantFrom(...ACTION_IDS, 'click' as const), (id, action) => {
        expect(parseActionUrl(actionUrl(id, action))).toEqual({ id, action });
      }),
    );
  });

  it('reads anything else as nothing, and never throws', () => {
    for (const bad of [
      'airwave-tray://notification/n1',
      'airwave-tray://notification/n1/open/more',
      'airwave-tray://notification/n1/rm',
      'airwave-tray://notification/n1/open?x=1',
      'airwave-tray://notification/n1/open#x',
      'airwave-tray://user@notification/n1/open',
      'airwave-tray://notification:80/n1/open',
      'airwave-tray://other/n1/open',
      'airwave-tray://notification/n%2F1/open',
      'airwave-tray://notification/%E0%A4%A/open',
      'airwave-tray://notification/%3Cscript%3E/open',
      'AIRWAVE-TRAY://notification/n1/open',
      'http://notification/n1/open',
      `airwave-tray://notification/${'a'.repeat(400)}/open`,
      'airwave-tray://notification/../open',
      'airwave-tray://notification/n.1/open',
      '--inspect=9229',
    ]) {
      expect(parseActionUrl(bad), bad).toBeNull();
    }
    fc.assert(fc.property(fc.string(), (text) => void parseActionUrl(`airwave-tray://notification/${text}`)));
    expect(parseActionUrl(42)).toBeNull();
    expect(actionInArgv(['C:\\app.exe', '--flag', actionUrl('srv-a:n1', 'mute')])).toEqual({ id: 'srv-a:n1', action: 'mute' });
    expect(actionInArgv(['C:\\app.exe'])).toBeNull();
  });

  it('makes a Windows toast whose body and buttons open those URLs, with the words escaped', () => {
    const xml = toastXml({ id: 'n1', title: 'Tom & "Jerry" <3', body: "it's on", buttons: buttonsFor({ kind: 'viewers', users: ['Tom & Jerry'], keys: ['s'] }) });
    expect(xml).toContain('<toast launch="airwave-tray://notification/n1/click" activationType="protocol">');
    expect(xml).toContain('<text>Tom &amp; &quot;Jerry&quot; &lt;3</text><text>it&apos;s on</text>');
    expect(xml).toContain('<action content="Mute Tom &amp; Jerry for a day" arguments="airwave-tray://notification/n1/mute-day" activationType="protocol"/>');
    expect(xml.match(/<action /g)).toHaveLength(3);
    expect(toastXml({ id: 'n2', title: 't', body: 'b', buttons: [] })).not.toContain('<actions>');
  });
});

describe('storm rules', () => {
  it('gathers what comes under one key for a fixed window from the first, then says it once', () => {
    const clock = new ManualClock();
    const gatherer = new Gatherer<string>(clock);
    const said: string[][] = [];
    for (let i = 0; i < 5; i++) {
      gatherer.add('home', [`v${i}`], (items) => said.push(items));
      clock.advance(2_000);
    }
    // a steady trickle cannot hold it back: the window runs from the first
    expect(said).toEqual([['v0', 'v1', 'v2', 'v3', 'v4']]);
    gatherer.add('home', ['v5'], (items) => said.push(items));
    gatherer.add('cabin', ['c0'], (items) => said.push(items));
    clock.advance(GATHER_MS);
    expect(said.slice(1).sort()).toEqual([['c0'], ['v5']]);
    expect(gatherer.pending).toBe(0);
    expect(clock.timerCount).toBe(0);
  });

  it('at once: says the first after a quiet spell at once, what follows within the window as one follow-up per window', () => {
    const clock = new ManualClock();
    const gatherer = new Gatherer<string>(clock, GATHER_MS, 'at-once');
    const said: string[] = [];
    const t0 = clock.now();
    const say = (items: string[], turn: string) => said.push(`${(clock.now() - t0) / 1000}s ${turn}: ${items.join(' ')}`);
    // five 2 s apart: the first at once, the four others together when the window ends
    for (let i = 0; i < 5; i++) {
      if (i > 0) clock.advance(2_000);
      gatherer.add('home', [`v${i}`], say);
      if (i === 0) expect(said).toEqual(['0s first: v0']);
    }
    expect(said).toHaveLength(1);
    clock.advance(GATHER_MS - 8_000); // the window runs from the first
    expect(said).toEqual(['0s first: v0', '10s follow-up: v1 v2 v3 v4']);
    // the follow-up opened the next window: one more within it waits for its end (at most one per window)
    clock.advance(3_000);
    gatherer.add('home', ['v5'], say);
    expect(said).toHaveLength(2);
    clock.advance(7_000);
    expect(said[2]).toBe('20s follow-up: v5');
    // a window with nothing in it ends the run: the next is said at once again
    clock.advance(GATHER_MS);
    expect(gatherer.pending).toBe(0);
    gatherer.add('home', ['v6'], say);
    expect(said[3]).toBe('30s first: v6');
    // another key has its own windows
    gatherer.add('cabin', ['c0'], say);
    expect(said[4]).toBe('30s first: c0');
    gatherer.drop();
    expect(clock.timerCount).toBe(0);
  });

  it('at once: a follow-up that says nothing (everyone left) leaves the key quiet', () => {
    const clock = new ManualClock();
    const gatherer = new Gatherer<string>(clock, GATHER_MS, 'at-once');
    const said: string[] = [];
    gatherer.add('home', ['a'], (items) => said.push(items.join()));
    gatherer.add('home', ['b'], () => said.push('unused'));
    const left = () => false;
    gatherer.add('other', ['x'], (items, turn) => (turn === 'first' ? said.push(items.join()) > 0 : left()));
    gatherer.add('other', ['y'], left);
    clock.advance(GATHER_MS);
    expect(said).toEqual(['a', 'x', 'b']);
    // home said its follow-up: its next window is open; other said nothing: quiet at once
    expect(gatherer.pending).toBe(1);
    gatherer.add('other', ['z'], (items) => said.push(items.join()));
    expect(said).toEqual(['a', 'x', 'b', 'z']);
    gatherer.drop();
  });

  it('is bounded: past MAX_GATHERING groups the oldest is said at once; dropped groups leave no timer', () => {
    const clock = new ManualClock();
    const gatherer = new Gatherer<number>(clock);
    const said: number[] = [];
    for (let i = 0; i <= MAX_GATHERING; i++) gatherer.add(`k${i}`, [i], (items) => said.push(...items));
    expect(said).toEqual([0]);
    expect(gatherer.pending).toBe(MAX_GATHERING);
    gatherer.drop();
    expect(clock.timerCount).toBe(0);
    clock.advance(GATHER_MS);
    expect(said).toEqual([0]);
  });

  it('says a server away and back at most once per 10 minutes, and every away said gets its back', () => {
    const gate = new FlapGate();
    const min = 60_000;
    const log: string[] = [];
    const at = (t: number, kind: 'away' | 'back') => {
      if (gate[kind]('home', t * min)) log.push(`${t} ${kind}`);
    };
    // down and up every two minutes for half an hour
    for (let t = 0; t < 30; t += 4) {
      at(t, 'away');
      at(t + 2, 'back');
    }
    expect(log).toEqual(['0 away', '2 back', '12 away', '14 back', '24 away', '26 back']);
    expect(FLAP_MS).toBe(10 * min);
    // another server has its own memory
    expect(gate.away('cabin', 1 * min)).toBe(true);
  });
});
