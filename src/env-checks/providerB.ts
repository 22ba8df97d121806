/**
 * Start-up checks of the Alipay variables in live mode (public-key mode): one line per problem, naming the
 * variable, what is wrong and what it should look like. Certificate-mode checks belong here too.
 */
import { createPublicKey } from 'node:crypto';
import { isPair, readPrivateKey, readPublicKey, rsaBits } from './pem';

type ProviderBEnv = {
  PROVIDER_B_APP_ID?: string;
  PROVIDER_B_APP_PRIVATE_KEY?: string;
  PROVIDER_B_ALIPAY_PUBLIC_KEY?: string;
};

export const providerBRequiredVariables: (keyof ProviderBEnv)[] = [
  'PROVIDER_B_APP_ID',
  'PROVIDER_B_APP_PRIVATE_KEY',
  'PROVIDER_B_ALIPAY_PUBLIC_KEY',
];

export function providerBLiveProblems(env: ProviderBEnv): string[] {
  const problems: string[] = [];
  for (const name of providerBRequiredVariables)
    if (!env[name]) problems.push(`${name}: required with UPSTREAM_MODE=live`);
  const say = (name: keyof ProviderBEnv, text: string) => problems.push(`${name}: ${text}`);

  if (env.PROVIDER_B_APP_ID && !/^\d{16}$/.test(env.PROVIDER_B_APP_ID))
    say('PROVIDER_B_APP_ID', 'must be the Alipay application id: 16 digits, e.g. 2021001161683774');
  const appKey = env.PROVIDER_B_APP_PRIVATE_KEY ? readPrivateKey(env.PROVIDER_B_APP_PRIVATE_KEY) : undefined;
  if (typeof appKey === 'string')
    say('PROVIDER_B_APP_PRIVATE_KEY', `${appKey}; it is the application private key (RSA2)`);
  else if (appKey && (rsaBits(appKey) ?? 0) < 2048)
    say('PROVIDER_B_APP_PRIVATE_KEY', 'must be an RSA2 key of at least 2048 bits (Alipay signs with RSA2 only)');
  if (env.PROVIDER_B_ALIPAY_PUBLIC_KEY) {
    const alipayKey = readPublicKey(env.PROVIDER_B_ALIPAY_PUBLIC_KEY);
    if (typeof alipayKey === 'string')
      say('PROVIDER_B_ALIPAY_PUBLIC_KEY', `${alipayKey}; it is the "Alipay public key" shown next to the application`);
    else if (appKey && typeof appKey !== 'string' && isPair(appKey, alipayKey))
      say(
        'PROVIDER_B_ALIPAY_PUBLIC_KEY',
        "is the application's own public key: give the Alipay public key (支付宝公钥), not the application public key",
      );
    else if (
      appKey &&
      typeof appKey !== 'string' &&
      createPublicKey(appKey).asymmetricKeyType !== alipayKey.asymmetricKeyType
    )
      say('PROVIDER_B_ALIPAY_PUBLIC_KEY', 'is not an RSA key (Alipay signs with RSA2)');
  }
  return problems;
}
