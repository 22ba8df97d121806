/** The third-party platform's credentials: the emulator's, and the app's sandbox-mode client's. */
export type ProviderAComponentCredentials = {
  componentAppId: string;
  componentAppSecret: string;
  /** Message Token for push signatures (docs/upstream/providerA.md C.2). */
  token: string;
  /** 43-character EncodingAESKey for push encryption (docs/upstream/providerA.md C.2). */
  encodingAesKey: string;
};

/** The sandbox third-party platform: its credentials and the emulator's knobs. */
export type ProviderAComponentSandboxConfig = ProviderAComponentCredentials & {
  ttlSeconds: {
    verifyTicket: number;
    componentToken: number;
    preAuthCode: number;
    /** The redirect's `expires_in` (600 in docs, 3600 observed; C.6). */
    authCode: number;
    authorizerToken: number;
  };
  /** Platform-wide submit-audit quota per calendar month (E; a forum post shows 20). */
  submitAuditQuotaPerMonth: number;
  /** Testers per mini program (85002); the real cap is not documented. */
  maxTesters: number;
};

/** The emulator's configuration over the given credentials, with the documented lifetimes; `overrides` lets tests shorten them. */
export function createProviderAComponentSandboxConfig(
  credentials: ProviderAComponentCredentials,
  overrides: Partial<ProviderAComponentSandboxConfig> = {},
): ProviderAComponentSandboxConfig {
  return {
    ...credentials,
    ttlSeconds: { verifyTicket: 43_200, componentToken: 7200, preAuthCode: 600, authCode: 3600, authorizerToken: 7200 },
    submitAuditQuotaPerMonth: 20,
    maxTesters: 15,
    ...overrides,
  };
}
