// The server contract: a type plus a runtime parser per response family of the Airwave public API.
export * from './schema';
export * from './common';
export * from './server';
export * from './sessions';
export * from './guide';
export * from './channels';
export * from './errors';
export * from './events';
export * from './artwork';
export * from './stages';
export * from './identity';
export * from './webhooks';
