/**
 * Issue 28 item 13: the zone console times are shown in. The operator's own choice first, then the zone their
 * browser reported (the console's cookie), then their language's default; a zone the runtime does not know is
 * never used. Read by every path that formats times for an operator: the profile (`me.get`) and the audit log's
 * day filters.
 */
import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { auditLog, operators } from '@/server/db/schema';
import { newId } from '@/server/ids';
import { appRouter } from '@/server/trpc/app-router';
import { createCallerFactory } from '@/server/trpc/init';
import { createConsoleTeam } from '../support/console-team';
import { describeEachDatabase } from '../support/databases';

describeEachDatabase('the operator’s time zone', (database) => {
  const asBrowser = (operatorId: string, browserTimeZone?: string) =>
    createCallerFactory(appRouter)({ operatorId, db: database().db as never, requestId: 'req_test', browserTimeZone });

  it('no choice: the browser’s zone, else the language’s; a choice wins over both; an unknown zone is ignored', async () => {
    const db = database().db;
    const team = await createConsoleTeam(db);
    const operatorId = team.ids.operator;
    const zone = async (browser?: string) => {
      const { operator } = await asBrowser(operatorId, browser).me.get();
      return [operator!.timeZone, operator!.timeZoneChosen];
    };
    await db.update(operators).set({ locale: 'en', timeZone: null }).where(eq(operators.id, operatorId));
    expect(await zone()).toEqual(['UTC', false]);
    expect(await zone('Asia/Shanghai')).toEqual(['Asia/Shanghai', false]);
    expect(await zone('Mars/Olympus')).toEqual(['UTC', false]);
    await db.update(operators).set({ locale: 'zh-CN' }).where(eq(operators.id, operatorId));
    expect(await zone()).toEqual(['Asia/Shanghai', false]);
    expect(await zone('Europe/Berlin')).toEqual(['Europe/Berlin', false]);
    await db.update(operators).set({ timeZone: 'America/New_York' }).where(eq(operators.id, operatorId));
    expect(await zone('Europe/Berlin')).toEqual(['America/New_York', true]);
  });

  it('the audit log counts days in the browser’s zone for an operator without a choice', async () => {
    const db = database().db;
    const team = await createConsoleTeam(db);
    await db.update(operators).set({ locale: 'en', timeZone: null }).where(eq(operators.id, team.ids.admin));
    // 17:00 UTC on 9 March is 01:00 on 10 March in Shanghai: that day there, the day before in UTC.
    await db.insert(auditLog).values({
      id: newId('aud'),
      platformId: team.platformId,
      actorKind: 'apikey',
      actorId: 'key_zone',
      actorName: 'ERP',
      action: 'mini_program.release',
      targetType: 'mini_program',
      targetId: 'wx-zone',
      createdAt: new Date('2025-03-09T17:00:00Z'),
    });
    const day = { platformId: team.platformId, from: '2025-03-10', to: '2025-03-10' };
    const ids = async (browser?: string) =>
      (await asBrowser(team.ids.admin, browser).auditLog.list(day)).data.map((e) => e.targetId);
    expect(await ids('Asia/Shanghai')).toEqual(['wx-zone']);
    expect(await ids()).toEqual([]);
  });
});
