/**
 * Keys the sandbox gateway works with: the running sandbox's own (src/sandbox/instance-keys.ts), or the
 * published test keys in the protocol tests (test/support/fixture-keys.ts).
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
