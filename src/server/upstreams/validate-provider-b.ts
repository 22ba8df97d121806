/**
 * Start-time checks of the live Alipay configuration in certificate mode, beyond what env.ts can see: that the
 * certificates parse, chain, certify the app's key and are in date. Public-key mode (the key pair) is checked in
 * one place, src/env-checks/providerB.ts, which also reports an unreadable app key; getEnv() refuses to start on
 * those before this runs. Each problem is one line naming the variable and the fix. Nothing here calls Alipay.
 */
import { createPublicKey, X509Certificate, type KeyObject } from 'node:crypto';
import type { RawEnv } from '@/env';
import { readPrivateKey } from '@/env-checks/pem';
import { PemSettingError, readPemSetting } from '@/env-checks/pem-setting';
import { providerBCertificateMode } from '@/env-checks/providerB';
import { isRsaSigned, pemCertificates } from '@/protocols/providerB/gateway/cert-sn';

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
  if (!providerBCertificateMode(env)) return [];
  const problems: string[] = [];
  const appKey = readAppKey(env.PROVIDER_B_APP_PRIVATE_KEY);
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

/** The app's public key, to match the app certificate against; unreadable keys are env-checks' to report. */
function readAppKey(value: string | undefined): KeyObject | undefined {
  if (!value) return undefined;
  try {
    const key = readPrivateKey(readPemSetting('PROVIDER_B_APP_PRIVATE_KEY', value));
    return typeof key === 'string' ? undefined : createPublicKey(key);
  } catch (error) {
    if (error instanceof PemSettingError) return undefined;
    throw error;
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
