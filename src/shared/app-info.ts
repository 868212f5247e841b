/** Kept equal to package.json's name/version by a unit test; used in the User-Agent and the UI. */
export const APP_NAME = 'Airwave Tray';
export const APP_VERSION = '0.1.0';
export const USER_AGENT = `AirwaveTray/${APP_VERSION}`;
