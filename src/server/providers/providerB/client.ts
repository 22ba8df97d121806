import { createProviderBGateway, type ProviderBGateway, type ProviderBGatewayOptions } from './gateway/gateway-client';
import { loadPublicKey } from '@/protocols/providerB/gateway/keys';
import { createZftClient, type ZftClient } from './zft/zft-client';
import type { ZftDefaults } from './zft/zft-biz-content';
import { parseZftNotification, type ZftResultNotification } from './zft/zft-notification';

export interface ProviderBClientOptions extends ProviderBGatewayOptions {
  zftDefaults?: ZftDefaults;
}

export interface ProviderBClient extends ZftClient {
  /** The generic gateway, for callers that add other methods (mini programs). */
  readonly gateway: ProviderBGateway;
  parseZftNotification(rawBody: string | URLSearchParams): ZftResultNotification;
}

/**
 * providerB (Alipay Open Platform, legacy gateway, public-key or certificate mode). The same code serves
 * live and sandbox: only `baseUrl` and keys differ.
 */
export function createProviderBClient(options: ProviderBClientOptions): ProviderBClient {
  const gateway = createProviderBGateway(options);
  const alipayKey = loadPublicKey(options.alipayPublicKeyPem);
  return {
    gateway,
    ...createZftClient(gateway, options.zftDefaults),
    parseZftNotification: (rawBody) => parseZftNotification(rawBody, alipayKey),
  };
}
