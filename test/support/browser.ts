import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { pinPageClock } from './e2e-clock';

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

export async function openPopover(browser: Browser, url: string, colorScheme: 'light' | 'dark' = 'light', locale?: string): Promise<Page> {
  const context = await browser.newContext({ viewport: POPOVER, colorScheme, reducedMotion: 'reduce', ...(locale ? { locale } : {}) });
  await pinPageClock(context);
  const page = await context.newPage();
  page.setDefaultTimeout(10_000);
  await page.goto(url);
  return page;
}

export async function screenshot(page: Page, name: string): Promise<string> {
  mkdirSync(SCREENS, { recursive: true });
  const path = join(SCREENS, `${name}.png`);
  await page.screenshot({ path });
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
