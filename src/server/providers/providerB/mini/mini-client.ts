import { AppError } from '@/server/errors';
import type { ProviderBGateway } from '../gateway/gateway-client';
import { addMember, deleteMember, listMembers } from './members';
import {
  baseinfo,
  cancelExperience,
  createExperience,
  downloadExperienceQr,
  listTemplates,
  queryExperience,
} from './app-info';
import { exchangeAuthCode, queryAppAuthToken, refreshAppAuthToken } from './app-auth-token';
import { applyAudit } from './audit-apply';
import { parseAppAuthNotify, type AppAuthNotification } from './app-auth-notify';
import { parseMiniAuditMessage, type MiniAuditMessage } from './audit-message';
import { buildAppAuthUrl, type AppAuthLinkStyle } from '@/protocols/providerB/mini/auth-url';
import { listVersions, versionDetail } from './version-queries';
import {
  buildStatus,
  cancelAudit,
  cancelAudited,
  deleteVersion,
  offline,
  online,
  rollback,
  uploadVersion,
} from './versions';

export interface ProviderBMiniClientOptions {
  /** Page the authorization link points at; the sandbox's authorize page in sandbox mode. Default: Alipay's. */
  authBaseUrl?: string;
  /** Default `tasks` (指定应用授权, needed for mini-program APIs); see auth-url.ts. */
  authLinkStyle?: AppAuthLinkStyle;
  /** For downloading experience QR images. */
  fetch?: typeof fetch;
}

type Bound<F> = F extends (gateway: ProviderBGateway, ...args: infer A) => infer R ? (...args: A) => R : never;
const bind = <F extends (gateway: ProviderBGateway, ...args: never[]) => unknown>(gateway: ProviderBGateway, fn: F) =>
  ((...args: never[]) => fn(gateway, ...args)) as Bound<F>;

/**
 * providerB mini-program management in ISV template mode (docs/upstream/providerB.md B, C) over the generic gateway.
 * Proxied calls take the merchant's `appAuthToken`; a refused token throws AppAuthTokenExpiredError
 * (refresh and retry once: withAppAuthTokenRefresh), other refusals map to AppError codes.
 */
export function createProviderBMiniClient(gateway: ProviderBGateway, options: ProviderBMiniClientOptions = {}) {
  const verify = (params: Record<string, string>) => gateway.verifyNotification(params);
  const forUs = <T extends { receiverAppId?: string; appId?: string }>(message: T, receiver: string | undefined): T => {
    if (receiver !== gateway.appId)
      throw new AppError('invalid_request', 'providerB notification was addressed to another app.');
    return message;
  };
  return {
    /** The merchant authorization link (B.1). providerB has no separate mobile link in our product (docs/product/decisions.md §5). */
    authUrl: (input: { appId?: string; redirectUri: string; state?: string; appTypes?: string[] }) =>
      buildAppAuthUrl(
        { ...input, appId: input.appId ?? gateway.appId },
        { style: options.authLinkStyle, authBaseUrl: options.authBaseUrl },
      ),
    exchangeAuthCode: bind(gateway, exchangeAuthCode),
    refreshAppAuthToken: bind(gateway, refreshAppAuthToken),
    queryAppAuthToken: bind(gateway, queryAppAuthToken),
    listTemplates: bind(gateway, listTemplates),
    uploadVersion: bind(gateway, uploadVersion),
    buildStatus: bind(gateway, buildStatus),
    applyAudit: bind(gateway, applyAudit),
    cancelAudit: bind(gateway, cancelAudit),
    cancelAudited: bind(gateway, cancelAudited),
    online: bind(gateway, online),
    offline: bind(gateway, offline),
    rollback: bind(gateway, rollback),
    deleteVersion: bind(gateway, deleteVersion),
    versionDetail: bind(gateway, versionDetail),
    listVersions: bind(gateway, listVersions),
    baseinfo: bind(gateway, baseinfo),
    createExperience: bind(gateway, createExperience),
    queryExperience: bind(gateway, queryExperience),
    cancelExperience: bind(gateway, cancelExperience),
    downloadExperienceQr: (qrCodeUrl: string) => downloadExperienceQr(qrCodeUrl, options.fetch),
    addMember: bind(gateway, addMember),
    deleteMember: bind(gateway, deleteMember),
    listMembers: bind(gateway, listMembers),
    /** Audit passed/rejected message (C.10), verified with the gateway's Alipay key and checked to be addressed to us. */
    parseMiniAuditMessage: (rawBody: string | URLSearchParams): MiniAuditMessage => {
      const message = parseMiniAuditMessage(rawBody, verify);
      return forUs(message, message.receiverAppId);
    },
    parseAppAuthNotify: (rawBody: string | URLSearchParams): AppAuthNotification => {
      const message = parseAppAuthNotify(rawBody, verify);
      return forUs(message, message.appId);
    },
  };
}

export type ProviderBMiniClient = ReturnType<typeof createProviderBMiniClient>;
