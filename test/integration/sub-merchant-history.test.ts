import { eq, sql } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { subMerchantHistory } from '@/server/db/schema';
import { DRAFT_SESSION_GAP_MS } from '@/server/services/sub-merchants/list-sub-merchant-history';
import { createConsoleTeam } from '../support/console-team';
import { describeEachDatabase } from '../support/databases';
import { paymentsApi } from '../support/sub-merchants';

/**
 * The record's history in the console (tRPC `subMerchants.history`): one editing session's autosaves are one
 * entry naming every field it changed, while every save stays stored; assignments name operators, not ids.
 */
describeEachDatabase('sub-merchant history', (database) => {
  let team: Awaited<ReturnType<typeof createConsoleTeam>>;
  let api: ReturnType<typeof paymentsApi>;
  beforeAll(async () => {
    team = await createConsoleTeam(database().db);
    api = paymentsApi(team.apiKey);
  });

  const stored = async (id: string) =>
    database().db.select().from(subMerchantHistory).where(eq(subMerchantHistory.subMerchantId, id));
  const history = (id: string) => team.as('viewer').subMerchants.history({ platformId: team.platformId, id });

  it("groups one actor's consecutive draft saves into one entry per session and keeps every save stored", async () => {
    const { body } = await api.create({ distributorExternalUserId: 'history-autosave' });
    const id = body.id as string;
    const save = async (role: 'operator' | 'admin', formData: Record<string, string>) => {
      const current = (await team.as(role).subMerchants.get({ platformId: team.platformId, id })) as {
        updatedAt: string;
      };
      await team.as(role).subMerchants.saveDraft({
        platformId: team.platformId,
        id,
        formData,
        expectedUpdatedAt: current.updatedAt,
      });
    };
    // One session: the wizard autosaves field by field.
    await save('operator', { merchantShortname: '西湖茶社' });
    await save('operator', { contactName: '张三' });
    await save('operator', { merchantShortname: '西湖茶社二店' });
    await save('operator', { servicePhone: '057188888888' });
    // Another operator's save ends the session; the first operator's next one starts a new session.
    await save('admin', { contactName: '李四' });
    await save('operator', { contactName: '王五' });
    // The first session was long ago: a save now is a session of its own.
    await database().db.execute(
      sql`update ${subMerchantHistory} set created_at = created_at - make_interval(secs => ${(DRAFT_SESSION_GAP_MS / 1000) * 3})
          where sub_merchant_id = ${id}`,
    );
    await save('operator', { merchantShortname: '西湖茶社三店' });

    const updates = (await history(id)).filter((e) => e.action === 'updated');
    expect(
      updates.map((e) => ({
        actor: e.actor,
        saves: e.saves,
        fields: (e.changes.formData?.to as { fields: string[] }).fields,
      })),
    ).toEqual([
      {
        actor: `operator:${team.ids.operator}`,
        saves: 4,
        fields: ['contactName', 'merchantShortname', 'servicePhone'],
      },
      { actor: `operator:${team.ids.admin}`, saves: 1, fields: ['contactName'] },
      { actor: `operator:${team.ids.operator}`, saves: 1, fields: ['contactName'] },
      { actor: `operator:${team.ids.operator}`, saves: 1, fields: ['merchantShortname'] },
    ]);
    expect(updates[0]!.firstAt < updates[0]!.createdAt).toBe(true);
    // The audit trail is untouched: every save is still its own stored row.
    expect((await stored(id)).filter((r) => r.action === 'updated')).toHaveLength(7);
  });

  it('an assignment names the operators, not their ids', async () => {
    const { body } = await api.create({ distributorExternalUserId: 'history-assign' });
    const id = body.id as string;
    await team
      .as('admin')
      .subMerchantConsole.assign({ platformId: team.platformId, ids: [id], operatorId: team.ids.operator });
    const assigned = (await history(id)).find((e) => e.action === 'assigned')!;
    expect(assigned.changes.assignee).toEqual({
      from: null,
      to: { id: team.ids.operator, name: expect.stringMatching(/^operator-.*@example\.com$/) },
    });
  });
});
