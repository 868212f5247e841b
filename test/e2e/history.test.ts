/// <reference lib="dom" />
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { HistoryFiles } from '../../src/main/core/history/history-files';
import { HistoryIndex } from '../../src/main/core/history/history-index';
import { HistoryRecord, type ViewingFields } from '../../src/main/core/history/history-record';
import { dayOffset, localTime } from '../../src/shared/format';
import { axeFindings, openPopover, screenshot } from '../support/browser';
import { ManualClock } from '../support/manual-clock';
import { useTempDirs } from '../support/temp-dirs';
import { e2eSetup } from './setup';

// History in the popover, from a record written before the app starts (a server of its own beside
// the demo, which comes without its past here): four at once at the peak, an evening of viewing on each
// of the last 30 days with nights not followed, the chart's name and table, arrow keys reading who
// was watching, the three spans in light and dark at 1× and 2×, and the CSV download.

const e2e = e2eSetup();
const tempDir = useTempDirs('airwave-history-e2e');
const MIN = 60_000;
const HOUR = 60 * MIN;

const field = (person: string, channelNumber: number, programme: string): ViewingFields => ({ person, device: 'Living Room TV', channelNumber, channel: `Channel ${channelNumber}`, programme });

/** The record: followed 17:00–23:30 each of the last 30 days and 6 h to 1 h before now; four at once at now − 3 h. */
function seededDir(now: number): { dir: string; peakAt: number } {
  const dir = tempDir();
  const record = new HistoryRecord(new HistoryIndex(), new HistoryFiles(join(dir, 'history'), (text) => console.warn(text)));
  type Step = { at: number; run: () => void };
  const steps: Step[] = [];
  const follow = (from: number, to: number) => {
    steps.push({ at: from, run: () => record.followStart('srv-seeded', 'Home', from) });
    steps.push({ at: to + 1, run: () => record.followEnd('srv-seeded', to) });
  };
  const view = (key: string, from: number, to: number, fields: ViewingFields) => {
    steps.push({ at: from + 0.5, run: () => record.seen('srv-seeded', key, from, fields) });
    steps.push({ at: to, run: () => record.gone('srv-seeded', key, to) });
  };
  const names = ['Ana', 'Ben', 'Cleo', 'Dev'];
  const shows = ['Parks & Rivalries', 'Matchday Live', 'The Night Desk', 'Cartoon Hour'];
  for (let d = 30; d >= 2; d--) {
    const day = new Date(now - d * 24 * HOUR);
    day.setHours(17, 0, 0, 0);
    const evening = day.getTime();
    follow(evening, evening + 6.5 * HOUR);
    for (let i = 0; i < (d % 4) + 1; i++) view(`d${d}-${i}`, evening + (i + 1) * 40 * MIN, evening + (i + 1) * 40 * MIN + (30 + 10 * i) * MIN, field(names[i]!, 101 + i, shows[(d + i) % 4]!));
  }
  // the last day: followed from 6 h to 1 h ago; four at once 3 h ago
  const from = now - 6 * HOUR;
  const peakAt = now - 3 * HOUR;
  follow(from, now - HOUR);
  view('a', from + 30 * MIN, peakAt + 40 * MIN, field('Ana', 101, 'Parks & Rivalries'));
  view('b', peakAt - 50 * MIN, peakAt + 20 * MIN, field('Ben', 103, 'Matchday Live'));
  view('c', peakAt - 20 * MIN, peakAt + 30 * MIN, field('Cleo', 101, 'Parks & Rivalries'));
  view('d', peakAt, peakAt + 15 * MIN, field('Dev', 104, 'The Night Desk'));
  steps.sort((a, b) => a.at - b.at);
  for (const step of steps) step.run();
  return { dir, peakAt };
}

describe('History', () => {
  it('shows the peak, the people and who was watching at the cursor; exports the span as CSV', async () => {
    // the chart names the peak's day when it is not today ("Yesterday 10:59 PM" at 01:59): a clock
    // that does not cross midnight between the record and the page's reading of it
    const clock = e2e.clearOfMidnight();
    const { dir, peakAt } = seededDir(clock.now());
    const host = await e2e.preview({ dataDir: dir, demo: true, demoPast: false, demoOptions: { seed: 7, channels: 16, viewers: 0, churn: 0 }, clock });
    const page = await openPopover(e2e.browser, host.url, { colorScheme: 'light', locale: 'en-US', clock });
    await page.getByRole('tab', { name: 'Activity' }).click();
    await page.getByRole('button', { name: 'History' }).click();
    const peak = Math.round(peakAt / 1000) * 1000;
    // the one 'when' phrase (src/shared/when.ts): 'at 9:10 PM' today, 'yesterday at 9:10 PM' within the last 24 hours
    const peakWhen = `${dayOffset(peak, clock.now()) === 0 ? '' : 'yesterday '}at ${localTime(peak, 'en-US')}`;
    const chart = page.getByRole('slider', { name: `Viewers over the last 24 hours: peak 4 ${peakWhen}` });
    await chart.waitFor();
    expect(await page.locator('.history-stats').textContent()).toContain(`Peak4 ${peakWhen}`);
    expect(await page.locator('.history-list').first().locator('.history-name').allTextContents()).toEqual(['Ana', 'Ben', 'Cleo', 'Dev']);
    // the same numbers as a table for screen readers: a row per column (97 quarter hours), those with nothing followed said so
    const table = page.getByRole('table', { name: 'Viewers over the last 24 hours, by the quarter hour' });
    expect(await table.locator('tbody tr').count()).toBe(97);
    expect(await table.locator('tbody').textContent()).toContain('not followed');
    expect(await table.locator('tbody td').allTextContents()).toContain('4');

    // the keyboard moves along the chart and reads who was watching
    await chart.focus();
    await page.keyboard.press('End');
    for (let i = 0; i < 12; i++) await page.keyboard.press('ArrowLeft'); // 15-minute columns: 3 h back
    await expect.poll(() => page.locator('.history-moment').textContent()).toMatch(/4 watching: Ana, Parks & Rivalries on 101 Channel 101; Ben, Matchday Live/);
    expect(await chart.getAttribute('aria-valuetext')).toMatch(/4 watching$/);
    await page.keyboard.press('End');
    await expect.poll(() => page.locator('.history-moment').textContent()).toMatch(/nobody watching|not followed/);
    expect(await axeFindings(page)).toEqual([]);

    // Export CSV: the preview hands the page a download
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export CSV' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^airwave-history-24h-\d{4}-\d{2}-\d{2}\.csv$/);
    const text = readFileSync((await file.path())!, 'utf8');
    expect(text.startsWith('\uFEFF')).toBe(true); // a byte-order mark: spreadsheets read UTF-8 names as written
    const csv = text.slice(1).split('\r\n').filter(Boolean);
    expect(csv[0]).toBe('server,person,device,channel,programme,start,end,minutes');
    expect(csv.slice(1).map((row) => row.split(',')[1])).toEqual(['Ana', 'Ben', 'Cleo', 'Dev']);
    expect(csv.slice(1).map((row) => Number(row.split(',')[7]))).toEqual([190, 70, 50, 15]);
    await page.getByText(/Downloaded airwave-history-24h-.*\(4 viewings\)/).waitFor();

    // Settings: the retention, and Clear history behind a confirmation
    await page.getByRole('button', { name: 'Settings' }).click();
    const keep = page.getByLabel('Keep history for');
    expect(await keep.inputValue()).toBe('365');
    await keep.selectOption('90');
    await expect.poll(() => host.app.snapshot().history.retentionDays).toBe(90);
    await page.getByRole('button', { name: 'Clear history…' }).click();
    const confirm = page.getByRole('group', { name: /^Delete every viewing recorded on this computer/ });
    await confirm.waitFor();
    await confirm.scrollIntoViewIfNeeded();
    await screenshot(page, 'history-settings-clear-light');
    expect(await axeFindings(page)).toEqual([]);
    await confirm.getByRole('button', { name: 'Clear history' }).click();
    await page.getByText('History cleared.').waitFor();
    const cleared = await host.app.handlers.getHistory({ span: '30d' });
    expect(cleared.ok && cleared.value.people.count).toBe(0);
  });

  for (const scale of [1, 2])
    for (const scheme of ['light', 'dark'] as const)
      it(`draws each span at ${scale}× in ${scheme}, the nights not followed shaded`, async () => {
        const { dir } = seededDir(e2e.now());
        const host = await e2e.preview({ dataDir: dir, demo: true, demoPast: false, demoOptions: { seed: 7, channels: 16, viewers: 0, churn: 0 } });
        const page = await openPopover(e2e.browser, host.url, { colorScheme: scheme, deviceScaleFactor: scale, locale: 'en-US' });
        await page.getByRole('tab', { name: 'Activity' }).click();
        await page.getByRole('button', { name: 'History' }).click();
        for (const [span, words] of [['24h', '24 hours'], ['7d', '7 days'], ['30d', '30 days']] as const) {
          await page.getByRole('button', { name: words }).click();
          // over 7 and 30 days the peak names its day ("peak 4 today at 9:10 PM"); over 24 hours only a day not today
          await page.getByRole('slider', { name: new RegExp(`^Viewers over the last ${words}: peak \\d+ ${span === '24h' ? '(yesterday )?' : '(today|yesterday) '}at `) }).waitFor();
          expect(await page.locator('.history-gap').count()).toBeGreaterThan(0);
          await screenshot(page, `history-${span}-${scheme}${scale === 2 ? '@2x' : ''}`);
        }
        if (scale === 1) expect(await axeFindings(page)).toEqual([]);
      });

  it('after an hour of following unseen, Watching opens with one line that leads to History and goes once read', async () => {
    const clock = new ManualClock(new Date(e2e.now()).toISOString());
    const host = await e2e.preview({ dataDir: tempDir(), demo: true, demoPast: false, demoOptions: { seed: 7, channels: 16, viewers: 0, churn: 0 }, clock });
    const demo = host.demo!;
    // 10 s at a time: under the event stream's 45 s watchdog, so the app stays connected throughout
    const step = async (ms: number) => {
      for (let done = 0; done < ms; done += 10_000) {
        clock.advance(Math.min(10_000, ms - done));
        await new Promise((resolve) => setTimeout(resolve, 15));
      }
    };
    for (let i = 0; i < 20 && host.app.snapshot().connection.state !== 'live'; i++) await step(1_000);
    const on = demo.controls.listChannels().filter((c) => !c.empty).map((c) => c.number);
    const ana = demo.controls.startSession({ user: 'Ana', channelNumber: on[0] });
    await step(5 * MIN);
    demo.controls.startSession({ user: 'Ben', channelNumber: on[1] });
    await step(5 * MIN);
    demo.controls.endSession(ana.id);
    await step(55 * MIN);
    expect(host.app.snapshot().connection.state).toBe('live');
    const page = await openPopover(e2e.browser, host.url, { colorScheme: 'light', locale: 'en-US', clock, fixedTime: true });
    const line = page.locator('.away-line');
    await line.waitFor();
    expect(await line.textContent()).toMatch(/^2 people watched \d programmes? since (yesterday at )?\d{1,2}:\d{2}\s[AP]M; peak 2 (yesterday )?at \d{1,2}:\d{2}\s[AP]M$/);
    await screenshot(page, 'history-away-light');
    expect(await axeFindings(page)).toEqual([]);
    await line.click();
    // History opens on the line's own range: the same people and peak
    // (the peak names its day where it is not today: an hour that crossed midnight peaked yesterday)
    await page.getByRole('slider', { name: /^Viewers over .+ – .+: peak 2 (yesterday )?at / }).waitFor();
    expect(await page.locator('.history-heading').first().textContent()).toBe('People · 2 people');
    await page.close();
    // read: the next opening has no line
    const again = await openPopover(e2e.browser, host.url, { colorScheme: 'light', locale: 'en-US', clock, fixedTime: true });
    await again.getByRole('tab', { name: 'Watching' }).waitFor();
    await expect.poll(() => host.app.snapshot().history.away).toBeNull();
    expect(await again.locator('.away-line').count()).toBe(0);
  });
});
