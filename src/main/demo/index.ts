// The demo Airwave server: see server.ts. `npm run demo-server` runs cli.ts.
export { startDemoServer, demoKey, DEMO_VERSION, type DemoOptions, type DemoControls, type DemoServer } from './server';
export { BLOCK_MS } from './schedule';
export { ARTWORK_SIZES } from './artwork';
