// The demo Airwave server: see server.ts (the wiring) and the modules it names. `npm run demo-server` runs cli.ts.
export { startDemoServer, type DemoOptions, type DemoServer } from './server';
export type { DemoControls } from './controls';
export type { DemoProfileName } from './profile';
export type { CompactEventData, StartInput } from './sessions';
