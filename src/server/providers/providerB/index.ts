export { createProviderBClient } from './client';
export type { ProviderBClient, ProviderBClientOptions } from './client';
export * from './gateway';
export * from './zft';
export * from './mini';
