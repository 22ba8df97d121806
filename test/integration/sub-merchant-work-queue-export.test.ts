import { beforeAll, expect, it } from 'vitest';
import { GET } from '@/app/admin/payment-onboardings/[tenantId]/sub-merchants/export/route';
import { subMerchants } from '@/server/db/schema';
import { createSubMerchant } from '@/server/services/sub-merchants/create-sub-merchant';
import { eq } from 'drizzle-orm';
import { describeEachDatabase } from '../support/databases';
import { callRoute } from '../support/call-route';
import { createPlatformWithKey } from '../support/fixtures';

describeEachDatabase('work queue CSV export (current view or selection, masked, streamed)', (database) => {
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
    for (const [i, merchantName] of ['西湖茶社, "总店"', '=HYPERLINK("http://x")', '上海便利店'].entries()) {
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
    expect(lines[0]).toContain('id,name,distributorExternalUserId');
    expect(lines).toHaveLength(4);
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
});
