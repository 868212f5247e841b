/// <reference lib="dom" />
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { axeFindings, getJson, openPopover, screenshot } from '../support/browser';
import { ManualClock } from '../support/manual-clock';
import { e2eSetup, poll } from './setup';

// History to explore (issue 45), on "Try the demo": the demo opens on a week of its household,
// whose Top shows hold no break; a person's page from the People list; any range (this month,
// this year, chosen dates); the weekly digest in Settings → History and its notification opening
// History on that week. Screens in light and dark, English and German, each looked at.

const e2e = e2eSetup();
const DEMO = { seed: 7, channels: 16, viewers: 0, churn: 0, profile: 'airwave' } as const;

const WORDS = {
  en: { activity: 'Activity', history: 'History', week: '7 days', people: /^People/, back: '‹ Back to History', month: 'This month', year: 'This year', dates: 'Dates…', from: 'From', settings: 'Settings', digest: 'Send a weekly digest of History', overYear: /^Viewers over this year: peak \d+ (today|yesterday|on .+) at /, overMonth: /^Viewers over this month/, overDates: /^Viewers over .+ – Today/, export: 'Export CSV' },
  de: { activity: 'Aktivität', history: 'Verlauf', week: '7 Tage', people: /^Personen/, back: '‹ Zurück zum Verlauf', month: 'Dieser Monat', year: 'Dieses Jahr', dates: 'Datum…', from: 'Von', settings: 'Einstellungen', digest: 'Wöchentliche Zusammenfassung des Verlaufs senden', overYear: /^Zuschauer in diesem Jahr: Spitzenwert \d+ Zuschauer (heute|gestern|am .+) um /, overMonth: /^Zuschauer in diesem Monat/, overDates: /^Zuschauer im Zeitraum .+ – Heute/, export: 'Als CSV exportieren' },
} as const;

async function openHistory(page: Page, w: (typeof WORDS)[keyof typeof WORDS]): Promise<void> {
  await page.getByRole('tab', { name: w.activity }).click();
  await page.getByRole('button', { name: w.history, exact: true }).click();
  await page.locator('.history-chart').waitFor();
}

describe('History to explore', () => {
  for (const locale of ['en', 'de'] as const)
    for (const scheme of ['light', 'dark'] as const)
      it(`opens the demo on a week of its household: no break in Top shows, a person's page, in ${locale} (${scheme})`, async () => {
        const w = WORDS[locale];
        const host = await e2e.preview({ demo: true, demoOptions: DEMO, languages: [locale === 'en' ? 'en-US' : 'de-DE'] });
        await poll(() => host.app.snapshot().history.ready).toBe(true);
        const page = await openPopover(e2e.browser, host.url, { colorScheme: scheme, locale: locale === 'en' ? 'en-US' : 'de-DE' });
        await openHistory(page, w);
        await page.getByRole('button', { name: w.week, exact: true }).click();
        await poll(() => page.locator('.history-heading').first().textContent()).toMatch(w.people);
        // the demo's made-up week says so
        await page.locator('.history-demo').waitFor();
        // Top shows and films: programmes, never a break
        const lists = page.locator('.history-list');
        const shows = await lists.nth(2).locator('.history-name').allTextContents();
        expect(shows.length).toBeGreaterThan(2);
        expect(shows.filter((name) => /Up next/i.test(name))).toEqual([]);
        await screenshot(page, `history-demo-7d-${locale}-${scheme}`);
        if (scheme === 'light') expect(await axeFindings(page)).toEqual([]);

        // a person's page from the People list
        const first = page.locator('.history-person').first();
        const name = (await first.textContent())!.trim();
        await first.click();
        const heading = page.getByRole('heading', { level: 2, name });
        await heading.waitFor();
        await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('history-person-title');
        const chart = page.getByRole('slider', { name: new RegExp(name) });
        await chart.waitFor();
        // their devices are listed (the demo household watches on two each)
        await poll(() => page.locator('.history-heading').allTextContents()).toContain(locale === 'en' ? 'Devices' : 'Geräte');
        await chart.focus();
        await page.keyboard.press('End');
        await poll(() => chart.getAttribute('aria-valuetext')).toMatch(/: /);
        await screenshot(page, `history-person-${locale}-${scheme}`);
        if (scheme === 'light') expect(await axeFindings(page)).toEqual([]);
        await page.getByRole('button', { name: w.back }).click();
        await page.getByRole('button', { name: w.week, exact: true }).waitFor();
        await page.close();
      });

  for (const locale of ['en', 'de'] as const)
    for (const scheme of ['light', 'dark'] as const)
      it(`draws any range: this month and this year by the day, chosen dates, and exports that range (${locale}, ${scheme})`, async () => {
        const w = WORDS[locale];
        const tag = locale === 'en' ? 'en-US' : 'de-DE';
        const host = await e2e.preview({ demo: true, demoOptions: DEMO, languages: [tag] });
        await poll(() => host.app.snapshot().history.ready).toBe(true);
        const page = await openPopover(e2e.browser, host.url, { colorScheme: scheme, locale: tag });
        await openHistory(page, w);
        await page.getByRole('button', { name: w.year, exact: true }).click();
        await page.getByRole('slider', { name: w.overYear }).waitFor();
        await screenshot(page, `history-year-${locale}-${scheme}`);
        await page.getByRole('button', { name: w.month, exact: true }).click();
        await page.getByRole('slider', { name: w.overMonth }).waitFor();
        // chosen dates: the last week by default, then from a day of one's own
        await page.getByRole('button', { name: w.dates, exact: true }).click();
        const from = page.getByLabel(w.from, { exact: true });
        await from.waitFor();
        const day = new Date(e2e.now() - 3 * 86_400_000);
        const text = `${day.getFullYear()}-${String(day.getMonth() + 1).padStart(2, '0')}-${String(day.getDate()).padStart(2, '0')}`;
        await from.fill(text);
        await poll(() => page.locator('.history-chart').getAttribute('aria-label')).toMatch(w.overDates);
        await screenshot(page, `history-dates-${locale}-${scheme}`);
        if (scheme === 'light') expect(await axeFindings(page)).toEqual([]);
        const download = page.waitForEvent('download');
        await page.getByRole('button', { name: w.export }).click();
        const file = await download;
        expect(file.suggestedFilename()).toMatch(new RegExp(`^airwave-history-${text}-to-\\d{4}-\\d{2}-\\d{2}\\.csv$`));
        const csv = readFileSync((await file.path())!, 'utf8');
        expect(csv.startsWith('\uFEFFserver,person,device,channel,programme,start,end,minutes\r\n')).toBe(true);
        expect(csv).not.toMatch(/Up next/);
        await page.close();
      });

  for (const locale of ['en', 'de'] as const)
    it(`turns the weekly digest on in Settings → History; it opens History on last week (${locale})`, async () => {
      const w = WORDS[locale];
      const clock = new ManualClock(new Date(e2e.now()).toISOString());
      const host = await e2e.preview({ demo: true, demoOptions: DEMO, clock, languages: [locale === 'en' ? 'en-US' : 'de-DE'] });
      // 10 s at a time: under the event stream's watchdog, so the app stays connected
      const step = async (ms: number) => {
        for (let done = 0; done < ms; done += 10_000) {
          clock.advance(Math.min(10_000, ms - done));
          await new Promise((resolve) => setTimeout(resolve, 15));
        }
      };
      for (let i = 0; i < 40 && !host.app.snapshot().history.ready; i++) await step(1_000);
      expect(host.app.snapshot().history.ready).toBe(true);
      for (const scheme of ['light', 'dark'] as const) {
        const page = await openPopover(e2e.browser, host.url, { colorScheme: scheme, locale: locale === 'en' ? 'en-US' : 'de-DE', clock, fixedTime: true });
        await page.getByRole('button', { name: w.settings }).click();
        const toggle = page.getByLabel(w.digest);
        await toggle.waitFor();
        if (!(await toggle.isChecked())) await toggle.check();
        await poll(() => host.app.snapshot().history.digest.enabled).toBe(true);
        await page.locator('#settings-history').scrollIntoViewIfNeeded();
        await screenshot(page, `history-settings-digest-${locale}-${scheme}`);
        if (scheme === 'light') expect(await axeFindings(page)).toEqual([]);
        await page.close();
      }
      // due at the next whole hour, today
      const next = new Date(clock.now());
      next.setMinutes(60, 0, 0);
      await host.app.handlers.setHistoryDigest({ enabled: true, weekday: next.getDay(), hour: next.getHours() });
      await step(next.getTime() - clock.now() + 10_000);
      const notes = await getJson<{ title: string; body: string; id: string }[]>(`${host.url}/__preview/notifications`);
      const digest = notes.filter((n) => /Last week on|Letzte Woche auf/.test(n.title));
      expect(digest).toHaveLength(1);
      expect(digest[0]!.title).toMatch(locale === 'en' ? /^Last week on Airwave Demo$/ : /^Letzte Woche auf Airwave Demo$/);
      // followed time at the week's scale, as History says it ("von 7 Tagen": the days in the case German's "von" asks)
      expect(digest[0]!.body).toMatch(locale === 'en' ? /watched by \d+ (people|person).*Followed .+ of 7 days\.$/ : /^\d+ (Person hat|Personen haben) .+ zugeschaut.*Erfasst: .+ von 7 Tagen\.$/);
      // its click opens History on that week
      const page = await openPopover(e2e.browser, host.url, { colorScheme: 'light', locale: locale === 'en' ? 'en-US' : 'de-DE', clock, fixedTime: true });
      await page.getByRole('tab', { name: w.activity }).waitFor();
      host.app.notificationAction(digest[0]!.id, 'click');
      await page.locator('.history-chart').waitFor();
      await poll(() => page.locator('.history-chart').getAttribute('aria-label')).toMatch(/ – /);
      await screenshot(page, `history-digest-week-${locale}-light`);
      await page.close();
    });
});
