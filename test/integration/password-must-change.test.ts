/**
 * One-time passwords (the first-run admin's, a CLI operator's without --password-final) must be changed at the
 * first sign-in: until then the session reads `me` and changes its password, and every other procedure and
 * the /admin session route answer 403 `password_change_required`. Afterwards everything works.
 */
import fs from 'node:fs';
import { expect, it } from 'vitest';
import { getEnv } from '@/env';
import { firstAdminPasswordFile } from '@/server/config/first-admin-password-file';
import { firstRunNotice } from '@/server/startup/first-run-notice';
import * as uploadRoute from '@/app/admin/payment-onboardings/[tenantId]/media/route';
import { runCommand } from '@/cli/commands';
import { parseArgs } from '@/cli/parse-args';
import { randomBase62 } from '@/server/ids';
import { ensureFirstRunAdmin } from '@/server/services/operators/ensure-first-run-admin';
import { verifyOperatorCredentials } from '@/server/services/operators/verify-operator-credentials';
import { appRouter } from '@/server/trpc/app-router';
import { createCallerFactory } from '@/server/trpc/init';
import { callRoute } from '../support/call-route';
import { trpcFailure } from '../support/console-team';
import { describeEachDatabase } from '../support/databases';
import { inRequestScope, sessionCookie, useRequestScope } from '../support/next-request-scope';
import { callTrpcOverHttp, trpcProcedures } from '../support/trpc-procedures';
import { mediaForm, noisePng } from '../support/test-images';

const createCaller = createCallerFactory(appRouter);
const allowed = ['me.get', 'me.changePassword'];

describeEachDatabase('a one-time password must be changed first', (database) => {
  useRequestScope();
  const caller = (operatorId: string) => createCaller({ operatorId, db: database().db, requestId: 'req_test' });
  const procedure = (operatorId: string, path: string) =>
    path.split('.').reduce<unknown>((node, key) => (node as Record<string, unknown>)[key], caller(operatorId)) as (
      input: unknown,
    ) => Promise<unknown>;

  /** Every procedure but me.get and me.changePassword refuses the session, before reading its input. */
  async function expectLockedOut(operatorId: string, platformId: string) {
    const answers = await Promise.all(
      trpcProcedures
        .filter((p) => !allowed.includes(p.path))
        .map(async (p) => [p.path, await trpcFailure(procedure(operatorId, p.path)({ platformId }))] as const),
    );
    expect(answers.length).toBeGreaterThan(40);
    for (const [path, answer] of answers)
      expect(answer, path).toEqual({ code: 'FORBIDDEN', appCode: 'password_change_required' });
    // The profile through the one operator service: a zone is always set, the language's default when none was chosen.
    expect((await caller(operatorId).me.get()).operator).toMatchObject({
      id: operatorId,
      passwordMustChange: true,
      timeZone: expect.stringMatching(/^(Asia\/Shanghai|UTC)$/),
      timeZoneChosen: false,
    });
    // The same over HTTP with a real session cookie, and on the /admin route that accepts sessions.
    const cookie = await sessionCookie(operatorId);
    const overHttp = await callTrpcOverHttp({
      method: 'GET',
      path: 'subMerchantConsole.queue',
      input: JSON.stringify({ platformId }),
      cookie,
    });
    expect(overHttp.status).toBe(403);
    expect(JSON.parse(overHttp.text).error.data).toMatchObject({
      code: 'FORBIDDEN',
      appCode: 'password_change_required',
    });
    const upload = await callRoute(inRequestScope(uploadRoute.POST), `/admin/payment-onboardings/${platformId}/media`, {
      method: 'POST',
      headers: { cookie },
      body: mediaForm({ bytes: await noisePng(8, 8), name: 'a.png' }),
      params: { tenantId: platformId },
    });
    expect(upload.status).toBe(403);
    expect(((await upload.json()) as { code: string }).code).toBe('password_change_required');
  }

  async function expectWorksAfterChange(operatorId: string, platformId: string, oneTimePassword: string) {
    await expect(
      caller(operatorId).me.changePassword({ currentPassword: oneTimePassword, newPassword: 'my-very-own-password-1' }),
    ).resolves.toEqual({ changed: true });
    expect((await caller(operatorId).me.get()).operator).toMatchObject({ passwordMustChange: false });
    expect((await caller(operatorId).apiKeys.create({ platformId, name: 'after the change' })).secret).toMatch(
      /^sk_test_/,
    );
    expect(await caller(operatorId).subMerchantConsole.queue({ platformId })).toMatchObject({
      data: expect.any(Array),
    });
    await expect(caller(operatorId).me.setLocale({ locale: 'en' })).resolves.toBe('en');
  }

  it('the first-run admin signs in with the printed password, can only change it, then uses the console', async () => {
    const first = (await ensureFirstRunAdmin({ db: database().db, actor: 'test' }))!;
    expect(first).not.toBeNull();
    // Started without a terminal: the one-time password went to DATA_DIR, where it stays until it is changed.
    const { dataDir } = getEnv();
    firstRunNotice(first, { interactive: false, dataDir });
    expect(fs.existsSync(firstAdminPasswordFile(dataDir))).toBe(true);
    const admin = (await verifyOperatorCredentials(
      { db: database().db, actor: 'test' },
      { email: first.email, password: first.password },
    ))!;
    await expectLockedOut(admin.id, first.platformId);
    await expectWorksAfterChange(admin.id, first.platformId, first.password);
    expect(fs.existsSync(firstAdminPasswordFile(dataDir))).toBe(false);
  });

  it('a CLI operator must change the password, unless it was created with --password-final', async () => {
    const cli = (line: string) => runCommand(database().db, parseArgs(line.split(' ')));
    const { platformId } = (await cli('platform create --name Provisioned')) as { platformId: string };
    const handedOver = `handed-${randomBase62(6).toLowerCase()}@example.com`;
    const created = (await cli(
      `operator create --email ${handedOver} --password given-to-someone-1 --platform ${platformId} --role admin`,
    )) as {
      operatorId: string;
      passwordMustChange: boolean;
    };
    expect(created.passwordMustChange).toBe(true);
    // The first admin's password file is not this operator's: their change leaves it.
    const { dataDir } = getEnv();
    firstRunNotice({ email: 'first-admin@example.com', password: 'one-time-1' }, { interactive: false, dataDir });
    await expectLockedOut(created.operatorId, platformId);
    // A wrong current password is still refused, and the flag stays.
    expect(
      await trpcFailure(
        caller(created.operatorId).me.changePassword({
          currentPassword: 'not-it-at-all',
          newPassword: 'my-very-own-password-1',
        }),
      ),
    ).toEqual({
      code: 'BAD_REQUEST',
      appCode: 'invalid_request',
    });
    expect(await trpcFailure(caller(created.operatorId).apiKeys.list({ platformId }))).toEqual({
      code: 'FORBIDDEN',
      appCode: 'password_change_required',
    });
    await expectWorksAfterChange(created.operatorId, platformId, 'given-to-someone-1');
    expect(fs.existsSync(firstAdminPasswordFile(dataDir))).toBe(true);
    fs.rmSync(firstAdminPasswordFile(dataDir));

    const scripted = `scripted-${randomBase62(6).toLowerCase()}@example.com`;
    const final = (await cli(
      `operator create --email ${scripted} --password chosen-by-the-script --password-final --platform ${platformId} --role viewer`,
    )) as {
      operatorId: string;
      passwordMustChange: boolean;
    };
    expect(final).toMatchObject({ passwordMustChange: false, role: 'viewer', platformId });
    expect(await caller(final.operatorId).subMerchantConsole.queue({ platformId })).toMatchObject({
      data: expect.any(Array),
    });
  });
});
