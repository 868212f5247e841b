/**
 * The core's application object and the ports it asks of a host: everything `core/app` exported
 * before it became a folder, so hosts and tests import it from the same place.
 */
export { AppController, NOTIFICATION_HISTORY, type AppOptions, type DemoHandle, type HostPort } from './controller';
