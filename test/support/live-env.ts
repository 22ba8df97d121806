import fs from 'node:fs';
import path from 'node:path';

const key = (provider: 'providerA' | 'providerB', name: string) =>
  fs.readFileSync(path.join(process.cwd(), 'test/fixtures/upstream-keys', provider, name), 'utf8');

/**
 * Live-mode variables that pass the start-up checks (src/env-checks): well-formed ids and the published test
 * keys, pointing at no real host. For tests of live-mode behaviour that is not about the credentials themselves.
 */
export function validLiveEnv(): Record<string, string> {
  return {
    UPSTREAM_MODE: 'live',
    SESSION_SECRET: 'x'.repeat(40),
    DATA_ENCRYPTION_KEY: `k1:${Buffer.alloc(32, 7).toString('base64')}`,
    PROVIDER_A_MCH_ID: '1900013511',
    PROVIDER_A_MERCHANT_SERIAL_NO: '5157F09EFDC096DE15EBE81A47057A7232F1B8E1',
    PROVIDER_A_MERCHANT_PRIVATE_KEY: key('providerA', 'merchant-apiclient-key.pem'),
    PROVIDER_A_PLATFORM_PUBLIC_KEY_ID: 'PUB_KEY_ID_0114232134912410000000000000',
    PROVIDER_A_PLATFORM_PUBLIC_KEY: key('providerA', 'platform-public-key.pem'),
    PROVIDER_A_COMPONENT_APPID: 'wx0123456789abcdef',
    PROVIDER_A_COMPONENT_SECRET: '0123456789abcdef0123456789abcdef',
    PROVIDER_A_COMPONENT_TOKEN: 'token',
    PROVIDER_A_COMPONENT_AES_KEY: 'a'.repeat(43),
    PROVIDER_B_APP_ID: '2021001161683774',
    PROVIDER_B_APP_PRIVATE_KEY: key('providerB', 'app-private-key.pem'),
    PROVIDER_B_ALIPAY_PUBLIC_KEY: key('providerB', 'alipay-public-key.pem'),
  };
}
