/**
 * The core's application object and the options it is built with: what hosts and tests import.
 */
export { AppController } from './controller';
export type { AppOptions, DemoHandle } from './ports';
