/** The Airwave API client as the rest of the core sees it: the client, its errors, its timeouts and the governor's defaults. */
export { AirwaveClient, isMissingResource, isMissingRoute, type AuthStyle, type Artwork, type CallOptions, type ClientOptions } from './client';
export { ApiError, isApiError, type ApiErrorKind } from './errors';
export type { Timeouts } from './http';
export { DEFAULT_GOVERNOR } from './governor';
