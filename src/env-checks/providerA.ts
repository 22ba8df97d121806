/**
 * Start-up checks of the WeChat variables in live mode (docs/configuration.md "Live mode"): each problem is one
 * line naming the variable, what is wrong and what it should look like. Only what can be known without calling
 * WeChat; `npm run cli -- doctor` proves the rest with a signed call.
 */
import type { KeyObject } from 'node:crypto';
import { isPair, readCertificate, readPrivateKey, readPublicKey, rsaBits } from './pem';

export const PROVIDER_A_PAY_VERIFY_MODES = ['public_key', 'platform_certificate', 'both'] as const;
export type ProviderAPayVerifyMode = (typeof PROVIDER_A_PAY_VERIFY_MODES)[number];

type ProviderAEnv = {
  PROVIDER_A_PAY_VERIFY_MODE: ProviderAPayVerifyMode;
  PROVIDER_A_MCH_ID?: string;
  PROVIDER_A_MERCHANT_SERIAL_NO?: string;
  PROVIDER_A_MERCHANT_PRIVATE_KEY?: string;
  PROVIDER_A_MERCHANT_CERTIFICATE?: string;
  PROVIDER_A_PLATFORM_PUBLIC_KEY_ID?: string;
  PROVIDER_A_PLATFORM_PUBLIC_KEY?: string;
  PROVIDER_A_APIV3_KEY?: string;
  PROVIDER_A_COMPONENT_APPID?: string;
  PROVIDER_A_COMPONENT_SECRET?: string;
  PROVIDER_A_COMPONENT_TOKEN?: string;
  PROVIDER_A_COMPONENT_AES_KEY?: string;
};

/** The variables a mode needs (the merchant certificate is optional: given, it is checked against the key). */
export function providerARequiredVariables(mode: ProviderAPayVerifyMode): (keyof ProviderAEnv)[] {
  return [
    'PROVIDER_A_MCH_ID',
    'PROVIDER_A_MERCHANT_SERIAL_NO',
    'PROVIDER_A_MERCHANT_PRIVATE_KEY',
    ...(mode === 'platform_certificate'
      ? []
      : (['PROVIDER_A_PLATFORM_PUBLIC_KEY_ID', 'PROVIDER_A_PLATFORM_PUBLIC_KEY'] as const)),
    ...(mode === 'public_key' ? [] : (['PROVIDER_A_APIV3_KEY'] as const)),
    'PROVIDER_A_COMPONENT_APPID',
    'PROVIDER_A_COMPONENT_SECRET',
    'PROVIDER_A_COMPONENT_TOKEN',
    'PROVIDER_A_COMPONENT_AES_KEY',
  ];
}

export function providerALiveProblems(env: ProviderAEnv, now = new Date()): string[] {
  const mode = env.PROVIDER_A_PAY_VERIFY_MODE;
  const problems: string[] = [];
  const why = mode === 'public_key' ? 'UPSTREAM_MODE=live' : `PROVIDER_A_PAY_VERIFY_MODE=${mode}`;
  for (const name of providerARequiredVariables(mode))
    if (!env[name])
      problems.push(`${name}: required with ${name === 'PROVIDER_A_APIV3_KEY' ? why : 'UPSTREAM_MODE=live'}`);
  const say = (name: keyof ProviderAEnv, text: string) => problems.push(`${name}: ${text}`);

  if (env.PROVIDER_A_MCH_ID && !/^\d{8,12}$/.test(env.PROVIDER_A_MCH_ID))
    say('PROVIDER_A_MCH_ID', "must be the service provider's merchant id: 8 to 12 digits, e.g. 1900013511");
  const serial = env.PROVIDER_A_MERCHANT_SERIAL_NO;
  if (serial && !/^[0-9A-Fa-f]{8,40}$/.test(serial))
    say(
      'PROVIDER_A_MERCHANT_SERIAL_NO',
      'must be the merchant API certificate serial: 8 to 40 hex digits (openssl x509 -noout -serial -in apiclient_cert.pem)',
    );

  let merchantKey: KeyObject | undefined;
  if (env.PROVIDER_A_MERCHANT_PRIVATE_KEY) {
    const key = readPrivateKey(env.PROVIDER_A_MERCHANT_PRIVATE_KEY);
    if (typeof key === 'string') say('PROVIDER_A_MERCHANT_PRIVATE_KEY', `${key}; it is apiclient_key.pem`);
    else if ((rsaBits(key) ?? 0) < 2048)
      say('PROVIDER_A_MERCHANT_PRIVATE_KEY', 'must be an RSA key of at least 2048 bits (apiclient_key.pem)');
    else merchantKey = key;
  }

  if (env.PROVIDER_A_MERCHANT_CERTIFICATE) {
    const certificate = readCertificate(env.PROVIDER_A_MERCHANT_CERTIFICATE);
    if (typeof certificate === 'string')
      say('PROVIDER_A_MERCHANT_CERTIFICATE', `${certificate}; it is apiclient_cert.pem`);
    else {
      const certSerial = certificate.serialNumber.toUpperCase();
      if (serial && serial.toUpperCase() !== certSerial)
        say(
          'PROVIDER_A_MERCHANT_SERIAL_NO',
          `${serial} is not the serial of PROVIDER_A_MERCHANT_CERTIFICATE (${certSerial})`,
        );
      if (merchantKey && !isPair(merchantKey, certificate.publicKey))
        say(
          'PROVIDER_A_MERCHANT_PRIVATE_KEY',
          `does not match PROVIDER_A_MERCHANT_CERTIFICATE (serial ${certSerial}): give the apiclient_key.pem downloaded with that certificate`,
        );
      const expires = Date.parse(certificate.validTo);
      if (expires <= now.getTime())
        say(
          'PROVIDER_A_MERCHANT_CERTIFICATE',
          `expired on ${new Date(expires).toISOString().slice(0, 10)}: apply for a new merchant API certificate`,
        );
      else if (Date.parse(certificate.validFrom) > now.getTime())
        say('PROVIDER_A_MERCHANT_CERTIFICATE', `is not valid before ${new Date(certificate.validFrom).toISOString()}`);
      // WeChat issues the merchant API certificate to the merchant id (its subject's CN).
      const cn = /(?:^|\n)CN=([^\n]*)/.exec(certificate.subject)?.[1];
      if (cn && env.PROVIDER_A_MCH_ID && /^\d+$/.test(cn) && cn !== env.PROVIDER_A_MCH_ID)
        say(
          'PROVIDER_A_MERCHANT_CERTIFICATE',
          `was issued to merchant ${cn}, not PROVIDER_A_MCH_ID ${env.PROVIDER_A_MCH_ID}`,
        );
    }
  }

  if (mode !== 'platform_certificate') {
    const id = env.PROVIDER_A_PLATFORM_PUBLIC_KEY_ID;
    if (id && !/^PUB_KEY_ID_\d{10,40}$/.test(id))
      say(
        'PROVIDER_A_PLATFORM_PUBLIC_KEY_ID',
        'must be the WeChat Pay public key id: PUB_KEY_ID_ followed by digits, e.g. PUB_KEY_ID_0114232134912410000000000000',
      );
    if (env.PROVIDER_A_PLATFORM_PUBLIC_KEY) {
      const key = readPublicKey(env.PROVIDER_A_PLATFORM_PUBLIC_KEY);
      if (typeof key === 'string')
        say('PROVIDER_A_PLATFORM_PUBLIC_KEY', `${key}; it is pub_key.pem from the merchant platform`);
      else if (merchantKey && isPair(merchantKey, key))
        say(
          'PROVIDER_A_PLATFORM_PUBLIC_KEY',
          "is the merchant's own public key: give WeChat Pay's public key (pub_key.pem), not apiclient's",
        );
    }
  }

  if (mode !== 'public_key' && env.PROVIDER_A_APIV3_KEY && Buffer.byteLength(env.PROVIDER_A_APIV3_KEY, 'utf8') !== 32)
    say(
      'PROVIDER_A_APIV3_KEY',
      `must be the 32-character APIv3 key set in the merchant platform (this one has ${Buffer.byteLength(env.PROVIDER_A_APIV3_KEY, 'utf8')} bytes)`,
    );

  if (env.PROVIDER_A_COMPONENT_APPID && !/^wx[0-9a-f]{16}$/.test(env.PROVIDER_A_COMPONENT_APPID))
    say('PROVIDER_A_COMPONENT_APPID', 'must be the third-party platform AppID: wx followed by 16 hex digits');
  if (env.PROVIDER_A_COMPONENT_SECRET && !/^[0-9a-f]{32}$/i.test(env.PROVIDER_A_COMPONENT_SECRET))
    say('PROVIDER_A_COMPONENT_SECRET', 'must be the third-party platform AppSecret: 32 hex digits');
  if (env.PROVIDER_A_COMPONENT_TOKEN && !/^[A-Za-z0-9]{3,32}$/.test(env.PROVIDER_A_COMPONENT_TOKEN))
    say('PROVIDER_A_COMPONENT_TOKEN', 'must be the message-check token: 3 to 32 letters or digits');
  if (env.PROVIDER_A_COMPONENT_AES_KEY && !/^[A-Za-z0-9+/]{43}$/.test(env.PROVIDER_A_COMPONENT_AES_KEY))
    say('PROVIDER_A_COMPONENT_AES_KEY', 'must be the EncodingAESKey: exactly 43 letters, digits, + or /');
  return problems;
}
