import { readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * Keys the sandbox gateway works with. All are PUBLISHED test keys (see src/sandbox/fixtures/providerB/README.md):
 * never use them outside the sandbox.
 */
export interface ProviderBSandboxKeys {
  /** The ISV app id the sandbox accepts (`isv.invalid-app-id` for any other). */
  appId: string;
  /** Verifies request signatures (`app-public-key.pem`). */
  appPublicKeyPem: string;
  /** For the service's client in sandbox mode (`app-private-key.pem`). */
  appPrivateKeyPem: string;
  /** The sandbox's "Alipay" key pair, signing responses and messages (`app_2014060600164699_rsa2_*`). */
  alipayPrivateKeyPem: string;
  alipayPublicKeyPem: string;
}

/** App id used in the published vectors (TV-2, TV-7). */
export const PROVIDER_B_SANDBOX_APP_ID = '2021000122671080';

let pems: Omit<ProviderBSandboxKeys, 'appId'> | undefined;

/**
 * Reads the committed fixtures from the project root (the working directory of `next`, vitest and the CLI), once a
 * process, as the providerA loader does: notifications and sandbox control requests ask for the keys each time. The
 * directory is spelled out in the `join` on purpose: Turbopack then traces that folder only; a path assembled
 * elsewhere made it trace (and ship) the whole project. (A module-relative URL would be bundled as an asset import,
 * which a directory cannot be.)
 */
export function loadProviderBSandboxKeys(options: { appId?: string } = {}): ProviderBSandboxKeys {
  pems ??= readPems();
  return { appId: options.appId ?? PROVIDER_B_SANDBOX_APP_ID, ...pems };
}

function readPems(): Omit<ProviderBSandboxKeys, 'appId'> {
  const read = (name: string) => readFileSync(path.join(process.cwd(), 'src/sandbox/fixtures/providerB', name), 'utf8');
  return {
    appPublicKeyPem: read('app-public-key.pem'),
    appPrivateKeyPem: read('app-private-key.pem'),
    alipayPrivateKeyPem: read('app_2014060600164699_rsa2_private_key_no_wrapper.pem'),
    alipayPublicKeyPem: read('app_2014060600164699_rsa2_public_key_no_wrapper.pem'),
  };
}
