import { TRPCError } from '@trpc/server';
import { eq } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { mpAuthorizations } from '@/server/db/schema';
import { completeSellerAuthorization } from '@/server/services/mini-programs/complete-seller-authorization';
import { getSellerAuthorization } from '@/server/services/mini-programs/get-seller-authorization';
import { createOperator } from '@/server/services/operators/create-operator';
import { appRouter } from '@/server/trpc/app-router';
import { createCallerFactory } from '@/server/trpc/init';
import { describeEachDatabase } from '../support/databases';
import { createPlatformWithKey } from '../support/fixtures';
import { extJsonFor, pressAuthorize } from '../support/mini-programs';
import { useSandboxOverHttp } from '../support/sandbox-server';
import type { Provider } from '@/domain/providers';

const createCaller = createCallerFactory(appRouter);
const redirectUri = 'http://localhost:3000/authorize/done';
const providers = ['providerA', 'providerB'] as const;

async function trpcCode(promise: Promise<unknown>) {
  try {
    await promise;
    return 'OK';
  } catch (error) {
    expect(error).toBeInstanceOf(TRPCError);
    return (error as TRPCError).code;
  }
}

describeEachDatabase('seller authorization page and the console pipeline history', (database) => {
  const sandbox = useSandboxOverHttp();
  let seq = 0;

  async function team() {
    const platform = await createPlatformWithKey(database().db);
    const ids: Record<string, string> = {};
    for (const role of ['operator', 'viewer'] as const) {
      const email = `seller-${role}-${Date.now()}-${++seq}@example.com`;
      ids[role] = (
        await createOperator(
          { db: database().db, actor: 'test' },
          {
            email,
            password: 'a-long-password-1',
            platformId: platform.platformId,
            role,
          },
        )
      ).operatorId;
    }
    const as = (role: 'operator' | 'viewer') =>
      createCaller({ operatorId: ids[role]!, db: database().db, requestId: 'req_test' });
    return { ...platform, as };
  }

  let main: Awaited<ReturnType<typeof team>>;
  beforeAll(async () => {
    main = await team();
    expect((await sandbox.control(main.apiKey, 'POST', '/providerA/ticket')).body).toEqual({ delivered: true });
  });

  const start = async (platform: Provider, tenantId = 'seller-42') => {
    const started = await main.as('operator').sellerAuthorization.startAuthorizationWithSellerPage({
      platformId: main.platformId,
      platform,
      redirectUri,
      tenantId,
    });
    const url = new URL(started.sellerPageUrl);
    expect(url.origin).toBe('http://localhost:3000');
    const token = decodeURIComponent(url.pathname.replace('/authorize/', ''));
    return { started, token, stateHash: token.split('.')[0]! };
  };

  for (const provider of providers) {
    it(`${provider}: seller page → sandbox authorize → done page binds the app once; reloads say done`, async () => {
      const { started, token } = await start(provider);
      expect(started).not.toHaveProperty('state');
      const view = await getSellerAuthorization({ db: database().db, actor: 'test' }, { token });
      expect(view).toMatchObject({
        status: 'pending',
        provider,
        tenantId: 'seller-42',
        authUrl: started.authUrl,
        expiresAt: started.expiresAt,
      });
      expect(view).toHaveProperty('platformName', expect.stringMatching(/^Test platform/));
      expect(Boolean('mobileAuthUrl' in view && view.mobileAuthUrl)).toBe(provider === 'providerA');

      const query = await pressAuthorize(started.authUrl);
      const done = await completeSellerAuthorization({ db: database().db, actor: 'test' }, query);
      expect(done).toMatchObject({ status: 'done', provider });
      const appId = (done as { appId: string }).appId;
      const listed = await main.as('viewer').miniPrograms.authorizers({ platformId: main.platformId });
      expect(listed.data.find((a) => a.appId === appId)).toMatchObject({
        status: 'authorized',
        tenantId: 'seller-42',
        platform: provider,
      });

      expect(await completeSellerAuthorization({ db: database().db, actor: 'test' }, query)).toEqual(
        done.status === 'done' ? { status: 'done', platformName: done.platformName, provider, appId } : done,
      );
      const after = await getSellerAuthorization({ db: database().db, actor: 'test' }, { token });
      expect(after.status).toBe('done');
      expect(after).not.toHaveProperty('authUrl');
    });
  }

  it('refuses viewers, a redirect that is not the done page, and forged or malformed tokens', async () => {
    const input = { platformId: main.platformId, platform: 'providerA' as const, redirectUri };
    expect(await trpcCode(main.as('viewer').sellerAuthorization.startAuthorizationWithSellerPage(input))).toBe(
      'FORBIDDEN',
    );
    for (const bad of [
      'http://localhost:3000/elsewhere',
      'http://localhost:3000/authorize/done?x=1',
      'not a url',
      'http://evil.example/authorize/done',
    ]) {
      expect(
        await trpcCode(
          main.as('operator').sellerAuthorization.startAuthorizationWithSellerPage({ ...input, redirectUri: bad }),
        ),
      ).toBe('BAD_REQUEST');
    }
    const { token, stateHash } = await start('providerA');
    const forged = `${stateHash}.${'A'.repeat(43)}`;
    for (const bad of [forged, stateHash, '', 'x.y', `${token}0`])
      expect(await getSellerAuthorization({ db: database().db, actor: 'test' }, { token: bad })).toEqual({
        status: 'invalid',
      });
    expect(
      await completeSellerAuthorization(
        { db: database().db, actor: 'test' },
        { state: 'never-issued', auth_code: 'x' },
      ),
    ).toEqual({
      status: 'failed',
      reason: 'invalid',
    });
    expect(await completeSellerAuthorization({ db: database().db, actor: 'test' }, { state: 'never-issued' })).toEqual({
      status: 'failed',
      reason: 'invalid',
    });
  });

  it('shows expired and already-used links without their upstream links, and keeps the state after an upstream failure', async () => {
    const expired = await start('providerB');
    const expiredQuery = await pressAuthorize(expired.started.authUrl);
    await database()
      .db.update(mpAuthorizations)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(mpAuthorizations.stateHash, expired.stateHash));
    const view = await getSellerAuthorization({ db: database().db, actor: 'test' }, { token: expired.token });
    expect(view).toMatchObject({ status: 'expired', provider: 'providerB' });
    expect(view).not.toHaveProperty('authUrl');
    expect(await completeSellerAuthorization({ db: database().db, actor: 'test' }, expiredQuery)).toMatchObject({
      status: 'failed',
      reason: 'expired',
    });

    const used = await start('providerA');
    await database()
      .db.update(mpAuthorizations)
      .set({ usedAt: new Date() })
      .where(eq(mpAuthorizations.stateHash, used.stateHash));
    expect(await getSellerAuthorization({ db: database().db, actor: 'test' }, { token: used.token })).toMatchObject({
      status: 'used',
    });
    const usedQuery = await pressAuthorize(used.started.authUrl);
    expect(await completeSellerAuthorization({ db: database().db, actor: 'test' }, usedQuery)).toMatchObject({
      status: 'failed',
      reason: 'used',
    });

    const retry = await start('providerA');
    const query = await pressAuthorize(retry.started.authUrl);
    expect(
      await completeSellerAuthorization(
        { db: database().db, actor: 'test' },
        { ...query, auth_code: 'not-a-real-code' },
      ),
    ).toMatchObject({
      status: 'failed',
      reason: 'upstream',
    });
    expect((await getSellerAuthorization({ db: database().db, actor: 'test' }, { token: retry.token })).status).toBe(
      'pending',
    );
    expect(await completeSellerAuthorization({ db: database().db, actor: 'test' }, query)).toMatchObject({
      status: 'done',
    });
  });

  it("lists an authorizer's commits and audits newest first, for its own platform only", async () => {
    const { started } = await start('providerA', 'pipeline-seller');
    const done = await completeSellerAuthorization(
      { db: database().db, actor: 'test' },
      await pressAuthorize(started.authUrl),
    );
    const appId = (done as { appId: string }).appId;
    const [operator, viewer] = [main.as('operator'), main.as('viewer')];
    const at = { platformId: main.platformId, platform: 'providerA' as const };
    expect(await viewer.sellerAuthorization.authorizerAudits({ ...at, appId })).toEqual({ audits: [], commits: [] });
    const template = (await viewer.miniPrograms.templates({ ...at })).templates[0]!;
    for (const version of ['1.0.0', '1.0.1']) {
      await operator.miniPrograms.commit({
        ...at,
        authorizerAppId: appId,
        templateId: template.templateId,
        extJson: extJsonFor(appId),
        userVersion: version,
        userDesc: `v${version}`,
      });
    }
    const { auditId } = await operator.miniPrograms.submitAudit({ ...at, authorizerAppId: appId, itemList: [] });
    const history = await viewer.sellerAuthorization.authorizerAudits({ ...at, appId });
    expect(history.commits.map((c) => c.userVersion)).toEqual(['1.0.1', '1.0.0']);
    expect(history.audits).toEqual([
      expect.objectContaining({ auditId, userVersion: '1.0.1', status: 'pending', delayed: false }),
    ]);

    const other = await team();
    expect(
      await trpcCode(
        other.as('viewer').sellerAuthorization.authorizerAudits({ ...at, platformId: other.platformId, appId }),
      ),
    ).toBe('NOT_FOUND');
    expect(await trpcCode(viewer.sellerAuthorization.authorizerAudits({ ...at, platform: 'providerB', appId }))).toBe(
      'NOT_FOUND',
    );
  });
});
