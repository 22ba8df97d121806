/**
 * Start-up checks of the Alipay variables in live mode: one line per problem, naming the variable, what is wrong
 * and what it should look like. Public-key mode is checked here in full. Certificate mode (set by any
 * PROVIDER_B_*_CERT) is checked here for presence; that the certificates chain, match the key and are in date
 * is checked by the composition root (src/server/upstreams/validate-provider-b.ts), which reads them with the
 * protocol code that computes their serials.
 */
import { createPublicKey } from 'node:crypto';
import { isPair, readPrivateKey, readPublicKey, rsaBits } from './pem';
import { PemSettingError, readPemSetting } from './pem-setting';

type ProviderBEnv = {
  PROVIDER_B_APP_ID?: string;
  PROVIDER_B_APP_PRIVATE_KEY?: string;
  PROVIDER_B_ALIPAY_PUBLIC_KEY?: string;
  PROVIDER_B_APP_CERT?: string;
  PROVIDER_B_ALIPAY_ROOT_CERT?: string;
  PROVIDER_B_ALIPAY_CERT?: string;
};

const certificateVariables = ['PROVIDER_B_APP_CERT', 'PROVIDER_B_ALIPAY_ROOT_CERT', 'PROVIDER_B_ALIPAY_CERT'] as const;

/** Alipay's certificate mode: chosen by giving its certificates instead of the Alipay public key. */
export const providerBCertificateMode = (env: ProviderBEnv) => certificateVariables.some((name) => env[name]);

export function providerBLiveProblems(env: ProviderBEnv): string[] {
  const problems: string[] = [];
  const certificateMode = providerBCertificateMode(env);
  for (const name of ['PROVIDER_B_APP_ID', 'PROVIDER_B_APP_PRIVATE_KEY'] as const)
    if (!env[name]) problems.push(`${name}: required with UPSTREAM_MODE=live`);
  if (certificateMode) {
    for (const name of certificateVariables)
      if (!env[name]) problems.push(`${name}: required in Alipay certificate mode (another PROVIDER_B_*_CERT is set)`);
  } else if (!env.PROVIDER_B_ALIPAY_PUBLIC_KEY) {
    problems.push(
      'PROVIDER_B_ALIPAY_PUBLIC_KEY: required with UPSTREAM_MODE=live (or certificate mode: PROVIDER_B_APP_CERT, PROVIDER_B_ALIPAY_ROOT_CERT, PROVIDER_B_ALIPAY_CERT)',
    );
  }
  const say = (name: keyof ProviderBEnv, text: string) => problems.push(`${name}: ${text}`);
  // A key may be given as its PEM text or as the path of the file Alipay's tool wrote.
  const setting = (name: 'PROVIDER_B_APP_PRIVATE_KEY' | 'PROVIDER_B_ALIPAY_PUBLIC_KEY') => {
    const value = env[name];
    if (!value) return undefined;
    try {
      return readPemSetting(name, value);
    } catch (error) {
      if (!(error instanceof PemSettingError)) throw error;
      problems.push(error.message);
      return undefined;
    }
  };
  const appKeyText = setting('PROVIDER_B_APP_PRIVATE_KEY');
  const alipayKeyText = certificateMode ? undefined : setting('PROVIDER_B_ALIPAY_PUBLIC_KEY');

  if (env.PROVIDER_B_APP_ID && !/^\d{16}$/.test(env.PROVIDER_B_APP_ID))
    say('PROVIDER_B_APP_ID', 'must be the Alipay application id: 16 digits, e.g. 2021001161683774');
  const appKey = appKeyText ? readPrivateKey(appKeyText) : undefined;
  if (typeof appKey === 'string')
    say('PROVIDER_B_APP_PRIVATE_KEY', `${appKey}; it is the application private key (RSA2)`);
  else if (appKey && (rsaBits(appKey) ?? 0) < 2048)
    say('PROVIDER_B_APP_PRIVATE_KEY', 'must be an RSA2 key of at least 2048 bits (Alipay signs with RSA2 only)');
  if (alipayKeyText) {
    const alipayKey = readPublicKey(alipayKeyText);
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
