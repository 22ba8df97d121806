/** The upstreams the service onboards with: WeChat Pay / WeChat Open Platform, and Alipay. */
export const providers = ['providerA', 'providerB'] as const;
export type Provider = (typeof providers)[number];
