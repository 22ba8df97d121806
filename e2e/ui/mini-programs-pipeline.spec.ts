import { expectAccessible } from '../support/axe';
import { expect, test, type Page } from '@playwright/test';
import { authorizeAsSeller, createSellerLink, phone, pushTicket } from '../support/mini-programs-flow';
import { admin, sandboxControlHeaders, viewer } from '../support/provision';
import { signIn } from '../support/sign-in';

const expectNoSeriousViolations = (page: Page) => expectAccessible(page, page.url());

const validExt = (appId: string) =>
  JSON.stringify(
    { extEnable: true, extAppid: appId, ext: { shopId: 'e2e' }, window: { navigationBarTitleText: '示例小店' } },
    null,
    2,
  );

// The tests share one authorizer: a later test runs only after the first one made it.
test.describe.configure({ mode: 'serial' });
let pipelineUrl = '';

test.beforeAll(async ({ request }) => pushTicket(request));

test('commit, submit for audit, approval seen without reloading, release; experience QR and testers; once in Chinese', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  await signIn(page, admin);
  const nickname = `Pipeline Shop ${Date.now() % 100000}`;
  const sellerPageUrl = await createSellerLink(page, { provider: 'providerA', tenantId: `pipeline-${Date.now()}` });
  const { context, appId } = await authorizeAsSeller(browser, sellerPageUrl, { provider: 'providerA', nickname });
  await context.close();

  await page.reload();
  await page.getByRole('link', { name: nickname }).click();
  await expect(page.getByRole('heading', { level: 1, name: nickname })).toBeVisible();
  pipelineUrl = page.url();
  expect(pipelineUrl).toContain(`/mini-programs/${appId}?platform=providerA`);
  await expect(page.getByTestId('stage-committed')).toContainText('Nothing committed yet.');

  // An ext JSON that breaks the rules is refused in the browser, on the field, and nothing is sent.
  const commits: string[] = [];
  page.on('request', (r) => r.url().includes('miniPrograms.commit') && commits.push(r.url()));
  const ext = page.getByLabel('ext JSON');
  await page.getByLabel('Version', { exact: true }).fill('1.0.0');
  await page.getByLabel('Description').fill('First release from the console');
  await ext.fill('{"extEnable": true, "ext": [], "window": {}}');
  await page.getByRole('button', { name: 'Commit', exact: true }).click();
  await expect(ext).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByTestId('ext-json-error')).toContainText('“extAppid” is missing.');
  await expect(page.getByTestId('ext-json-error')).toContainText('“ext” must be of type record.');
  await expect(ext).toBeFocused();
  await ext.fill('{"extEnable": true,');
  await page.getByRole('button', { name: 'Commit', exact: true }).click();
  await expect(page.getByTestId('ext-json-error')).toContainText('This is not valid JSON');
  await page.screenshot({ path: 'e2e/artifacts/mini-programs-ext-json-error.png', fullPage: true });
  expect(commits).toEqual([]);

  await ext.fill(validExt(appId));
  await page.getByRole('button', { name: 'Commit', exact: true }).click();
  await expect(page.getByText('Version 1.0.0 committed.')).toBeVisible();
  await expect(ext).not.toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByTestId('stage-committed')).toContainText('Version 1.0.0');
  expect(commits).toHaveLength(1);

  await page.getByLabel('Page address 1').fill('pages/index/index');
  await page.getByLabel('Page title 1').fill('首页');
  await page.getByLabel('Tags 1').fill('购物');
  await page.getByRole('button', { name: 'Submit for audit' }).click();
  const audit = page.getByTestId('stage-audit');
  await expect(audit).toContainText('under audit');
  const auditId = ((await audit.locator('code').textContent()) ?? '').trim();
  expect(auditId).not.toBe('');
  await expect(page.getByRole('button', { name: /^Release version/ })).toHaveCount(0);
  await expectNoSeriousViolations(page);
  await page.screenshot({ path: 'e2e/artifacts/mini-programs-pipeline-pending.png', fullPage: true });

  // The reviewer approves in the sandbox; the page notices by itself (it polls auditStatus every 5 s).
  const decided = await request.post(`/sandbox/control/providerA/audits/${encodeURIComponent(auditId)}`, {
    headers: sandboxControlHeaders(),
    data: { decision: 'approve' },
  });
  expect(decided.status()).toBe(200);
  await expect(audit).toContainText('approved', { timeout: 20_000 });

  // Releasing asks first and says what goes live; Cancel releases nothing.
  await page.getByRole('button', { name: 'Release version 1.0.0' }).click();
  const confirmRelease = page.getByRole('alertdialog', { name: 'Release version 1.0.0 to every user?' });
  await expect(confirmRelease).toContainText('It is the first release');
  await confirmRelease.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirmRelease).toHaveCount(0);
  await expect(page.getByTestId('stage-released')).toContainText('Not released yet.');
  await page.getByRole('button', { name: 'Release version 1.0.0' }).click();
  await confirmRelease.getByRole('button', { name: 'Release 1.0.0' }).click();
  await expect(page.getByText('Version 1.0.0 is released.')).toBeVisible();
  await expect(page.getByTestId('stage-released')).toContainText('Version 1.0.0');
  // Nothing was released before 1.0.0, so there is nothing to roll back to.
  await expect(page.getByRole('button', { name: /^Roll back/ })).toHaveCount(0);

  await page.getByRole('button', { name: 'Get experience QR code' }).click();
  await expect(page.getByRole('img', { name: 'Experience QR code of version 1.0.0' })).toBeVisible();
  await page.getByLabel('Tester account (WeChat id or Alipay login)').fill('qa_tester_01');
  await page.getByRole('button', { name: 'Bind tester', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Current testers' })).toBeVisible();
  await expectNoSeriousViolations(page);
  await page.screenshot({ path: 'e2e/artifacts/mini-programs-pipeline-released.png', fullPage: true });

  // The same page in Chinese, then back to English for the other tests.
  await page.getByLabel('Language').selectOption('zh-CN');
  await expect(page.getByRole('heading', { level: 2, name: '发布流程' })).toBeVisible();
  await expect(page.getByTestId('stage-audit')).toContainText('审核通过');
  await expect(page.getByTestId('stage-released')).toContainText('已发布');
  await expect(page.getByRole('heading', { level: 2, name: '提交代码' })).toBeVisible();
  await page.screenshot({ path: 'e2e/artifacts/mini-programs-pipeline-zh.png', fullPage: true });
  // A version of blanks is refused on its field, in Chinese, and nothing is sent.
  const commitsBefore = commits.length;
  const version = page.getByLabel('版本号', { exact: true });
  await version.fill('   ');
  await page.getByRole('button', { name: '提交代码', exact: true }).click();
  await expect(version).toHaveAttribute('aria-invalid', 'true');
  await expect(version).toHaveAccessibleDescription('请填写版本号。');
  await expect(version).toBeFocused();
  expect(commits).toHaveLength(commitsBefore);
  await page.getByLabel('语言').selectOption('en');
  await expect(page.getByRole('heading', { level: 2, name: 'Pipeline' })).toBeVisible();
});

test('a rejected audit shows its reason and offers no release', async ({ page, request }) => {
  await signIn(page, admin);
  await page.goto(pipelineUrl);
  await page.getByLabel('Version', { exact: true }).fill('1.1.0');
  await page.getByRole('button', { name: 'Commit', exact: true }).click();
  await expect(page.getByTestId('stage-committed')).toContainText('Version 1.1.0');
  await expect(page.getByTestId('stage-audit')).toContainText('Version 1.1.0 is committed and waits to be submitted.');
  await page.getByRole('button', { name: 'Submit for audit' }).click();
  const audit = page.getByTestId('stage-audit');
  await expect(audit).toContainText('Version 1.1.0');
  await expect(audit).toContainText('under audit');
  const auditId = ((await audit.locator('code').textContent()) ?? '').trim();
  const reason = '小程序名称与内容不符';
  expect(
    (
      await request.post(`/sandbox/control/providerA/audits/${encodeURIComponent(auditId)}`, {
        headers: sandboxControlHeaders(),
        data: { decision: 'reject', reason },
      })
    ).status(),
  ).toBe(200);
  await expect(audit).toContainText('rejected', { timeout: 20_000 });
  await expect(audit).toContainText(reason);
  await expect(page.getByRole('button', { name: /^Release version/ })).toHaveCount(0);
  await expect(page.getByTestId('stage-released')).toContainText('Version 1.0.0');
});

test('a viewer sees the pipeline but no commit, submit or release; the server refuses release with 403', async ({
  page,
}) => {
  await signIn(page, viewer);
  await page.goto(pipelineUrl);
  await expect(page.getByTestId('stage-released')).toContainText('Version 1.0.0');
  await expect(page.getByText('You have read access')).toBeVisible();
  for (const name of [/^Release version/, /^Roll back/, /^Commit$/, /^Submit for audit$/, /^Get experience QR code$/]) {
    await expect(page.getByRole('button', { name })).toHaveCount(0);
  }
  // Usable on a phone: the stages stack and nothing runs off the side.
  await page.setViewportSize(phone);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(phone.width);
  await page.screenshot({ path: 'e2e/artifacts/mini-programs-pipeline-375.png', fullPage: true });
  await page.getByRole('link', { name: 'All mini programs' }).click();
  await expect(page.getByRole('button', { name: 'Create seller link' })).toHaveCount(0);
  const platformId = new URL(pipelineUrl).pathname.split('/')[2]!;
  const appId = new URL(pipelineUrl).pathname.split('/')[4]!;
  const refused = await page.request.post('/api/trpc/miniPrograms.release', {
    data: { platformId, platform: 'providerA', authorizerAppId: appId },
  });
  expect(refused.status()).toBe(403);
  await page.screenshot({ path: 'e2e/artifacts/mini-programs-viewer.png', fullPage: true });
});

test('a second release can be rolled back after confirming: the page shows the earlier version live again', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  await signIn(page, admin);
  await page.goto(pipelineUrl);
  await page.getByLabel('Version', { exact: true }).fill('1.2.0');
  await page.getByRole('button', { name: 'Commit', exact: true }).click();
  await expect(page.getByTestId('stage-committed')).toContainText('Version 1.2.0');
  await page.getByRole('button', { name: 'Submit for audit' }).click();
  const audit = page.getByTestId('stage-audit');
  await expect(audit).toContainText('Version 1.2.0');
  // Read the id only once the new audit is shown (before, the stage still shows the previous, rejected one).
  await expect(audit).toContainText('under audit');
  const auditId = ((await audit.locator('code').textContent()) ?? '').trim();
  const decided = await request.post(`/sandbox/control/providerA/audits/${encodeURIComponent(auditId)}`, {
    headers: sandboxControlHeaders(),
    data: { decision: 'approve' },
  });
  expect(decided.status()).toBe(200);
  await expect(audit).toContainText('approved', { timeout: 20_000 });

  await page.getByRole('button', { name: 'Release version 1.2.0' }).click();
  const confirmRelease = page.getByRole('alertdialog', { name: 'Release version 1.2.0 to every user?' });
  await expect(confirmRelease).toContainText('replacing 1.0.0');
  await confirmRelease.getByRole('button', { name: 'Release 1.2.0' }).click();
  await expect(page.getByTestId('live-version')).toHaveText('Live version: 1.2.0');

  // Rollback names both versions; Cancel keeps 1.2.0 live.
  await page.getByRole('button', { name: 'Roll back to version 1.0.0' }).click();
  const confirmRollback = page.getByRole('alertdialog', { name: 'Roll back from 1.2.0 to 1.0.0?' });
  await expect(confirmRollback).toContainText('gets version 1.0.0 again instead of 1.2.0');
  await page.screenshot({ path: 'e2e/artifacts/mini-programs-rollback-confirm.png' });
  await confirmRollback.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByTestId('live-version')).toHaveText('Live version: 1.2.0');
  await expect(page.getByTestId('stage-released')).toContainText('Version 1.2.0');

  await page.getByRole('button', { name: 'Roll back to version 1.0.0' }).click();
  await confirmRollback.getByLabel('Reason (optional)').fill('Checkout broke in 1.2.0');
  await confirmRollback.getByRole('button', { name: 'Roll back to 1.0.0' }).click();
  await expect(page.getByTestId('live-version')).toHaveText('Live version: 1.0.0');
  await expect(page.getByTestId('stage-released')).toContainText('Version 1.0.0');
  await expect(page.getByRole('button', { name: /^Roll back/ })).toHaveCount(0);
  await page.screenshot({ path: 'e2e/artifacts/mini-programs-rolled-back.png', fullPage: true });
});
