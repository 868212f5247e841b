// `node --import ./test/support/fake-electron/register.mjs out/main/index.js` runs the built main
// bundle under plain Node with `electron` resolved to the strict fake next to this file.
import { register } from 'node:module';

register('./hooks.mjs', import.meta.url);
