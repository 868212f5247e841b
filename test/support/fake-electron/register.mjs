// `node --import ./test/support/fake-electron/register.mjs out/main/index.js` runs the built main
// bundle under plain Node with `electron` resolved to the strict fake next to this file, fires
// `ready`, lets the app settle, checks what its page URL serves, and prints a report (one JSON
// line prefixed with FAKE_ELECTRON_REPORT) for the boot smoke test to read.
import { register } from 'node:module';
import { app, protocol, report } from './electron.mjs';

register('./hooks.mjs', import.meta.url);

const violation = (text) => report.violations.push(text);
process.on('exit', () => {
  process.stdout.write(`\nFAKE_ELECTRON_REPORT ${JSON.stringify(report)}\n`);
});
process.on('uncaughtException', (error) => {
  violation(`uncaught exception: ${error?.stack ?? error}`);
  process.exit(1);
});
process.on('unhandledRejection', (error) => {
  violation(`unhandled rejection: ${error?.stack ?? error}`);
  process.exit(1);
});

// Like Electron, `ready` fires only after the main script has run and asked for it (see the fake's
// whenReady); waiting for the event here does not start it early.
const neverReady = setTimeout(() => {
  violation('the app never waited for ready');
  process.exit(1);
}, 5000);
app.once('ready', () =>
  setTimeout(async () => {
    clearTimeout(neverReady);
    // What each loaded page URL resolves to through the app's own protocol handler.
    report.pages = [];
    for (const url of report.loaded) {
      const response = await protocol.request(url).catch((error) => ({ status: `error: ${error.message}` }));
      const text = response?.text ? await response.text() : '';
      report.pages.push({ url, status: response?.status ?? null, html: /<div id="app">/.test(text) });
    }
    process.exit(0);
  }, 600),
);
