import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import type { Clock } from '../../src/main/common/clock';
import { e2eClock, pinPageClock } from './e2e-clock';

/**
 * Debian's Chromium driven by Playwright (no browser download). Every page is the popover's size,
 * in light or dark, on the test file's pinned clock (e2e-clock.ts), and every screenshot lands in
 * test-results/screens/ for a person to look at.
 */
const CANDIDATES = [
  process.env.CHROMIUM_PATH,
  '/usr/bin/chromium', // Debian, and CI
  '/usr/bin/chromium-browser',
  '/usr/bin/google-chrome',
  '/Applications/Google Chrome.app/Contents/MacOS/Google Chrome',
  'C:\\Program Files\\Google\\Chrome\\Application\\chrome.exe',
];
/** The browser the end-to-end tests drive: CHROMIUM_PATH, else a Chromium or Chrome where it usually lives. */
export const CHROMIUM = CANDIDATES.find((path): path is string => !!path && existsSync(path)) ?? '/usr/bin/chromium';
const require = createRequire(import.meta.url);
export const POPOVER = { width: 380, height: 560 };
export const SCREENS = join(process.cwd(), 'test-results', 'screens');

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

/** How a test page is made: the popover's size, light or dark, 1× or 2×, an optional locale. */
export interface PageOptions {
  colorScheme?: 'light' | 'dark';
  deviceScaleFactor?: number;
  locale?: string;
  /** Playwright's default timeout for this page's waits (10 s unless told) */
  timeout?: number;
  /** lets a test add a script the page's CSP would refuse (axe through a script tag) */
  bypassCSP?: boolean;
  /** the clock the page reads: the file's pinned clock unless a test drives its own (a ManualClock) */
  clock?: Clock;
  /** a ManualClock's time stands still in the page too (setFixedTime) instead of flowing */
  fixedTime?: boolean;
  /** run before the page exists: init scripts, routes (the clock is installed already) */
  prepare?: (context: BrowserContext) => Promise<void>;
}

/**
 * The one way an end-to-end test gets a page: a new context whose clock is installed before
 * anything loads, so the page, the preview host and the demo read the same instant wherever the
 * suite's start is set (a lint test fails on `newContext(` anywhere else under test/e2e).
 * The page is not navigated: `openPopover` does that, or the test after its own listeners.
 */
export async function newPage(browser: Browser, options: PageOptions = {}): Promise<Page> {
  const context = await browser.newContext({
    viewport: POPOVER,
    colorScheme: options.colorScheme ?? 'light',
    deviceScaleFactor: options.deviceScaleFactor ?? 1,
    reducedMotion: 'reduce',
    ...(options.locale ? { locale: options.locale } : {}),
    ...(options.bypassCSP ? { bypassCSP: true } : {}),
  });
  const clock = options.clock ?? e2eClock;
  if (options.fixedTime) await context.clock.setFixedTime(clock.now());
  else await pinPageClock(context, clock);
  await options.prepare?.(context);
  const page = await context.newPage();
  page.setDefaultTimeout(options.timeout ?? 10_000);
  return page;
}

/** A page on the file's clock, opened at `url` (see newPage). */
export async function openPopover(browser: Browser, url: string, colorScheme: 'light' | 'dark' | PageOptions = 'light', locale?: string): Promise<Page> {
  const options: PageOptions = typeof colorScheme === 'string' ? { colorScheme, ...(locale ? { locale } : {}) } : colorScheme;
  const page = await newPage(browser, options);
  await page.goto(url);
  return page;
}

export async function screenshot(page: Page, name: string): Promise<string> {
  mkdirSync(SCREENS, { recursive: true });
  const path = join(SCREENS, `${name}.png`);
  await page.screenshot({ path });
  return path;
}

/**
 * The page as it is now at 2× (the pixel ratio switched through the DevTools protocol, the page and
 * its state kept): test-results/screens/<name>@2x.png, beside the 1× picture `screenshot` keeps.
 */
export async function screenshot2x(page: Page, name: string): Promise<string> {
  mkdirSync(SCREENS, { recursive: true });
  const path = join(SCREENS, `${name}@2x.png`);
  const cdp = await page.context().newCDPSession(page);
  try {
    await cdp.send('Emulation.setDeviceMetricsOverride', { ...POPOVER, deviceScaleFactor: 2, mobile: false });
    const shot = (await cdp.send('Page.captureScreenshot', { format: 'png' })) as { data: string };
    writeFileSync(path, Buffer.from(shot.data, 'base64'));
  } finally {
    await cdp.detach();
    // the override went with the session: Playwright applies its own 1× again (a change of size forces it)
    await page.setViewportSize({ width: POPOVER.width + 1, height: POPOVER.height });
    await page.setViewportSize(POPOVER);
  }
  return path;
}

/** Reads a JSON endpoint of the preview host. */
export async function getJson<T>(url: string): Promise<T> {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
  return (await response.json()) as T;
}

export interface AxeFinding {
  id: string;
  impact: string | null;
  help: string;
  nodes: string[];
}

/**
 * axe-core's serious and critical findings on the page as it is now. The script goes in through
 * the DevTools protocol (page.evaluate), which the page's CSP does not govern, so the app's own
 * policy stays exactly as shipped.
 */
export async function axeFindings(page: Page): Promise<AxeFinding[]> {
  const source = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');
  await page.evaluate(source);
  return page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (context: Document, options: object) => Promise<{ violations: { id: string; impact: string | null; help: string; nodes: { target: string[] }[] }[] }> } }).axe;
    const result = await axe.run(document, { resultTypes: ['violations'] });
    return result.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => ({ id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.map((n) => n.target.join(' ')) }));
  });
}

/**
 * Elements (the guide aside: it scrolls sideways by design) whose box reaches past the window's
 * right edge, the first 5 as "tag.class"; not one that a box around it, which does fit, cuts with
 * an ellipsis (a chip's long server name: what shows ends in "…" inside the window).
 */
export function overflowing(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>('body *')]
      .filter((el) => {
        if (el.closest('.guide') || el.getBoundingClientRect().right <= window.innerWidth + 1 || el.getClientRects().length === 0) return false;
        for (let up = el.parentElement; up && up !== document.body; up = up.parentElement) {
          const style = getComputedStyle(up);
          if (style.overflowX !== 'visible' && style.textOverflow === 'ellipsis' && up.getBoundingClientRect().right <= window.innerWidth + 1) return false;
        }
        return true;
      })
      .map((el) => `${el.tagName.toLowerCase()}.${el.className}`)
      .slice(0, 5),
  );
}

/** What has keyboard focus: tag, id, class, label (for assertions that focus is somewhere sensible). */
export function focused(page: Page): Promise<{ tag: string; id: string; label: string | null; name: string | null; className: string }> {
  return page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    return {
      tag: el?.tagName.toLowerCase() ?? 'none',
      id: el?.id ?? '',
      label: el?.getAttribute('aria-label') ?? null,
      name: el?.getAttribute('name') ?? null,
      className: el?.className && typeof el.className === 'string' ? el.className : '',
    };
  });
}

/**
 * The page as it is now in light and dark, at 1x and 2x (the pixel ratio switched through the
 * DevTools protocol, so the page and its state stay as they are): test-results/screens/<name>-<scheme>@<n>x.png.
 */
export async function shots(page: Page, name: string): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  try {
    for (const deviceScaleFactor of [1, 2]) {
      await cdp.send('Emulation.setDeviceMetricsOverride', { width: 380, height: 560, deviceScaleFactor, mobile: false });
      for (const colorScheme of ['light', 'dark'] as const) {
        await page.emulateMedia({ colorScheme });
        // captured through the same session, at the device pixels it set (Playwright's own screenshot would reset them)
        const shot = (await cdp.send('Page.captureScreenshot', { format: 'png' })) as { data: string };
        mkdirSync(SCREENS, { recursive: true });
        writeFileSync(join(SCREENS, `${name}-${colorScheme}@${deviceScaleFactor}x.png`), Buffer.from(shot.data, 'base64'));
      }
    }
  } finally {
    await cdp.detach();
    // the overrides went with the session: Playwright applies its own again (a change of size forces it)
    await page.setViewportSize({ width: 381, height: 560 });
    await page.setViewportSize({ width: 380, height: 560 });
    await page.emulateMedia({ colorScheme: 'light' });
  }
}
