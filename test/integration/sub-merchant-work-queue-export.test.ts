import { beforeAll, expect, it } from 'vitest';
import { GET } from '@/app/admin/payment-onboardings/[tenantId]/sub-merchants/export/route';
import { subMerchants, operators } from '@/server/db/schema';
import { createSubMerchant } from '@/server/services/sub-merchants/create-sub-merchant';
import { eq } from 'drizzle-orm';
import { translator } from '@/i18n/translate';
import { createConsoleTeam } from '../support/console-team';
import { describeEachDatabase } from '../support/databases';
import { inRequestScope, sessionCookie, useRequestScope } from '../support/next-request-scope';
import { callRoute } from '../support/call-route';
import { createPlatformWithKey } from '../support/fixtures';

describeEachDatabase('work queue CSV export (current view or selection, masked, streamed)', (database) => {
  useRequestScope();
  let platformId: string;
  let apiKey: string;
  const ids: string[] = [];
  const exportCsv = async (query: string, key = apiKey) => {
    const response = await callRoute(GET, `/admin/payment-onboardings/${platformId}/sub-merchants/export?${query}`, {
      headers: { authorization: `Bearer ${key}` },
      params: { tenantId: platformId },
    });
    return { response, text: await response.text() };
  };

  beforeAll(async () => {
    ({ platformId, apiKey } = await createPlatformWithKey(database().db));
    const ctx = { db: database().db, platformId, actor: 'test' };
    for (const [i, merchantName] of ['西湖茶社, "总店"', '=HYPERLINK("http://x")', '上海便利店', 'x;=1+1'].entries()) {
      const { record } = await createSubMerchant(ctx, {
        provider: 'providerA',
        distributorExternalUserId: `export-${i}`,
        formData: { merchantName, contactName: '司马联系', contactMobile: '13800138000' },
      });
      ids.push(record.id);
    }
    await database().db.update(subMerchants).set({ chApplymentState: 'auditing' }).where(eq(subMerchants.id, ids[2]!));
  });

  it('exports the view as CSV with personal fields masked and cells quoted', async () => {
    const { response, text } = await exportCsv('tab=all&sort=name');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(response.headers.get('content-disposition')).toMatch(/^attachment; filename="sub-merchants-all-/);
    const lines = text
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toContain('"Record id","Merchant","Distributor id"');
    expect(lines[0]).toContain('"Last update (UTC)"');
    expect(lines).toHaveLength(5);
    // Every cell quoted, so no separator a spreadsheet guesses (`;` in many locales) splits one.
    for (const line of lines) expect(line).toMatch(/^"([^"]|"")*"(,"([^"]|"")*")*$/);
    expect(text).toContain('"x;=1+1"');
    expect(text).not.toContain('司马联系');
    expect(text).not.toContain('13800138000');
    expect(text).toContain('138****8000');
    expect(text).toContain('"西湖茶社, ""总店"""');
    // A name a spreadsheet would run as a formula is written as text.
    expect(text).toContain(`"'=HYPERLINK(""http://x"")"`);
  });

  it('exports one tab, a search, and a selection only', async () => {
    const review = await exportCsv('tab=review');
    expect(review.text.trim().split('\r\n')).toHaveLength(2);
    expect(review.text).toContain('上海便利店');
    const search = await exportCsv('tab=all&q=西湖');
    expect(search.text).toContain('export-0');
    expect(search.text).not.toContain('export-2');
    const selected = await exportCsv(`ids=${ids[0]},${ids[2]}`);
    expect(selected.text.trim().split('\r\n')).toHaveLength(3);
    expect(selected.text).not.toContain('export-1');
  });

  it('refuses a bad query with a problem, and another platform’s key with 404', async () => {
    const bad = await exportCsv('tab=everything');
    expect(bad.response.status).toBe(400);
    expect(bad.response.headers.get('content-type')).toContain('application/problem+json');
    const other = await createPlatformWithKey(database().db);
    expect((await exportCsv('tab=all', other.apiKey)).response.status).toBe(404);
  });

  it('speaks the operator’s language and time zone: Chinese headers and labels, local times, a local file date', async () => {
    const team = await createConsoleTeam(database().db);
    const ctx = { db: database().db, platformId: team.platformId, actor: 'test' };
    const { record } = await createSubMerchant(ctx, {
      provider: 'providerA',
      distributorExternalUserId: 'export-zh',
      formData: { merchantName: '杭州小店' },
    });
    // 20:30 UTC is 04:30 the next day in Shanghai.
    await database()
      .db.update(subMerchants)
      .set({ chApplymentState: 'auditing', updatedAt: new Date('2026-11-27T20:30:00Z') })
      .where(eq(subMerchants.id, record.id));
    await database()
      .db.update(operators)
      .set({ locale: 'zh-CN', timeZone: 'Asia/Shanghai' })
      .where(eq(operators.id, team.ids.viewer));
    const response = await inRequestScope((request: Request) =>
      GET(request, { params: Promise.resolve({ tenantId: team.platformId }) }),
    )(
      new Request(`http://localhost:3000/admin/payment-onboardings/${team.platformId}/sub-merchants/export?tab=all`, {
        headers: { cookie: await sessionCookie(team.ids.viewer) },
      }),
    );
    expect(response.status).toBe(200);
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Shanghai' }).format(new Date());
    expect(response.headers.get('content-disposition')).toBe(`attachment; filename="sub-merchants-all-${today}.csv"`);
    const [header, line] = (await response.text())
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    const t = translator('zh-CN');
    expect(header).toContain('"记录 ID","商户名称","分销方 ID"');
    expect(header).toContain('"最近更新（Asia/Shanghai）"');
    expect(line).toContain(`"${t('subMerchants.provider.providerA')}"`);
    expect(line).toContain(`"${t('subMerchants.status.pending')}"`);
    expect(line).toContain(`"${t('subMerchants.state.auditing')}"`);
    expect(line).toContain('"2026-11-28 04:30:00"');
    expect(line).not.toContain('providerA"');
    expect(line).not.toMatch(/"auditing"|"pending"/);
  });
});
