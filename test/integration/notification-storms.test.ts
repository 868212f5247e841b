import { describe, expect, it } from 'vitest';
import type { ProgrammeRef } from '../../src/shared/bridge';
import { startDemoServer } from '../../src/main/demo';
import { openSettingsDir, plainSecretBox, SettingsService } from '../../src/main/core/settings/settings';
import { FLAP_MS, GATHER_MS } from '../../src/main/core/notifications/storms';
import { onAirChannel, type CoreHarness } from '../support/core-harness';
import { useCoreHarness } from '../support/use-core-harness';

// The storm rules and the notification buttons in the whole core against the demo server over
// loopback, on the fake clock: a household starting together on a live server, three reminders
// of one minute, a server that flaps; and what "Mute", "Snooze" and "Open" do.

const core = useCoreHarness('airwave-storms');
const min = 60_000;
const connected = core.connected;

const viewerNotes = (harness: CoreHarness) => harness.notifications.filter((n) => n.subject?.kind === 'viewers');

describe('starts on one server within 10 s', () => {
  it('a household of five starting 2 s apart on a live server is one notification, naming each person at most once', async () => {
    const harness = await connected();
    expect(harness.app.store.state.connection.state).toBe('live');
    const channel = onAirChannel(harness.demo);
    const household = ['James', 'Ann', 'Bea', 'Cal', 'Dot'];
    for (const user of household) {
      harness.demo.controls.startSession({ user, channelNumber: channel, platform: 'tvOS', model: `Apple TV ${user}` });
      await harness.step(2_000);
    }
    // James on a second device within the window: still one person
    harness.demo.controls.startSession({ user: 'James', channelNumber: channel, platform: 'webOS', model: 'LG OLED' });
    await harness.until(() => viewerNotes(harness).length > 0, { stepMs: 500, what: 'the household notification' });
    await harness.runFor(2 * GATHER_MS, 1_000);
    const notes = viewerNotes(harness);
    expect(notes).toHaveLength(1);
    expect(notes[0]!.title).toMatch(/^James, Ann and 3 others started watching/);
    expect(notes[0]!.subject).toMatchObject({ kind: 'viewers', users: household });
    // exactly once: every session of the household is in it (James's two as well)
    expect((notes[0]!.subject as { keys: string[] }).keys).toHaveLength(6);
    expect(notes[0]!.buttons?.map((b) => b.id)).toEqual(['open']);

    // someone new a minute later is news of their own; nobody of the household is told again
    harness.demo.controls.startSession({ user: 'Eve', channelNumber: channel });
    await harness.until(() => viewerNotes(harness).length === 2, { stepMs: 1_000, what: "Eve's notification" });
    const eve = viewerNotes(harness)[1]!;
    expect(eve.subject).toMatchObject({ kind: 'viewers', users: ['Eve'] });
    expect(eve.buttons?.map((b) => b.label)).toEqual(['Open', 'Mute Eve for a day', 'Always mute Eve', 'Eve’s history']);
  });

  it('"Mute Eve for a day" holds Eve back until a day has passed on the clock; "Always mute" keeps her in the settings file', async () => {
    const harness = await connected();
    const channel = onAirChannel(harness.demo);
    const start = () => harness.demo.controls.startSession({ user: 'Eve', channelNumber: channel });
    const stop = (id: string) => harness.demo.controls.endSession(id);
    let session = start();
    await harness.until(() => viewerNotes(harness).length === 1, { stepMs: 1_000, what: "Eve's notification" });
    const first = viewerNotes(harness)[0]!;
    expect(harness.app.notificationAction(first.id, 'mute-day')).toBe('mute');
    expect(harness.settings.values.notifications.mutedUntil).toEqual([{ name: 'Eve', until: harness.clock.now() + 24 * 60 * min }]);
    stop(session.id);
    await harness.runFor(2 * min, 10_000); // past the rejoin grace
    session = start();
    await harness.runFor(GATHER_MS * 2, 1_000);
    expect(viewerNotes(harness)).toHaveLength(1);
    stop(session.id);
    harness.clock.set(harness.clock.now() + 24 * 60 * min);
    await harness.runFor(2 * min, 10_000);
    start();
    await harness.until(() => viewerNotes(harness).length === 2, { stepMs: 1_000, what: 'Eve again after a day' });
    // always: in the settings list (the file), as the Settings page shows it
    expect(harness.app.notificationAction(viewerNotes(harness)[1]!.id, 'mute')).toBe('mute');
    expect(harness.settings.values.notifications.mutedUsers).toEqual(['Eve']);
    // a restart reads the settings file: still muted
    expect(new SettingsService(openSettingsDir(harness.dataDir).backend, plainSecretBox).values.notifications.mutedUsers).toEqual(['Eve']);
    // a button the kind does not offer, or a notification the app never raised, only opens the popover
    expect(harness.app.notificationAction(viewerNotes(harness)[1]!.id, 'snooze')).toBe('unknown');
    expect(harness.app.notificationAction('made-up', 'mute')).toBe('unknown');
    expect(harness.settings.values.notifications.mutedUsers).toEqual(['Eve']);
  });
});

describe('reminders due in the same minute', () => {
  it('three are one notification; "Snooze 5 min" brings the three back once, 5 minutes later', async () => {
    // enough channels that three programmes start in one minute (the demo's starts are spread out)
    const harness = await connected({ demo: { channels: 40 } });
    const loaded = await harness.app.handlers.loadGuide({ forwardMinutes: 180 });
    expect(loaded.ok).toBe(true);
    const now = harness.clock.now();
    // three programmes on three channels starting at the same minute, 10 to 150 minutes ahead
    const byStart = new Map<string, ProgrammeRef[]>();
    for (const channel of harness.app.engine.guide.rows({ from: 0, to: 200 }).rows) {
      for (const p of channel.programs) {
        const start = Date.parse(p.startsAt);
        if (p.ratingKey === null || start < now + 10 * min || start > now + 150 * min) continue;
        const ref: ProgrammeRef = { channelId: channel.id, channelNumber: channel.number, channelName: channel.name, title: p.title, showTitle: p.showTitle, ratingKey: p.ratingKey, startsAt: p.startsAt, endsAt: p.endsAt };
        const minute = new Date(start).toISOString().slice(0, 16);
        byStart.set(minute, [...(byStart.get(minute) ?? []), ref]);
      }
    }
    const trio = [...byStart.values()].find((refs) => refs.length >= 3)?.slice(0, 3) ?? [];
    expect(trio).toHaveLength(3);
    for (const ref of trio) expect((await harness.app.handlers.addReminder(ref)).ok).toBe(true);
    const reminderNotes = () => harness.notifications.filter((n) => n.subject?.kind === 'reminder');
    await harness.step(Date.parse(trio[0]!.startsAt) - 2 * min - 1_000 - harness.clock.now());
    await harness.until(() => reminderNotes().length > 0, { stepMs: 500, what: 'the reminders' });
    await harness.runFor(3 * GATHER_MS, 1_000);
    expect(reminderNotes()).toHaveLength(1);
    const note = reminderNotes()[0]!;
    expect(note.title).toMatch(/^3 programmes start at \d{1,2}:\d\d( [AP]M)?$/);
    expect(note.buttons?.map((b) => b.label)).toEqual(['Open channel', 'Snooze 5 min']);
    expect(harness.app.snapshot().reminders).toEqual([]);

    expect(harness.app.notificationAction(note.id, 'snooze')).toBe('snooze');
    expect(harness.app.snapshot().reminders).toHaveLength(3);
    await harness.runFor(5 * min - 2_000, 10_000);
    expect(reminderNotes()).toHaveLength(1);
    await harness.until(() => reminderNotes().length === 2, { stepMs: 500, what: 'the snoozed reminders' });
    await harness.runFor(3 * GATHER_MS, 1_000);
    expect(reminderNotes()).toHaveLength(2);
    expect(reminderNotes()[1]!.title).toBe(note.title);
    // "Open channel" opens On now where the tray menu would
    expect(harness.app.notificationAction(reminderNotes()[1]!.id, 'open-channel')).toBe('open');
    expect(harness.app.snapshot().focus?.target).toEqual(note.target);
  });
});

describe('a server that flaps', () => {
  it('is announced away once and back once per 10 minutes at most, and never back without its away', async () => {
    const harness = await connected();
    const updated = await harness.app.handlers.updateFeatureSettings({ health: { unreachableMinutes: 1 } });
    expect(updated.ok).toBe(true);
    const port = harness.demo.port;
    let server: { close(): Promise<void> } = harness.demo;
    const titles = () => harness.notifications.filter((n) => n.subject?.kind === 'server-away' || n.subject?.kind === 'server-back').map((n) => `${Math.round((n.at - t0) / min)} ${n.subject!.kind}`);
    const t0 = harness.clock.now();
    // down 2 min, up 2 min, for 24 minutes: six outages, each long enough to be told
    for (let cycle = 0; cycle < 6; cycle++) {
      await server.close();
      await harness.runFor(2 * min, 5_000);
      const back = await startDemoServer({ port, seed: 21, channels: 8, viewers: 2, churn: 0, clock: harness.clock });
      core.closeAfter(back);
      server = back;
      await harness.until(() => ['live', 'polling'].includes(harness.app.store.state.connection.state), { what: 'up again', stepMs: 5_000, maxSteps: 100 });
      await harness.runFor(2 * min - 5_000, 5_000);
    }
    const told = titles();
    const at = (kind: string) => told.filter((t) => t.endsWith(kind)).map((t) => Number(t.split(' ')[0]));
    // every outage was long enough, but at most one away and one back in any 10 minutes
    expect(at('server-away').length).toBeGreaterThanOrEqual(2);
    expect(at('server-away').length).toBeLessThan(6);
    for (const kind of ['server-away', 'server-back']) {
      const times = at(kind);
      for (let i = 1; i < times.length; i++) expect(times[i]! - times[i - 1]!).toBeGreaterThanOrEqual(FLAP_MS / min);
    }
    // each away has its back, in order
    expect(told.map((t) => t.split(' ')[1])).toEqual(at('server-away').flatMap(() => ['server-away', 'server-back']));
  });
});
