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

// The app, the CLI and the tests all run from the project root. (A module-relative URL would be bundled by
// Turbopack as an asset import, which a directory cannot be.)
const defaultFixturesDir = () => path.join(process.cwd(), 'src/sandbox/fixtures/providerB');

export function loadProviderBSandboxKeys(options: { dir?: string; appId?: string } = {}): ProviderBSandboxKeys {
  const dir = options.dir ?? defaultFixturesDir();
  const read = (name: string) => readFileSync(path.join(dir, name), 'utf8');
  return {
    appId: options.appId ?? PROVIDER_B_SANDBOX_APP_ID,
    appPublicKeyPem: read('app-public-key.pem'),
    appPrivateKeyPem: read('app-private-key.pem'),
    alipayPrivateKeyPem: read('app_2014060600164699_rsa2_private_key_no_wrapper.pem'),
    alipayPublicKeyPem: read('app_2014060600164699_rsa2_public_key_no_wrapper.pem'),
  };
}
