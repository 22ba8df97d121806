/**
 * The key material of the providerA pay sandbox: the running sandbox's own (src/sandbox/instance-keys.ts), or
 * the published test keys in the protocol tests (test/support/fixture-keys.ts).
 */
export type ProviderASandboxKeys = {
  merchant: {
    /** The sandbox's service-provider merchant id (sp_mchid). */
    mchId: string;
    /** Serial of the merchant API certificate; requests must name it in `serial_no`. */
    serialNo: string;
    /** Verifies request signatures. */
    publicKeyPem: string;
    /** Only for configuring the sandbox-mode client; the emulator never signs with it. */
    privateKeyPem: string;
  };
  platform: {
    privateKeyPem: string;
    publicKeyPem: string;
    /** Public-key mode id (`PUB_KEY_ID_…`). */
    publicKeyId: string;
    /** Platform-certificate mode only (the protocol tests); the running sandbox announces its public-key id. */
    certificatePem?: string;
    certificateSerialNo?: string;
  };
  /** What the emulator puts in `Wechatpay-Serial` on responses; requests may name either serial (A.4). */
  responseSerialMode: 'publicKey' | 'certificate';
};

export const SANDBOX_MCH_ID = '1900013511';
export const SANDBOX_PLATFORM_PUBLIC_KEY_ID = 'PUB_KEY_ID_0119000135112026010100000001';

/**
 * The client settings that talk to this sandbox (shape of ProviderAPayClientConfig minus baseUrl/fetch),
 * in the platform mode the emulator announces.
 */
export function providerASandboxClientSettings(keys: ProviderASandboxKeys) {
  const platform =
    keys.responseSerialMode === 'publicKey'
      ? { mode: 'publicKey' as const, publicKeyId: keys.platform.publicKeyId, publicKeyPem: keys.platform.publicKeyPem }
      : {
          mode: 'certificate' as const,
          certificates: [{ serialNo: keys.platform.certificateSerialNo!, pem: keys.platform.certificatePem! }],
        };
  return {
    mchId: keys.merchant.mchId,
    merchantSerialNo: keys.merchant.serialNo,
    merchantPrivateKeyPem: keys.merchant.privateKeyPem,
    platform,
  };
}
