import { parseGatewayTimestamp } from '@/protocols/providerB/gateway/timestamp';
import { AppError } from '@/server/errors';
import {
  AppAuthorizationRevokedError,
  AppAuthTokenExpiredError,
  createProviderBMiniClient,
  gatewayFailureOf,
  type ProviderBGateway,
  type MiniMemberRole,
} from './providerB';
import { AuthorizationRevoked, AuthorizerTokenExpired, type MiniProgramProvider } from './mini-program-types';

const stateLifetimeSeconds = 30 * 60;

/** Alipay's token errors become the shared "refresh and retry once" signal. */
async function tokenAware<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof AppAuthTokenExpiredError)
      throw new AuthorizerTokenExpired(`providerB ${error.method} answered ${error.subCode}`);
    throw error;
  }
}

/**
 * Runs a call that Alipay refuses with `subCode` when it was already done, e.g. by a first attempt whose
 * answer was lost (timeout, forged signature): then `alreadyDone` checks the upstream state, and the call
 * counts as done if it says so.
 */
async function repeatable(
  call: () => Promise<void>,
  subCode: string,
  alreadyDone: () => Promise<boolean> = async () => true,
): Promise<void> {
  try {
    await call();
  } catch (error) {
    if (gatewayFailureOf(error)?.subCode !== subCode || !(await alreadyDone())) throw error;
  }
}

const isInit = (version: { upstreamStatus: string }) => version.upstreamStatus === 'INIT';
/** A version in one of these states was submitted for review (C.3): under review, approved, or rejected. */
const SUBMITTED_STATUSES = new Set(['AUDITING', 'WAIT_RELEASE', 'AUDIT_REJECT']);
/** Alipay stamps times in whole seconds of China time (`yyyy-MM-dd HH:mm:ss`); an unreadable one is not since. */
const stampedSince = (stamp: string | undefined, from: Date) => {
  const at = stamp ? parseGatewayTimestamp(stamp) : undefined;
  return at !== undefined && at.getTime() >= from.getTime();
};

/** Alipay wants a 30–500 character version description; ours is built from the commit when it is short. */
const versionDesc = (input: { userDesc?: string; userVersion: string; templateId?: string }) => {
  const generated = `版本 ${input.userVersion}：由平台基于模板 ${input.templateId ?? ''} 为商家构建并提交审核的小程序版本。`;
  return input.userDesc && input.userDesc.length >= 30
    ? input.userDesc
    : `${input.userDesc ? `${input.userDesc}。` : ''}${generated}`;
};

/**
 * providerB (Alipay ISV) behind the shared mini-program interface, over the gateway of the configured app;
 * `authBaseUrl` replaces Alipay's authorization page (the sandbox's own page).
 */
export function providerBMiniAdapter(options: {
  gateway: ProviderBGateway;
  authBaseUrl?: string;
}): MiniProgramProvider {
  const gateway = options.gateway;
  const mini = createProviderBMiniClient(gateway, options.authBaseUrl ? { authBaseUrl: options.authBaseUrl } : {});
  // Alipay tokens are long-lived and `expires_in` is optional; a year is its documented default.
  const tokens = (t: { appAuthToken: string; appRefreshToken: string; expiresIn?: number }) => ({
    accessToken: t.appAuthToken,
    refreshToken: t.appRefreshToken,
    expiresInSeconds: t.expiresIn ?? 365 * 24 * 3600,
  });
  return {
    name: 'providerB',
    startAuthorization: async ({ redirectUri, state }) => ({
      authUrl: mini.authUrl({ redirectUri, state }),
      expiresInSeconds: stateLifetimeSeconds,
    }),
    exchangeAuthCode: async (code) => {
      const grant = await mini.exchangeAuthCode(code);
      return { appId: grant.authAppId, permissions: [], ...tokens(grant) };
    },
    refreshTokens: async (_appId, refreshToken) =>
      tokens(
        await mini.refreshAppAuthToken(refreshToken).catch((error: unknown) => {
          // After a cancellation (B.5) Alipay refuses the app's tokens and refresh token alike.
          throw error instanceof AppAuthorizationRevokedError ? new AuthorizationRevoked(error.message, error) : error;
        }),
      ),
    profile: (token) =>
      tokenAware(async () => {
        const info = await mini.baseinfo({ appAuthToken: token.accessToken });
        return { nickname: info.appName, headImg: info.appLogo };
      }),
    listTemplates: async () =>
      (await mini.listTemplates()).map((t) => ({
        templateId: t.templateId,
        userVersion: t.versions[0]?.templateVersion ?? '',
        userDesc: t.appName ?? '',
        createdAt: t.createdAt ?? '',
      })),
    commit: (token, input) =>
      tokenAware(async () => {
        const ref = { appAuthToken: token.accessToken, appVersion: input.userVersion };
        // A retry whose first upload may have arrived: Alipay refuses a second upload of an app_version, so the
        // version is looked for first and, uploaded since the first attempt began, taken as that upload.
        const from = input.since;
        if (from) {
          const versions = await mini.listVersions({ appAuthToken: token.accessToken });
          if (versions.some((v) => v.appVersion === input.userVersion && isInit(v) && stampedSince(v.createdAt, from)))
            return;
        }
        await repeatable(
          async () =>
            void (await mini.uploadVersion({
              ...ref,
              templateId: input.templateId,
              templateVersion: input.templateVersion,
              extJson: input.extJson,
            })),
          'VERSION_HAS_EXISTED',
          async () => isInit(await mini.versionDetail(ref)),
        );
      }),
    submitAudit: (token, input) =>
      tokenAware(async () => {
        const ref = { appAuthToken: token.accessToken, appVersion: input.userVersion };
        const upstreamAuditId = `${token.appId}:${input.userVersion}`;
        // Read first (reads are free of side effects; Alipay refuses an apply in the wrong state, and a refusal is a
        // call like any other upstream):
        const detail = await mini.versionDetail(ref);
        // a retry whose first submit may have arrived: a review of this version applied for since then (under review,
        // or already decided) is that submit's, adopted instead of applying again;
        if (
          input.since &&
          SUBMITTED_STATUSES.has(detail.upstreamStatus) &&
          stampedSince(detail.auditAppliedAt, input.since)
        )
          return { upstreamAuditId, adopted: true };
        // this very version rejected: Alipay takes it again only after 退回开发 (audited.cancel → INIT), as its console
        // does before a resubmission (C.4). Another version in the way is not touched.
        if (detail.upstreamStatus === 'AUDIT_REJECT') await mini.cancelAudited(ref);
        let adopted = false;
        await repeatable(
          () => mini.applyAudit({ ...ref, versionDesc: versionDesc(input) }).then(() => undefined),
          'CAN_NOT_SUBMIT_WITH_AUDIT_GRAY',
          async () => (adopted = (await mini.versionDetail(ref)).upstreamStatus === 'AUDITING'),
        );
        return { upstreamAuditId, adopted };
      }),
    auditStatus: (token, input) =>
      tokenAware(async () => {
        const detail = await mini.versionDetail({ appAuthToken: token.accessToken, appVersion: input.userVersion });
        if (detail.status === 'rejected') return { status: 'rejected', reason: detail.rejectReason };
        if (detail.status === 'approved' || detail.status === 'released' || detail.status === 'gray')
          return { status: 'approved' };
        return { status: 'pending' };
      }),
    release: (token, input) =>
      tokenAware(async () => {
        // Refused before anything is stored (create-rollout); a caller that gets here anyway is told, not ignored.
        if (input.grayPercentage !== undefined)
          throw new AppError('invalid_request', 'providerB has no gray release percentage; release to everyone.');
        await mini.online({ appAuthToken: token.accessToken, appVersion: input.userVersion });
      }),
    rollback: (token) => tokenAware(async () => void (await mini.rollback({ appAuthToken: token.accessToken }))),
    versions: (token) =>
      tokenAware(async () => ({ versions: await mini.listVersions({ appAuthToken: token.accessToken }) })),
    baseinfo: (token) => tokenAware(async () => ({ ...(await mini.baseinfo({ appAuthToken: token.accessToken })) })),
    experience: (token, input) =>
      tokenAware(async () => {
        const ref = { appAuthToken: token.accessToken, appVersion: input.userVersion! };
        await mini.createExperience(ref);
        const experience = await mini.queryExperience(ref);
        const qr = experience.qrCodeUrl ? await mini.downloadExperienceQr(experience.qrCodeUrl) : undefined;
        return {
          qrCodePngBase64: qr?.base64,
          qrCodeUrl: experience.qrCodeUrl?.startsWith('data:') ? undefined : experience.qrCodeUrl,
          version: input.userVersion,
        };
      }),
    members: (token, input) =>
      tokenAware(async () => {
        const role = (input.role ?? 'DEVELOPER') as MiniMemberRole;
        if (input.action === 'bind')
          await repeatable(
            () => mini.addMember({ appAuthToken: token.accessToken, logonId: input.member, role }),
            'DEVELOPER_ALREADY_EXSIT',
          );
        // Unbinding someone who is not (or no longer, e.g. after a lost answer) a member leaves what was asked for, as on WeChat.
        else
          await mini
            .deleteMember({ appAuthToken: token.accessToken, logonId: input.member, role })
            .catch((error) =>
              error instanceof AppError && error.code === 'not_found' ? undefined : Promise.reject(error),
            );
        return { members: await mini.listMembers({ appAuthToken: token.accessToken }) };
      }),
  };
}
