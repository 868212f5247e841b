import { defineConfig } from 'vitest/config';

// Projects split by what a test talks to: pure units, and integration tests over real HTTP on
// loopback (demo server, small fault servers). Every test runs on Node; the renderer's tests run
// in Chromium through Playwright, outside vitest.
export default defineConfig({
  test: {
    reporters: process.env.CI ? ['default', 'json'] : ['default'],
    outputFile: { json: 'test-results/vitest.json' },
    projects: [
      {
        test: {
          name: 'unit',
          include: ['test/unit/**/*.test.ts'],
          environment: 'node',
          // the words: English, as the app's main process starts (test/support/i18n-english.ts)
          setupFiles: ['test/support/i18n-english.ts'],
          // electron-store imports `electron` itself; inlining it lets the adapter tests' mock reach it
          server: { deps: { inline: ['electron-store'] } },
        },
      },
      {
        test: {
          name: 'integration',
          include: ['test/integration/**/*.test.ts'],
          environment: 'node',
          // the words: English, as the app's main process starts (test/support/i18n-english.ts)
          setupFiles: ['test/support/i18n-english.ts'],
          // some read the built app: out/ is rebuilt first when a source is newer
          globalSetup: ['test/support/fresh-build.ts'],
          testTimeout: 20_000,
          // a shared 2-core machine: vitest's default of 1 s for expect.poll is too short under load
          expect: { poll: { timeout: 10_000, interval: 100 } },
        },
      },
      {
        // The popover in Debian's Chromium (Playwright), against the preview host on loopback.
        test: {
          name: 'e2e',
          include: ['test/e2e/**/*.test.ts'],
          environment: 'node',
          // the words: English, as the app's main process starts (test/support/i18n-english.ts)
          setupFiles: ['test/support/i18n-english.ts'],
          // the start instant first: its line (and the seed that reproduces it) is the run's first
          globalSetup: ['test/support/e2e-start-setup.ts', 'test/support/fresh-build.ts'],
          testTimeout: 60_000,
          hookTimeout: 60_000,
          fileParallelism: false,
          expect: { poll: { timeout: 10_000, interval: 100 } },
        },
      },
    ],
  },
});
