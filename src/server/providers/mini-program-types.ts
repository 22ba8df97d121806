import type { Provider } from '@/domain/providers';
import { AppError } from '@/server/errors';

export type AuthorizerTokens = { accessToken: string; refreshToken: string; expiresInSeconds: number };
export type AuthorizerGrant = AuthorizerTokens & { appId: string; permissions: unknown[] };
export type AuthorizerProfile = { nickname?: string; principalName?: string; headImg?: string };
export type UpstreamAuditStatus = { status: 'pending' | 'approved' | 'rejected'; delayed?: boolean; reason?: string };
export type UpstreamTemplate = { templateId: string; userVersion: string; userDesc: string; createdAt: string };
export type AuthorizerToken = { appId: string; accessToken: string };

/** Thrown by adapters when the upstream says the authorizer's token is invalid or expired (refresh, retry once). */
export class AuthorizerTokenExpired extends Error {
  constructor(upstreamWords?: string) {
    super(upstreamWords ?? 'The authorizer access token is invalid or expired.');
    this.name = 'AuthorizerTokenExpired';
  }
}

/**
 * Thrown by adapters when the upstream refuses the refresh token: after it refused the access token too, the
 * authorization was revoked; on its own (a refresh whose answer was lost spent it) the grant is over all the same.
 */
export class AuthorizationRevoked extends AppError {
  constructor(upstreamWords: string, cause: unknown) {
    super('upstream_rejected', upstreamWords, { cause });
    this.name = 'AuthorizationRevoked';
  }
}

/**
 * What the mini-program services need from an upstream (WeChat third-party platform, Alipay ISV). Adapters
 * normalize states and errors (AppError codes) and know nothing of our tables.
 */
export interface MiniProgramProvider {
  readonly name: Provider;
  startAuthorization(input: {
    redirectUri: string;
    state: string;
  }): Promise<{ authUrl: string; mobileAuthUrl?: string; preAuthCode?: string; expiresInSeconds: number }>;
  exchangeAuthCode(authCode: string): Promise<AuthorizerGrant>;
  refreshTokens(appId: string, refreshToken: string): Promise<AuthorizerTokens>;
  profile(token: AuthorizerToken): Promise<AuthorizerProfile>;
  listTemplates(): Promise<UpstreamTemplate[]>;
  commit(
    token: AuthorizerToken,
    input: {
      templateId: string;
      templateVersion?: string;
      extJson: string;
      userVersion: string;
      userDesc: string;
      /** An earlier attempt may have sent this since then (its answer lost): look first, and do not send it twice. */
      since?: Date;
    },
  ): Promise<void>;
  /** `adopted`: the upstream already had this version under review (a repeat whose first answer was lost). */
  submitAudit(
    token: AuthorizerToken,
    input: {
      userVersion: string;
      itemList: { address: string; title: string; tag: string }[];
      feedbackInfo?: string;
      feedbackMedia?: string;
      /** WeChat only (D.6); Alipay has no such fields and ignores them. */
      ugcDeclare?: UgcDeclare;
      previewInfo?: { videoIdList?: string[]; picIdList?: string[] };
      orderPath?: string;
      /** An earlier attempt may have submitted since then (its answer lost): adopt that audit instead of a second. */
      since?: Date;
    },
  ): Promise<{ upstreamAuditId: string; adopted?: boolean }>;
  auditStatus(
    token: AuthorizerToken,
    input: { upstreamAuditId: string; userVersion: string },
  ): Promise<UpstreamAuditStatus>;
  /** With `grayPercentage` (WeChat only), a phased release to that share of users instead of everyone. */
  release(token: AuthorizerToken, input: { userVersion: string; grayPercentage?: number }): Promise<void>;
  rollback(token: AuthorizerToken): Promise<void>;
  versions(token: AuthorizerToken): Promise<Record<string, unknown>>;
  baseinfo(token: AuthorizerToken): Promise<Record<string, unknown>>;
  experience(
    token: AuthorizerToken,
    input: { userVersion?: string; path?: string },
  ): Promise<{ qrCodePngBase64?: string; qrCodeUrl?: string; version?: string }>;
  members(
    token: AuthorizerToken,
    input: { action: 'bind' | 'unbind'; member: string; role?: string },
  ): Promise<{ members: unknown[] }>;
}

/** WeChat's UGC declaration of a submit for audit (docs/upstream/providerA.md D.6). */
export type UgcDeclare = {
  scene: number[];
  otherSceneDesc?: string;
  method?: number[];
  hasAuditTeam?: 0 | 1;
  auditDesc?: string;
};
