import { AuthorizerTokenExpired, type MiniProgramProvider } from './mini-program-types';
import {
  createCodeClient,
  createComponentClient,
  TokenExpiredError,
  type ComponentClientOptions,
} from './providerA/component';
import { isErrcode } from './providerA/component/wx-errors';

async function tokenAware<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof TokenExpiredError) throw new AuthorizerTokenExpired();
    throw error;
  }
}

/**
 * providerA (WeChat third-party platform) behind the shared mini-program interface. The component's
 * credentials, the store of its verify ticket and token, and the lock around a token refresh are handed in.
 */
export function providerAMiniAdapter(options: ComponentClientOptions): MiniProgramProvider {
  const component = createComponentClient(options);
  const code = createCodeClient({
    baseUrl: options.baseUrl,
    timeoutMs: options.timeoutMs,
    fetch: options.fetch,
    componentAccessToken: component.componentAccessToken,
  });
  // 85082 "must be higher": a repeat whose first answer was lost finds its plan running at that percentage or more.
  const grayRelease = (accessToken: string, grayPercentage: number) =>
    code.grayRelease({ accessToken, grayPercentage }).catch(async (error: unknown) => {
      if (!isErrcode(error, 85082)) throw error;
      const plan = await code.getGrayReleasePlan({ accessToken });
      if (plan.status !== 1 || plan.grayPercentage < grayPercentage) throw error;
    });
  return {
    name: 'providerA',
    startAuthorization: async ({ redirectUri }) => {
      const { preAuthCode, expiresIn } = await component.createPreAuthCode();
      return { ...component.authUrls({ preAuthCode, redirectUri }), preAuthCode, expiresInSeconds: expiresIn };
    },
    exchangeAuthCode: async (authCode) => {
      const grant = await component.queryAuth(authCode);
      return {
        appId: grant.authorizerAppId,
        accessToken: grant.accessToken,
        refreshToken: grant.refreshToken,
        expiresInSeconds: grant.expiresIn,
        permissions: grant.funcInfo,
      };
    },
    refreshTokens: async (appId, refreshToken) => {
      const tokens = await component.refreshAuthorizerToken(appId, refreshToken);
      return { accessToken: tokens.accessToken, refreshToken: tokens.refreshToken, expiresInSeconds: tokens.expiresIn };
    },
    profile: async (token) => {
      const info = await component.getAuthorizerInfo(token.appId);
      return { nickname: info.nickname, headImg: info.headImg, principalName: info.principalName };
    },
    listTemplates: async () =>
      (await code.listTemplates()).map((t) => ({
        templateId: t.templateId,
        userVersion: t.userVersion,
        userDesc: t.userDesc,
        createdAt: t.createdAt.toISOString(),
      })),
    commit: (token, input) =>
      tokenAware(async () => {
        // The experience version already is this version, committed since the earlier attempt began: that
        // attempt's commit arrived, and a second would only be the same code sent again.
        if (input.since) {
          const { experience } = await code.getVersionInfo({ accessToken: token.accessToken });
          if (experience?.version === input.userVersion && experience.time >= input.since) return;
        }
        await code.commit({
          accessToken: token.accessToken,
          templateId: input.templateId,
          extJson: input.extJson,
          userVersion: input.userVersion,
          userDesc: input.userDesc,
        });
      }),
    submitAudit: (token, input) =>
      tokenAware(async () => {
        // An audit of this version under review, submitted since the earlier attempt began: that attempt's.
        if (input.since) {
          const latest = await code.getLatestAuditStatus({ accessToken: token.accessToken });
          if (
            latest?.auditId &&
            latest.userVersion === input.userVersion &&
            ['pending', 'delayed'].includes(latest.status) &&
            latest.submittedAt &&
            latest.submittedAt >= input.since
          )
            return { upstreamAuditId: latest.auditId, adopted: true };
        }
        // WeChat wants a category per page item; the authorizer's first category serves items that name none.
        const category = input.itemList.length
          ? (await code.getCategories({ accessToken: token.accessToken }))[0]
          : undefined;
        const itemList = category
          ? input.itemList.map((item) => ({ ...category, address: item.address, title: item.title, tag: item.tag }))
          : undefined;
        try {
          const { auditId } = await code.submitAudit({
            accessToken: token.accessToken,
            itemList,
            feedbackInfo: input.feedbackInfo,
            feedbackStuff: input.feedbackMedia ? [input.feedbackMedia] : undefined,
            ugcDeclare: input.ugcDeclare,
            previewInfo: input.previewInfo,
            orderPath: input.orderPath,
          });
          return { upstreamAuditId: auditId };
        } catch (error) {
          // 85009 "already under audit" on a repeat whose first answer was lost: that audit is this version's, adopt it.
          if (!isErrcode(error, 85009)) throw error;
          const latest = await code.getLatestAuditStatus({ accessToken: token.accessToken });
          if (
            !latest?.auditId ||
            latest.userVersion !== input.userVersion ||
            !['pending', 'delayed'].includes(latest.status)
          )
            throw error;
          return { upstreamAuditId: latest.auditId, adopted: true };
        }
      }),
    auditStatus: (token, input) =>
      tokenAware(async () => {
        const result = await code.getAuditStatus({ accessToken: token.accessToken, auditId: input.upstreamAuditId });
        if (result.status === 'approved' || result.status === 'rejected')
          return { status: result.status, reason: result.reason };
        return { status: 'pending', delayed: result.status === 'delayed' };
      }),
    // 85052 "already released": a repeated release (its first answer lost) found the work done.
    release: (token, input) =>
      tokenAware(() =>
        input.grayPercentage === undefined
          ? code
              .release({ accessToken: token.accessToken })
              .catch((error) => (isErrcode(error, 85052) ? undefined : Promise.reject(error)))
          : grayRelease(token.accessToken, input.grayPercentage),
      ),
    rollback: (token) => tokenAware(() => code.revertCodeRelease({ accessToken: token.accessToken })),
    versions: (token) =>
      tokenAware(async () => ({ ...(await code.getVersionInfo({ accessToken: token.accessToken })) })),
    baseinfo: (token) =>
      tokenAware(async () => ({ ...(await code.getAccountBasicInfo({ accessToken: token.accessToken })) })),
    experience: (token, input) =>
      tokenAware(async () => {
        const png = await code.getQrcode({ accessToken: token.accessToken, path: input.path });
        return { qrCodePngBase64: Buffer.from(png).toString('base64'), version: input.userVersion };
      }),
    members: (token, input) =>
      tokenAware(async () => {
        // Binding someone who is already a tester (85004, e.g. a repeat after a lost answer) leaves what was asked for.
        if (input.action === 'bind')
          await code
            .bindTester({ accessToken: token.accessToken, wechatId: input.member })
            .catch((error) => (isErrcode(error, 85004) ? undefined : Promise.reject(error)));
        else await code.unbindTester({ accessToken: token.accessToken, wechatId: input.member });
        return { members: await code.listTesters({ accessToken: token.accessToken }) };
      }),
  };
}
