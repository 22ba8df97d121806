/**
 * Start-time checks of the live Alipay configuration, beyond what env.ts can see in the text of a variable: that
 * the keys and certificates parse, belong together and are in date. Each problem is one line naming the variable
 * and the fix; the start-time validation prints them all and refuses to start. Nothing here calls Alipay.
 */
import { createPublicKey, X509Certificate, type KeyObject } from 'node:crypto';
import type { RawEnv } from '@/env';
import { isRsaSigned, pemCertificates } from '@/protocols/providerB/gateway/cert-sn';
import { loadPrivateKey, loadPublicKey } from '@/protocols/providerB/gateway/keys';
import { PemSettingError, readPemSetting } from '@/env-checks/pem-setting';

export type ProviderBEnv = Pick<
  RawEnv,
  | 'PROVIDER_B_APP_ID'
  | 'PROVIDER_B_APP_PRIVATE_KEY'
  | 'PROVIDER_B_ALIPAY_PUBLIC_KEY'
  | 'PROVIDER_B_APP_CERT'
  | 'PROVIDER_B_ALIPAY_ROOT_CERT'
  | 'PROVIDER_B_ALIPAY_CERT'
>;

type CertificateVariable = 'PROVIDER_B_APP_CERT' | 'PROVIDER_B_ALIPAY_ROOT_CERT' | 'PROVIDER_B_ALIPAY_CERT';

const spki = (key: KeyObject) => key.export({ type: 'spki', format: 'der' }).toString('base64');
const day = (iso: string) => new Date(iso).toISOString().slice(0, 10);
// Self-issued, not self-verified: Alipay's root file also holds SM2 roots, whose signatures Node cannot check.
const isSelfSigned = (cert: X509Certificate) => cert.issuer === cert.subject;
const commonName = (dn: string) => /^CN=(.*)$/m.exec(dn)?.[1] ?? dn;

/** One line per problem; empty when the Alipay configuration is usable (or there is none to check). */
export function validateProviderBConfig(env: ProviderBEnv, now: Date = new Date()): string[] {
  const problems: string[] = [];
  const appKey = readKey(problems, 'PROVIDER_B_APP_PRIVATE_KEY', env.PROVIDER_B_APP_PRIVATE_KEY, (text) =>
    createPublicKey(loadPrivateKey(text)),
  );
  if (!env.PROVIDER_B_APP_CERT) {
    const alipayKey = readKey(
      problems,
      'PROVIDER_B_ALIPAY_PUBLIC_KEY',
      env.PROVIDER_B_ALIPAY_PUBLIC_KEY,
      loadPublicKey,
    );
    if (appKey && alipayKey && spki(appKey) === spki(alipayKey))
      problems.push(
        "PROVIDER_B_ALIPAY_PUBLIC_KEY: this is your app's own public key; give Alipay's public key (open platform → app → 接口加签方式 → 支付宝公钥)",
      );
    return problems;
  }
  const [appCert] = readCertificates(problems, 'PROVIDER_B_APP_CERT', env.PROVIDER_B_APP_CERT);
  const roots = readCertificates(problems, 'PROVIDER_B_ALIPAY_ROOT_CERT', env.PROVIDER_B_ALIPAY_ROOT_CERT);
  const alipayCerts = readCertificates(problems, 'PROVIDER_B_ALIPAY_CERT', env.PROVIDER_B_ALIPAY_CERT);

  if (appCert) {
    if (isSelfSigned(appCert))
      problems.push(
        'PROVIDER_B_APP_CERT: this is a root certificate; give appCertPublicKey_<appid>.crt (the root file goes in PROVIDER_B_ALIPAY_ROOT_CERT)',
      );
    else if (appKey && spki(appCert.publicKey) !== spki(appKey))
      problems.push(
        `PROVIDER_B_APP_CERT: certifies another key than PROVIDER_B_APP_PRIVATE_KEY (certificate ${commonName(appCert.subject)}); download the app certificate issued for this private key's CSR, or give the matching private key`,
      );
    const appIdInCert = /-(\d{16})$/.exec(commonName(appCert.subject))?.[1];
    if (appIdInCert && env.PROVIDER_B_APP_ID && appIdInCert !== env.PROVIDER_B_APP_ID)
      problems.push(
        `PROVIDER_B_APP_CERT: issued for app ${appIdInCert}, but PROVIDER_B_APP_ID is ${env.PROVIDER_B_APP_ID}`,
      );
    checkDates(problems, 'PROVIDER_B_APP_CERT', appCert, now, 'renew the app certificate in Alipay’s open platform');
    checkIssuer(problems, 'PROVIDER_B_APP_CERT', appCert, roots);
  }

  if (roots.length > 0) {
    const notRoots = roots.filter((root) => !isSelfSigned(root));
    if (notRoots.length > 0)
      problems.push(
        `PROVIDER_B_ALIPAY_ROOT_CERT: holds a certificate that is not a root (${commonName(notRoots[0]!.subject)}); give alipayRootCert.crt as downloaded`,
      );
    else if (!roots.some((root) => isRsaSigned(root.toString())))
      problems.push(
        'PROVIDER_B_ALIPAY_ROOT_CERT: holds no RSA-signed root, so alipay_root_cert_sn would be empty; give alipayRootCert.crt as downloaded',
      );
  }

  const [current] = alipayCerts;
  if (current) {
    if (isSelfSigned(current))
      problems.push(
        'PROVIDER_B_ALIPAY_CERT: this is a root certificate; give alipayCertPublicKey_RSA2.crt (the root file goes in PROVIDER_B_ALIPAY_ROOT_CERT)',
      );
    else if (appKey && spki(current.publicKey) === spki(appKey))
      problems.push(
        "PROVIDER_B_ALIPAY_CERT: this certifies your app's own key; give Alipay's certificate alipayCertPublicKey_RSA2.crt",
      );
    // Several certificates: the first verifies notifications; the others only answers that name them.
    checkDates(
      problems,
      'PROVIDER_B_ALIPAY_CERT',
      current,
      now,
      'download Alipay’s current alipayCertPublicKey_RSA2.crt',
    );
    for (const cert of alipayCerts) checkIssuer(problems, 'PROVIDER_B_ALIPAY_CERT', cert, roots);
  }
  return problems;
}

function readKey(
  problems: string[],
  variable: string,
  value: string | undefined,
  load: (text: string) => KeyObject,
): KeyObject | undefined {
  if (!value) return undefined;
  let text: string;
  try {
    text = readPemSetting(variable, value);
  } catch (error) {
    problems.push(error instanceof PemSettingError ? error.message : `${variable}: cannot be read`);
    return undefined;
  }
  try {
    const key = load(text);
    if (key.asymmetricKeyType !== 'rsa') {
      problems.push(`${variable}: an ${key.asymmetricKeyType ?? 'unknown'} key; Alipay's RSA2 needs an RSA key`);
      return undefined;
    }
    return key;
  } catch {
    problems.push(`${variable}: not an RSA key (PEM, or the bare Base64 Alipay's key tool prints)`);
    return undefined;
  }
}

function readCertificates(problems: string[], variable: CertificateVariable, value: string | undefined) {
  if (!value) return [];
  let text: string;
  try {
    text = readPemSetting(variable, value);
  } catch (error) {
    problems.push(error instanceof PemSettingError ? error.message : `${variable}: cannot be read`);
    return [];
  }
  const pems = pemCertificates(text);
  if (pems.length === 0) {
    problems.push(`${variable}: holds no certificate (-----BEGIN CERTIFICATE----- … block)`);
    return [];
  }
  try {
    return pems.map((pem) => new X509Certificate(pem));
  } catch {
    problems.push(`${variable}: a certificate in it does not parse; give the file as Alipay's open platform issued it`);
    return [];
  }
}

function checkDates(problems: string[], variable: string, cert: X509Certificate, now: Date, fix: string) {
  if (new Date(cert.validTo) < now) problems.push(`${variable}: expired on ${day(cert.validTo)}; ${fix}`);
  else if (new Date(cert.validFrom) > now) problems.push(`${variable}: not valid before ${day(cert.validFrom)}`);
}

/**
 * A certificate issued directly by a root in the root file must carry that root's signature. Alipay's own
 * certificates come from intermediate CAs the file does not hold; those cannot be checked here and pass.
 */
function checkIssuer(problems: string[], variable: string, cert: X509Certificate, roots: X509Certificate[]) {
  const issuer = roots.find((root) => root.subject === cert.issuer);
  if (issuer && !verifiesWith(cert, issuer))
    problems.push(
      `${variable}: names ${commonName(cert.issuer)} as issuer but does not carry its signature; the certificate and PROVIDER_B_ALIPAY_ROOT_CERT come from different sets`,
    );
}

function verifiesWith(cert: X509Certificate, issuer: X509Certificate): boolean {
  try {
    return cert.verify(issuer.publicKey);
  } catch {
    return true; // a key type Node cannot use (SM2): not checkable here, so not reported
  }
}
