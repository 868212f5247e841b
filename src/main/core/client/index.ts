export { AirwaveClient, DEFAULT_LIMITS, isMissingResource, isMissingRoute, type AuthStyle, type Artwork, type CallOptions, type ClientOptions, type Limits } from './client';
export { ApiError, isApiError, type ApiErrorKind } from './errors';
export { DEFAULT_TIMEOUTS, type Timeouts } from './http';
export { DEFAULT_GOVERNOR, RequestGovernor, type GovernorPolicy } from './governor';
