import { expect, test, type Page } from '@playwright/test';
import { admin } from '../support/provision';
import { signIn } from '../support/sign-in';
import { apiKeyFromPage, platformIdOf, submittedSubMerchant, trpcFromPage } from '../support/settings-helpers';
import { expectAccessible } from '../support/axe';
import { moveApplyment, noSidewaysScroll } from '../support/sub-merchant-helpers';

const phone = { width: 375, height: 740 };
// A Chinese operator's browser in Shanghai: console times follow the browser's zone (no zone chosen in settings).
test.use({ timezoneId: 'Asia/Shanghai' });
const shot = (name: string) => `e2e/artifacts/audit-log-${name}.png`;

// An entry: its table row on a desktop, its card on a phone (DataTable renders both; one is hidden).
const entries = (page: Page) =>
  page.locator('[data-slot="data-table"] tbody tr:visible, [data-slot="data-table-card"]:visible');

test('the audit log page (zh-CN): a suspension shows who did it and why; filters narrow it; desktop and 375 px', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const run = Date.now().toString(36);
  const reason = `涉嫌违规经营，暂停核查 ${run}`;
  await signIn(page, admin);
  const platformId = platformIdOf(page);
  // Creating this key is an audited action too: the filter below has something to leave out.
  const apiKey = await apiKeyFromPage(page, platformId);

  // A live merchant, suspended by the signed-in admin with a reason (the console's own call).
  const record = await submittedSubMerchant(apiKey, `audit-${run}`, 'providerA', { merchantName: `审计茶社 ${run}` });
  await moveApplyment(request, record.chApplymentId!, { state: 'finished' });
  expect((await trpcFromPage(page, 'subMerchantConsole.refresh', { platformId, id: record.id })).status).toBe(200);
  const suspended = await trpcFromPage(page, 'subMerchants.update', {
    platformId,
    id: record.id,
    patch: { status: 'suspended', reason },
  });
  expect(suspended.status, JSON.stringify(suspended.body)).toBe(200);

  await page.getByLabel('Language').selectOption('zh-CN');
  try {
    await expect(page.getByRole('link', { name: '审计日志' })).toBeVisible();
    await page.getByRole('link', { name: '审计日志' }).click();
    await expect(page.getByRole('heading', { level: 1, name: '审计日志' })).toBeVisible();
    const ours = entries(page).filter({ hasText: reason });
    await expect(ours).toHaveCount(1);
    await expect(ours).toContainText(`操作员 ${admin.email}`);
    await expect(ours).toContainText('暂停子商户');
    await expect(ours).toContainText(record.id);
    await expect(ours.locator('time')).toHaveText(/\(GMT\+8\)$/);
    await expect(entries(page).filter({ hasText: '创建 API 密钥' }).first()).toBeVisible();

    // Filters: the action leaves the key creation out; a kind of actor that did not act leaves nothing.
    await page.getByLabel('操作', { exact: true }).selectOption('sub_merchant.suspend');
    await page.getByRole('button', { name: '筛选', exact: true }).click();
    await expect(entries(page).filter({ hasText: '创建 API 密钥' })).toHaveCount(0);
    await expect(ours).toHaveCount(1);
    await page.getByLabel('操作者', { exact: true }).selectOption('apikey');
    await page.getByRole('button', { name: '筛选', exact: true }).click();
    await expect(page.getByText('没有符合筛选条件的记录。').first()).toBeVisible();
    await page.getByRole('button', { name: '清除筛选' }).click();
    await expect(ours).toHaveCount(1);
    // One actor: a click on the admin's name leaves out what the service did (the provisioned key).
    await expect(entries(page).filter({ hasText: '系统' }).first()).toBeVisible();
    await ours.getByRole('button', { name: `只看操作员 ${admin.email}的操作` }).click();
    await expect(page.getByText(`只显示操作员 ${admin.email}的操作。`)).toBeVisible();
    await expect(entries(page).filter({ hasText: '系统' })).toHaveCount(0);
    await expect(ours).toHaveCount(1);
    await page.getByRole('button', { name: '显示全部操作者' }).click();
    await expect(entries(page).filter({ hasText: '系统' }).first()).toBeVisible();
    await noSidewaysScroll(page);
    await expectAccessible(page, 'audit log (zh-CN, desktop)');
    await page.screenshot({ path: shot('desktop-zh'), fullPage: true });

    // A phone: cards, nothing scrolls sideways, and the same filter works.
    await page.setViewportSize(phone);
    await expect(ours).toBeVisible();
    await noSidewaysScroll(page);
    await page.getByLabel('操作', { exact: true }).selectOption('sub_merchant.suspend');
    await page.getByRole('button', { name: '筛选', exact: true }).click();
    await expect(entries(page).filter({ hasText: '创建 API 密钥' })).toHaveCount(0);
    await expect(ours).toBeVisible();
    await noSidewaysScroll(page);
    await expectAccessible(page, 'audit log (zh-CN, 375 px)');
    await page.screenshot({ path: shot('phone-zh'), fullPage: true });
  } finally {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(`/platforms/${platformId}/sub-merchants`);
    await page.getByLabel('语言').selectOption('en');
    await expect(page.getByLabel('Language')).toBeVisible();
  }
});
