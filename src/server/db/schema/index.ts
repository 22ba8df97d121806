export * from './platforms';
export * from './api-keys';
export * from './operators';
export * from './sub-merchants';
export * from './outbox';
export * from './sandbox';
export * from './media';
export * from './events';
