/**
 * Issue 28 item 12 (audit log): the security-relevant changes are in the platform's log — a notify URL
 * changed, a test event sent, a member's sessions ended, a password changed or reset, an invitation accepted, an
 * account disabled — and the log names its targets (an operator's name and e-mail, the platform's name), not ids.
 */
import { eq } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { runCommand } from '@/cli/commands';
import { parseArgs } from '@/cli/parse-args';
import { operators, platforms } from '@/server/db/schema';
import { randomBase62 } from '@/server/ids';
import { createOperator } from '@/server/services/operators/create-operator';
import { appRouter } from '@/server/trpc/app-router';
import { createCallerFactory } from '@/server/trpc/init';
import { createConsoleTeam } from '../support/console-team';
import { describeEachDatabase } from '../support/databases';
import { linkToken, mailsTo, signUpByMail } from '../support/mailbox';

const fresh = (label: string) => `${label}-${Date.now()}-${randomBase62(6)}@example.com`.toLowerCase();

describeEachDatabase('the audit log records security changes by name', (database) => {
  let team: Awaited<ReturnType<typeof createConsoleTeam>>;
  const anonymous = () =>
    createCallerFactory(appRouter)({ operatorId: null, db: database().db as never, requestId: 'req_test' });

  beforeAll(async () => {
    team = await createConsoleTeam(database().db);
    await database().db.update(operators).set({ name: '王小明' }).where(eq(operators.id, team.ids.admin));
    await database().db.update(platforms).set({ name: '杭州好店' }).where(eq(platforms.id, team.platformId));
  });

  it('notify URL, test event, sessions ended, password changed and reset, invitation accepted, account disabled', async () => {
    const { platformId } = team;
    const admin = team.as('admin');
    await admin.platformConfig.set({
      platformId,
      key: 'payments.notify_url',
      value: 'https://erp.example.com/hook?t=s3cret',
    });
    await admin.events.sendTestEvent({ platformId, notifyUrlKey: 'payments.notify_url' });
    await admin.members.endSessions({ platformId, operatorId: team.ids.operator });
    await team
      .as('viewer')
      .me.changePassword({ currentPassword: 'a-long-password-1', newPassword: 'a-new-password-22' });

    const newcomer = fresh('newcomer');
    const { acceptPath } = await admin.members.invite({ platformId, email: newcomer, role: 'viewer' });
    await signUpByMail(anonymous(), {
      token: acceptPath.split('/').at(-1)!,
      name: '李雷',
      password: 'lis-own-password',
    });

    const resetting = fresh('resetting');
    const { operatorId: resettingId } = await createOperator(
      { db: database().db, actor: 'test' },
      { email: resetting, name: '韩梅梅', password: 'a-long-password-1', platformId, role: 'operator' },
    );
    await anonymous().passwordReset.request({ email: resetting });
    const token = linkToken((await mailsTo(resetting))[0], '/reset-password/')!;
    await anonymous().passwordReset.complete({ token, password: 'a-brand-new-password' });
    await runCommand(database().db, parseArgs(['operator', 'disable', '--email', resetting]));

    const log = (await admin.auditLog.list({ platformId })).data;
    const row = (action: string) => {
      const entry = log.find((e) => e.action === action);
      return entry && [entry.actorKind, entry.actorName ?? null, entry.targetType, entry.targetName ?? null];
    };
    const [viewer] = await database().db.select().from(operators).where(eq(operators.id, team.ids.viewer));
    const [operator] = await database().db.select().from(operators).where(eq(operators.id, team.ids.operator));
    expect(row('platform_config.set')).toEqual(['operator', '王小明', 'platform', '杭州好店']);
    expect(row('webhook.test_send')).toEqual(['operator', '王小明', 'event', null]);
    expect(row('member.sessions_end')).toEqual(['operator', '王小明', 'operator', operator!.email]);
    expect(row('operator.password_change')).toEqual(['operator', viewer!.email, 'operator', viewer!.email]);
    expect(row('member.invitation_accept')).toEqual(['operator', '李雷', 'invitation', null]);
    expect(row('operator.password_reset')).toEqual(['operator', '韩梅梅', 'operator', `韩梅梅 <${resetting}>`]);
    expect(row('operator.disable')).toEqual(['system', null, 'operator', `韩梅梅 <${resetting}>`]);
    expect(log.find((e) => e.action === 'platform_config.set')!.details).toEqual({
      key: 'payments.notify_url',
      removed: false,
    });
    // The URL's value (it may carry the receiver's token) stays out of the log, like every secret.
    expect(JSON.stringify(log)).not.toContain('s3cret');
    expect(log.filter((e) => e.targetId === resettingId).map((e) => e.action)).toEqual([
      'operator.disable',
      'operator.password_reset',
    ]);

    // Each kind is a filter of its own.
    for (const action of ['operator.password_reset', 'member.sessions_end', 'webhook.test_send'] as const)
      expect((await admin.auditLog.list({ platformId, action })).data.map((e) => e.action)).toEqual([action]);
  });
});
