import { beforeAll, expect, it } from 'vitest';
import { TRPCError } from '@trpc/server';
import { eq } from 'drizzle-orm';
import { subMerchants } from '@/server/db/schema';
import { revealFormData } from '@/server/services/sub-merchants/sub-merchant-dto';
import { createConsoleTeam } from '../support/console-team';
import { describeEachDatabase } from '../support/databases';
import { paymentsApi } from '../support/sub-merchants';

/**
 * The console wizard's draft save (tRPC `subMerchants.saveDraft`) and `/v1` PUT: a draft keeps exactly what was
 * typed, valid or not; a value still holding a personal field's mask is refused by name on both paths; a save
 * based on a stale `updatedAt` is a conflict instead of overwriting another tab's work.
 */
describeEachDatabase('sub-merchant draft save', (database) => {
  let team: Awaited<ReturnType<typeof createConsoleTeam>>;
  let api: ReturnType<typeof paymentsApi>;
  beforeAll(async () => {
    team = await createConsoleTeam(database().db);
    api = paymentsApi(team.apiKey);
  });

  const stored = async (id: string) =>
    revealFormData((await database().db.select().from(subMerchants).where(eq(subMerchants.id, id)))[0]!);
  const failure = async (promise: Promise<unknown>) => {
    try {
      await promise;
    } catch (error) {
      expect(error).toBeInstanceOf(TRPCError);
      const cause = (error as TRPCError).cause as { code?: string; errors?: { pointer: string; code: string }[] };
      return { code: (error as TRPCError).code, appCode: cause?.code, errors: cause?.errors ?? [] };
    }
    throw new Error('the call succeeded');
  };

  it('keeps invalid and incomplete values exactly as typed', async () => {
    const { body } = await api.create({ distributorExternalUserId: 'draft-invalid' });
    const operator = team.as('operator');
    const saved = await operator.subMerchants.saveDraft({
      platformId: team.platformId,
      id: body.id,
      formData: {
        idCardNumber: '12345',
        contactMobile: '1380013',
        licenseNumber: 'not-a-code',
        settlementId: '99999',
        accountBank: '不存在的银行',
      },
    });
    expect(saved.requirements.currentlyDue).toContain('merchantName');
    expect(await stored(body.id)).toMatchObject({
      idCardNumber: '12345',
      contactMobile: '1380013',
      licenseNumber: 'not-a-code',
      settlementId: '99999',
      accountBank: '不存在的银行',
    });
  });

  it("refuses a value the record's provider does not accept (an Alipay 政府机关, 企业微信), on tRPC and /v1; changes nothing", async () => {
    const { body } = await api.create({
      distributorExternalUserId: 'draft-alipay-values',
      provider: 'providerB',
      formData: { subjectType: 'SUBJECT_TYPE_ENTERPRISE' },
    });
    const refused = await failure(
      team.as('operator').subMerchants.saveDraft({
        platformId: team.platformId,
        id: body.id,
        formData: { subjectType: 'SUBJECT_TYPE_GOVERNMENT' },
      }),
    );
    expect(refused).toMatchObject({
      code: 'BAD_REQUEST',
      appCode: 'invalid_request',
      errors: [{ pointer: '/formData/subjectType', code: 'invalid_value' }],
    });
    const put = await api.put(body.id, { formData: { salesScene: ['SALES_SCENES_STORE', 'SALES_SCENES_WEWORK'] } });
    expect(put.status).toBe(400);
    expect(put.body.errors).toEqual([
      expect.objectContaining({ pointer: '/formData/salesScene/1', code: 'invalid_value' }),
    ]);
    const created = await api.create({
      distributorExternalUserId: 'draft-alipay-values-new',
      provider: 'providerB',
      formData: { subjectType: 'SUBJECT_TYPE_INSTITUTIONS' },
    });
    expect(created.status).toBe(400);
    expect(await stored(body.id)).toEqual({ subjectType: 'SUBJECT_TYPE_ENTERPRISE' });
    // WeChat takes them.
    const wechat = await api.create({
      distributorExternalUserId: 'draft-wechat-values',
      formData: { subjectType: 'SUBJECT_TYPE_GOVERNMENT', salesScene: ['SALES_SCENES_WEWORK'] },
    });
    expect(wechat.status).toBe(201);
  });

  it('refuses a value that still contains the mask, naming the field, on tRPC and /v1 alike; changes nothing', async () => {
    const { body } = await api.create({
      distributorExternalUserId: 'draft-mask',
      formData: { idCardName: '张三', idCardNumber: '110101199003071234', merchantShortname: 'Shop' },
    });
    expect(body.formData.idCardName).toBe('张*');
    const operator = team.as('operator');
    const refused = await failure(
      operator.subMerchants.saveDraft({
        platformId: team.platformId,
        id: body.id,
        formData: { idCardName: '张*三', merchantShortname: 'Other' },
      }),
    );
    expect(refused).toMatchObject({
      code: 'BAD_REQUEST',
      appCode: 'invalid_request',
      errors: [{ pointer: '/formData/idCardName', code: 'masked_value' }],
    });

    const put = await api.put(body.id, { formData: { idCardNumber: '**************1234x' } });
    expect(put.status).toBe(400);
    expect(put.headers.get('content-type')).toContain('application/problem+json');
    expect(put.body.errors).toEqual([
      expect.objectContaining({ pointer: '/formData/idCardNumber', code: 'masked_value' }),
    ]);

    const submit = await api.submit(body.id, { formData: { idCardName: '*三' } });
    expect(submit.status).toBe(400);
    expect(submit.body.errors[0].pointer).toBe('/formData/idCardName');

    expect(await stored(body.id)).toMatchObject({
      idCardName: '张三',
      idCardNumber: '110101199003071234',
      merchantShortname: 'Shop',
    });

    // The exact mask echoed back (a GET sent back whole) keeps the stored value; the whole new value replaces it.
    const echoed = await api.put(body.id, {
      formData: { idCardName: '张*', idCardNumber: body.formData.idCardNumber },
    });
    expect(echoed.status).toBe(200);
    await operator.subMerchants.saveDraft({
      platformId: team.platformId,
      id: body.id,
      formData: { idCardName: '李四' },
    });
    expect(await stored(body.id)).toMatchObject({ idCardName: '李四', idCardNumber: '110101199003071234' });
  });

  it('answers CONFLICT to a save based on a stale updatedAt, and keeps the other tab’s value', async () => {
    const { body } = await api.create({ distributorExternalUserId: 'draft-tabs' });
    const operator = team.as('operator');
    const seen = body.updatedAt as string;
    const first = await operator.subMerchants.saveDraft({
      platformId: team.platformId,
      id: body.id,
      formData: { merchantShortname: 'Tab one' },
      expectedUpdatedAt: seen,
    });
    expect(first.updatedAt).not.toBe(seen);
    const stale = await failure(
      operator.subMerchants.saveDraft({
        platformId: team.platformId,
        id: body.id,
        formData: { merchantShortname: 'Tab two' },
        expectedUpdatedAt: seen,
      }),
    );
    expect(stale).toMatchObject({ code: 'CONFLICT', appCode: 'conflict' });
    expect((await stored(body.id)).merchantShortname).toBe('Tab one');
    // Based on the latest save, the next one goes through.
    await operator.subMerchants.saveDraft({
      platformId: team.platformId,
      id: body.id,
      formData: { merchantShortname: 'Tab two' },
      expectedUpdatedAt: first.updatedAt,
    });
    expect((await stored(body.id)).merchantShortname).toBe('Tab two');
  });
});
