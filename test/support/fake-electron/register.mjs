// `node --import ./test/support/fake-electron/register.mjs out/main/index.js` runs the built main
// bundle under plain Node with `electron` resolved to the strict fake next to this file, fires
// `ready`, lets the app settle, checks what its page URL serves, quits the app the way Electron
// does, and prints a report (one JSON line prefixed with FAKE_ELECTRON_REPORT) for the boot smoke
// test to read: what was registered, and what was still registered after the quit.
// FAKE_ELECTRON_PLATFORM makes the app see another platform; FAKE_ELECTRON_FAIL makes one API throw.
import { register } from 'node:module';
import { app, fake, protocol, report } from './electron.mjs';

register('./hooks.mjs', import.meta.url);

if (process.env.FAKE_ELECTRON_PLATFORM) {
  Object.defineProperty(process, 'platform', { value: process.env.FAKE_ELECTRON_PLATFORM });
  report.platform = process.env.FAKE_ELECTRON_PLATFORM;
}
// In a boot run, app.exit() really ends the process (as Electron's does).
fake.exitProcess = true;

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
app.once('ready', async () => {
  clearTimeout(neverReady);
  // Let the launch settle: until the tray and the page exist (or the app exited), bounded, then a
  // little longer for what starts after them. A loaded machine can take well over a second.
  const settleBy = Date.now() + 10_000;
  const launched = () => (report.trays.length > 0 && report.loaded.length > 0) || report.exitCode !== null;
  while (!launched() && Date.now() < settleBy) await new Promise((resolve) => setTimeout(resolve, 20));
  await new Promise((resolve) => setTimeout(resolve, 400));
  if (report.exitCode !== null) return; // app.exit() ends the process
  // What each loaded page URL resolves to through the app's own protocol handler.
  report.pages = [];
  for (const url of report.loaded) {
    const response = await protocol.request(url).catch((error) => ({ status: `error: ${error.message}` }));
    const text = response?.text ? await response.text() : '';
    report.pages.push({ url, status: response?.status ?? null, html: /<div id="app">/.test(text), csp: response?.headers?.get?.('content-security-policy') ?? null });
  }
  // Quit as the tray menu's Quit does, then wait (bounded) for the app to really quit.
  app.quit();
  const quitBy = Date.now() + 5000;
  while (!report.quit && Date.now() < quitBy) await new Promise((resolve) => setTimeout(resolve, 20));
  if (!report.quit) violation('the app did not quit within 5 s of app.quit()');
  report.leftovers = fake.leftovers();
  process.exit(0);
});
