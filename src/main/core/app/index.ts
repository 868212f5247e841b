/**
 * The core's application object and the ports it asks of a host: everything `core/app` exported
 * before it became a folder, so hosts and tests import it from the same place.
 */
export { AppController } from './controller';
export { NOTIFICATION_HISTORY } from '../viewers/notifications';
export type { AppOptions, DemoHandle, HostPort } from './ports';
