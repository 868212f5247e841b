import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Program } from '../../src/shared/airwave';
import type { ProgrammeRef } from '../../src/shared/bridge';
import { programmeTitle } from '../../src/shared/format';
import { AppController } from '../../src/main/core/app';
import type { CoreHarness } from '../support/core-harness';
import { useCoreHarness } from '../support/use-core-harness';
import { startLocalServer, type LocalServer } from '../support/local-server';

// Reminders in the whole core against the demo server over loopback, on the fake clock: firing two
// minutes before with the programme checked on /channels/{id}/schedule, a programme that moved or
// vanished, a reminder slept through, and reminders that survive a restart.

const core = useCoreHarness('airwave-features');
const tempDir = core.tempDir;
const min = 60_000;
let h: CoreHarness | null = null;

async function connected(dataDir = tempDir(), options: { sse?: boolean; server?: (h: CoreHarness) => Promise<string> } = {}): Promise<CoreHarness> {
  h = await core.start({ app: { dataDir }, demo: { sse: options.sse ?? true } });
  await h.app.start();
  await h.connect(options.server ? await options.server(h) : undefined);
  const loaded = await h.app.handlers.loadGuide({ forwardMinutes: 180 });
  expect(loaded.ok).toBe(true);
  return h;
}

/** A programme (not a bumper) in the held guide starting between `fromMin` and `toMin` minutes from now. */
function programmeAhead(harness: CoreHarness, fromMin: number, toMin: number): ProgrammeRef & { program: Program } {
  const now = harness.clock.now();
  for (const channel of harness.app.engine.guide.rows({ from: 0, to: 200 }).rows) {
    for (const program of channel.programs) {
      const start = Date.parse(program.startsAt);
      if (program.ratingKey !== null && start >= now + fromMin * min && start <= now + toMin * min) {
        const { title, showTitle, ratingKey, startsAt, endsAt } = program;
        return { channelId: channel.id, channelNumber: channel.number, channelName: channel.name, title, showTitle, ratingKey, startsAt, endsAt, program };
      }
    }
  }
  throw new Error(`no programme starts ${fromMin}–${toMin} min ahead`);
}

const iso = (ms: number) => new Date(ms).toISOString();
const scheduleRequests = (harness: CoreHarness) =>
  Object.entries(harness.apiRequests()).filter(([path]) => /^\/channels\/[^/]+\/schedule$/.test(path)).reduce((n, [, count]) => n + count, 0);
const reminderNotes = (harness: CoreHarness) => harness.notifications.filter((n) => n.id.startsWith('reminder-') || n.id.startsWith('missed-'));

async function stepTo(harness: CoreHarness, at: number): Promise<void> {
  await harness.step(at - harness.clock.now());
}

describe('reminders against the demo server', () => {
  it('fires two minutes before, naming channel and programme, after checking the schedule; a click opens the channel', async () => {
    const harness = await connected();
    const target = programmeAhead(harness, 10, 90);
    const added = await harness.app.handlers.addReminder(target);
    expect(added.ok).toBe(true);
    expect(harness.app.snapshot().reminders.map((r) => r.title)).toEqual([target.title]);
    const start = Date.parse(target.startsAt);
    await stepTo(harness, start - 2 * min - 1_000);
    expect(reminderNotes(harness)).toEqual([]);
    expect(scheduleRequests(harness)).toBe(0);
    await harness.until(() => reminderNotes(harness).length > 0, { stepMs: 200, what: 'the reminder' });
    const [note] = reminderNotes(harness);
    expect(note).toMatchObject({ title: `Starts in 2 min: ${programmeTitle(target)}`, target: { view: 'on-now', channelNumber: target.channelNumber } });
    expect(note!.body).toContain(`${target.channelNumber} ${target.channelName}`);
    expect(scheduleRequests(harness)).toBe(1);
    expect(harness.app.snapshot().reminders).toEqual([]);
    await harness.runFor(10 * min, 60_000);
    expect(reminderNotes(harness)).toHaveLength(1);
  });

  it('says the programme moved (and reminds at the new time) or vanished (naming what is on instead)', async () => {
    const harness = await connected();
    const real = programmeAhead(harness, 25, 50);
    const realStart = Date.parse(real.startsAt);
    // the reminder believes it starts 10 minutes earlier: the server's schedule says otherwise
    await harness.app.handlers.addReminder({ ...real, startsAt: iso(realStart - 10 * min) });
    // a programme that is not on at that time at all
    const ghost = { ...real, title: 'Ghost Show', showTitle: null, ratingKey: 'ghost-1' };
    await harness.app.handlers.addReminder(ghost);
    await stepTo(harness, realStart - 12 * min - 1_000);
    await harness.until(() => reminderNotes(harness).length === 1, { stepMs: 200, what: 'the moved notice' });
    expect(reminderNotes(harness)[0]!.title).toMatch(new RegExp(`^${escape(programmeTitle(real))} moved: now at \\d`));
    expect(harness.app.snapshot().reminders.map((r) => r.startsAt).sort()).toEqual([real.startsAt, real.startsAt]);
    await stepTo(harness, realStart - 2 * min - 1_000);
    await harness.until(() => reminderNotes(harness).length === 3, { stepMs: 200, what: 'the vanished and the moved reminders' });
    const titles = reminderNotes(harness).map((n) => n.title);
    expect(titles).toContain(`Starts in 2 min: ${programmeTitle(real)}`);
    const gone = reminderNotes(harness).find((n) => n.title.startsWith('Ghost Show is no longer on at'))!;
    expect(gone.body).toContain(`${programmeTitle(real.program)} is on instead`);
    expect(harness.app.snapshot().reminders).toEqual([]);
  });

  it('a reminder that moved stays on its server: the watchlist scan finds it reminded (no twin), and a restart keeps one per id', async () => {
    const dataDir = tempDir();
    const harness = await connected(dataDir);
    const server = harness.settings.selected()!;
    expect(harness.settings.updateServer(server.id, { name: 'Home' })).toBe(true);
    const real = programmeAhead(harness, 25, 50);
    const realStart = Date.parse(real.startsAt);
    const followed = real.showTitle ?? real.title;
    // set for 10 minutes earlier than the server has it: the check before it fires finds it moved
    await harness.app.handlers.addReminder({ ...real, startsAt: iso(realStart - 10 * min), endsAt: iso(Date.parse(real.endsAt) - 10 * min) });
    await stepTo(harness, realStart - 12 * min - 1_000);
    await harness.until(() => reminderNotes(harness).length === 1, { stepMs: 200, what: 'the moved notice' });
    const atRealSlot = () => harness.app.snapshot().reminders.filter((r) => r.channelId === real.channelId && r.startsAt === real.startsAt);
    expect(atRealSlot()).toMatchObject([{ from: 'you', server: server.id, serverName: 'Home' }]);
    // following the title scans the held guide: the moved reminder is the airing's, not a new one
    expect((await harness.app.handlers.follow({ title: followed })).ok).toBe(true);
    expect(atRealSlot()).toHaveLength(1);
    const airing = harness.app.snapshot().watchlist.comingUp.find((a) => a.channelId === real.channelId && a.startsAt === real.startsAt);
    expect(airing?.reminded).toBe(true);
    await harness.app.close();

    // a restart reads reminders.json: one reminder per id, still one at the new time
    const file = JSON.parse(readFileSync(join(dataDir, 'reminders.json'), 'utf8')) as { reminders: { id: string }[] };
    expect(new Set(file.reminders.map((r) => r.id)).size).toBe(file.reminders.length);
    const app = new AppController({ clock: harness.clock, settings: harness.settings, dataDir, random: () => 0.5, minuteOfDay: () => 12 * 60 });
    core.closeAfter(app);
    await app.start();
    const ids = app.snapshot().reminders.map((r) => r.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(app.snapshot().reminders.filter((r) => r.channelId === real.channelId && r.startsAt === real.startsAt)).toHaveLength(1);
  });

  it('reports a reminder slept through once, as missed, and never fires it late', async () => {
    const harness = await connected();
    const target = programmeAhead(harness, 10, 60);
    await harness.app.handlers.addReminder(target);
    harness.app.suspend();
    harness.clock.set(Date.parse(target.startsAt) + 5 * min); // asleep through it
    harness.app.resume();
    await harness.until(() => harness.app.store.state.connection.state === 'live', { what: 'live after waking' });
    await harness.runFor(30 * min, 60_000);
    const notes = reminderNotes(harness);
    expect(notes.map((n) => n.title)).toEqual([`Missed while the computer was asleep: ${programmeTitle(target)}`]);
    expect(scheduleRequests(harness)).toBe(0);
  });

  it('keeps reminders across a restart (a new core over the same data folder) and fires them there', async () => {
    const dataDir = tempDir();
    const harness = await connected(dataDir);
    const soon = programmeAhead(harness, 10, 40);
    const later = programmeAhead(harness, 100, 170);
    await harness.app.handlers.addReminder(soon);
    await harness.app.handlers.addReminder(later);
    await harness.app.handlers.setFavourite({ channelId: soon.channelId, channelNumber: soon.channelNumber, channelName: soon.channelName, favourite: true });
    await harness.app.close();
    // closed past the first reminder's moment
    harness.clock.set(Date.parse(soon.startsAt) + min);
    const app = new AppController({ clock: harness.clock, settings: harness.settings, dataDir, random: () => 0.5, minuteOfDay: () => 12 * 60 });
    core.closeAfter(app);
    const notes: string[] = [];
    app.onNotification((n) => notes.push(n.title));
    await app.start();
    expect(notes).toEqual([`Missed while the app was closed: ${programmeTitle(soon)}`]);
    expect(app.snapshot().reminders.map((r) => r.startsAt)).toEqual([later.startsAt]);
    expect(app.snapshot().favourites.map((f) => f.channelId)).toEqual([soon.channelId]);
    for (let i = 0; i < 400 && notes.length < 2; i++) {
      // at least a second a step: the reminder's notification is gathered for 10 s (notifications/storms.ts)
      harness.clock.advance(Math.min(60_000, Math.max(1_000, Date.parse(later.startsAt) - 2 * min - harness.clock.now())));
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    expect(notes[1]).toBe(`Starts in 2 min: ${programmeTitle(later)}`);
  });
});

describe('reminders on a server without the schedule route', () => {
  it('checks against the guide it holds instead, and asks that route only once', async () => {
    // an older server: the same demo behind a router that has no /channels/{id}/schedule
    let router: LocalServer | null = null;
    const harness = await connected(tempDir(), {
      sse: false,
      server: async (demoHarness) => {
        const front = await startLocalServer((req, res) => {
          if (/\/channels\/[^/]+\/schedule/.test(req.url ?? '')) {
            res.writeHead(404, { 'content-type': 'text/plain' }).end('404 Not Found');
            return;
          }
          void fetch(`${demoHarness.demo.url}${req.url}`, { headers: { 'x-api-key': String(req.headers['x-api-key'] ?? '') } }).then(async (answer) => {
            res.writeHead(answer.status, { 'content-type': answer.headers.get('content-type') ?? 'application/json' }).end(Buffer.from(await answer.arrayBuffer()));
          });
        });
        router = core.closeAfter(front);
        return front.url;
      },
    });
    const real = programmeAhead(harness, 25, 50);
    const realStart = Date.parse(real.startsAt);
    await harness.app.handlers.addReminder({ ...real, startsAt: iso(realStart - 10 * min) }); // moved, by the held guide
    await harness.app.handlers.addReminder({ ...real, title: 'Ghost Show', showTitle: null, ratingKey: 'ghost-1' }); // vanished
    await stepTo(harness, realStart - 12 * min - 1_000);
    await harness.until(() => reminderNotes(harness).length === 1, { stepMs: 200, what: 'the moved notice' });
    expect(reminderNotes(harness)[0]!.title).toContain(`${programmeTitle(real)} moved: now at`);
    await stepTo(harness, realStart - 2 * min - 1_000);
    await harness.until(() => reminderNotes(harness).length === 3, { stepMs: 200, what: 'the other two' });
    expect(reminderNotes(harness).map((n) => n.title)).toContain(`Starts in 2 min: ${programmeTitle(real)}`);
    expect(reminderNotes(harness).some((n) => n.title.startsWith('Ghost Show is no longer on at'))).toBe(true);
    expect(router!.requests.filter((r) => r.url.includes('/schedule'))).toHaveLength(1);
  });
});

describe('favourites', () => {
  it('come first in the tray and are pushed to the popover when starred', async () => {
    const harness = await connected();
    const updates: string[][] = [];
    harness.app.subscribe((update) => updates.push(Object.keys(update.parts)));
    const rows = harness.app.store.state.onNow.data!.channels;
    const last = rows.at(-1)!;
    const starred = await harness.app.handlers.setFavourite({ channelId: last.id, channelNumber: last.number, channelName: last.name, favourite: true });
    expect(starred).toMatchObject({ ok: true, value: [{ channelId: last.id }] });
    // the stars, and On now's summary: its order changed, so the page reads the rows it holds again
    expect(updates.at(-1)).toEqual(['favourites', 'onNow']);
    expect(harness.app.snapshot().onNow.data).toMatchObject({ changed: null });
    const whatsOn = harness.app.trayView.menu.find((item) => item.id === 'whats-on')!.submenu!;
    expect(whatsOn[0]!.id).toBe(`channel:${last.number}`);
    expect(whatsOn[0]!.label.startsWith('★ ')).toBe(true);
    await harness.app.handlers.setFavourite({ channelId: last.id, channelNumber: last.number, channelName: last.name, favourite: false });
    expect(harness.app.trayView.menu.find((item) => item.id === 'whats-on')!.submenu![0]!.id).toBe(`channel:${rows[0]!.number}`);
  });
});

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
