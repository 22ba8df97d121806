import fixture from '@/sandbox/fixtures/providerA/component.json';

/** The sandbox third-party platform: credentials the app's sandbox-mode client also uses, and the emulator's knobs. */
export type ProviderAComponentSandboxConfig = {
  componentAppId: string;
  componentAppSecret: string;
  /** Message Token for push signatures (C.2). */
  token: string;
  /** 43-character EncodingAESKey for push encryption (C.2). */
  encodingAesKey: string;
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

/**
 * Loads `src/sandbox/fixtures/providerA/component.json` (public TV-5 credentials plus a sandbox-generated
 * appsecret) with the documented lifetimes; `overrides` lets tests shorten them.
 */
export function createProviderAComponentSandboxConfig(
  overrides: Partial<ProviderAComponentSandboxConfig> = {},
): ProviderAComponentSandboxConfig {
  return {
    componentAppId: fixture.componentAppId,
    componentAppSecret: fixture.componentAppSecret,
    token: fixture.token,
    encodingAesKey: fixture.encodingAesKey,
    ttlSeconds: { verifyTicket: 43_200, componentToken: 7200, preAuthCode: 600, authCode: 3600, authorizerToken: 7200 },
    submitAuditQuotaPerMonth: 20,
    maxTesters: 15,
    ...overrides,
  };
}
