/// <reference lib="dom" />
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ActivityEntry } from '../../src/shared/bridge';
import { axeFindings, openPopover, screenshot } from '../support/browser';
import { useTempDirs } from '../support/temp-dirs';
import { e2eSetup, poll } from './setup';

// The Activity log: today and yesterday, newest first, filtered by viewer, entries noticed after
// a reconnect marked "while away", and new entries appearing as the demo's viewers come and go.
const e2e = e2eSetup();
const tempDir = useTempDirs('airwave-activity-e2e');

const NAMES: Record<number, string> = { 101: '90s Sitcoms', 103: 'Drama Room', 104: 'Cartoon Corner', 105: 'Sports Desk' };
const entry = (at: number, kind: ActivityEntry['kind'], user: string, channelNumber: number, extra: Partial<ActivityEntry> = {}): ActivityEntry => ({
  at,
  kind,
  user,
  device: 'Living Room TV',
  channelNumber,
  channelName: NAMES[channelNumber] ?? null,
  fromChannelNumber: null,
  fromChannelName: null,
  watching: null,
  whileAway: false,
  ...extra,
});

/** A log written before the app starts: two people today (one change noticed while away), one yesterday. */
function seededDir(): string {
  const dir = tempDir();
  const midnight = new Date(e2e.now());
  midnight.setHours(0, 0, 0, 0);
  const today = Math.max(midnight.getTime() + 60_000, e2e.now() - 3 * 3_600_000);
  const lines = [
    entry(midnight.getTime() - 3 * 3_600_000, 'started', 'Yuki', 105, { watching: 'Matchday Live' }),
    entry(today, 'started', 'Ana', 101, { watching: 'Parks & Rivalries' }),
    entry(today + 60_000, 'started', 'Ben', 103),
    entry(today + 120_000, 'changed', 'Ana', 104, { fromChannelNumber: 101, fromChannelName: '90s Sitcoms', whileAway: true }),
    entry(today + 180_000, 'stopped', 'Ben', 103),
  ];
  writeFileSync(join(dir, 'activity.jsonl'), lines.map((line) => JSON.stringify(line)).join('\n') + '\n');
  return dir;
}

describe('the activity log', () => {
  it.each(['light', 'dark'] as const)('shows today and yesterday newest first, filters by viewer, marks what happened while away (%s)', async (scheme) => {
    const host = await e2e.preview({ dataDir: seededDir(), demo: true, demoOptions: { seed: 7, channels: 16, viewers: 0, churn: 0 } });
    const page = await openPopover(e2e.browser, host.url, scheme, 'en-GB');
    await page.getByRole('tab', { name: 'Activity' }).click();
    await page.getByRole('button', { name: 'Log' }).click();
    const list = page.getByRole('list', { name: '4 entries' });
    await list.waitFor();
    const lines = await list.locator('li').allTextContents();
    expect(lines[0]).toMatch(/Ben stopped watching 103 Drama Room/);
    expect(lines[1]).toMatch(/Ana changed from 101 90s Sitcoms to 104 Cartoon Corner.*while away/);
    expect(lines[3]).toMatch(/Ana started watching 101 90s Sitcoms/);
    expect(await list.locator('.tag-away').count()).toBe(1);
    expect(await axeFindings(page)).toEqual([]);
    await screenshot(page, `features-activity-${scheme}`);

    // one viewer only
    const viewer = page.getByLabel('Viewer');
    expect(await viewer.locator('option').allTextContents()).toEqual(['Everyone', 'Ana', 'Ben']);
    await viewer.selectOption('Ana');
    await page.getByRole('list', { name: '2 entries' }).waitFor();
    expect(await page.locator('.log-line').allTextContents()).toEqual([expect.stringMatching(/^\d{1,2}:\d\dAna changed/), expect.stringMatching(/^\d{1,2}:\d\dAna started/)]);

    // yesterday, where Ana has nothing: the filter stays so it can be cleared
    await page.getByRole('button', { name: 'Yesterday' }).click();
    await page.getByText('Nothing logged yesterday').waitFor();
    await viewer.selectOption('');
    const yesterday = page.getByRole('list', { name: '1 entry' });
    await yesterday.waitFor();
    expect(await yesterday.textContent()).toMatch(/Yuki started watching 105 Sports Desk/);
    expect(await axeFindings(page)).toEqual([]);
  });

  it('adds what the demo viewers do while the view is open', async () => {
    const host = await e2e.preview({ demo: true, demoOptions: { seed: 7, channels: 16, viewers: 0, churn: 0 } });
    const page = await openPopover(e2e.browser, host.url);
    await page.getByRole('tab', { name: 'Activity' }).click();
    await page.getByRole('button', { name: 'Log' }).click();
    await page.getByText('Nothing logged today').waitFor();
    await poll(() => host.app.snapshot().nowPlaying.updatedAt !== null).toBe(true); // the baseline: nobody watching
    const session = host.demo!.controls.startSession({ user: 'Pia', channelNumber: 102 });
    await page.getByRole('list', { name: '1 entry' }).waitFor();
    expect(await page.locator('.log-line').first().textContent()).toMatch(/Pia started watching 102/);
    host.demo!.controls.tune(session.id, 105);
    await page.getByRole('list', { name: '2 entries' }).waitFor();
    expect(await page.locator('.log-line').first().textContent()).toMatch(/Pia changed from 102 .* to 105 /);
  });
});
