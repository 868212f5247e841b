import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';

/**
 * Debian's Chromium driven by Playwright (no browser download). Every page is the popover's size,
 * in light or dark, and every screenshot lands in test-results/screens/ for a person to look at.
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

export async function openPopover(browser: Browser, url: string, colorScheme: 'light' | 'dark' = 'light'): Promise<Page> {
  const context = await browser.newContext({ viewport: POPOVER, colorScheme, reducedMotion: 'reduce' });
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
