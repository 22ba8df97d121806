import { expect, test, type Page } from '@playwright/test';
import { admin } from '../support/provision';
import {
  apiKeyFromPage,
  getSubMerchant,
  miniProgramUnderAudit,
  platformIdOf,
  submittedSubMerchant,
} from '../support/settings-helpers';
import { signIn } from '../support/sign-in';

async function openSandbox(page: Page) {
  await signIn(page, admin);
  const apiKey = await apiKeyFromPage(page, platformIdOf(page));
  await page.getByRole('link', { name: 'Sandbox', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Sandbox', level: 1 })).toBeVisible();
  return apiKey;
}

test('WeChat application: the sandbox page rejects it with a reason on the ID copy, then finishes it; the record follows', async ({
  page,
}) => {
  const apiKey = await openSandbox(page);
  const record = await submittedSubMerchant(apiKey, `sandbox-page-a-${Date.now()}`, 'providerA');
  await page.reload();
  const row = page.getByTestId(`applyment-${record.id}`);
  const state = row.getByTestId('applyment-state');
  await expect(state).toHaveText('under review');
  await expect(row).toContainText('WeChat Pay');

  await row.getByRole('button', { name: 'Reject…' }).click();
  await page.getByLabel('Field to reject').selectOption({ label: 'Legal representative ID card, portrait side' });
  await page.getByRole('button', { name: 'Reject', exact: true }).click();
  await expect(page.getByLabel('Reason')).toHaveAttribute('aria-invalid', 'true');
  await page.getByLabel('Reason').fill('身份证人像面照片模糊，请重新上传');
  await page.getByRole('button', { name: 'Reject', exact: true }).click();
  await expect(state).toHaveText('rejected');
  await expect(row).toContainText('id_card_copy: 身份证人像面照片模糊');
  await page.screenshot({ path: 'e2e/artifacts/sandbox-page-rejected.png', fullPage: true });
  const rejected = await getSubMerchant(apiKey, record.id);
  expect(rejected.chApplymentState).toBe('rejected');
  expect(rejected.rejectReasons).toEqual([
    expect.objectContaining({ field: 'idCardCopy', reason: expect.stringContaining('身份证人像面照片模糊') }),
  ]);

  await row.getByRole('button', { name: 'to be signed' }).click();
  await expect(state).toHaveText('to be signed');
  await row.getByRole('button', { name: 'finished' }).click();
  await expect(state).toHaveText('finished');
  const active = await getSubMerchant(apiKey, record.id);
  expect(active).toMatchObject({ status: 'active', chApplymentState: 'finished' });
  expect(active.chSubMchid).toBeTruthy();
  await expect(row).toContainText(active.chSubMchid as string);
});

test('Alipay application: finished on the sandbox page reaches the record through the signed push', async ({
  page,
}) => {
  const apiKey = await openSandbox(page);
  const record = await submittedSubMerchant(apiKey, `sandbox-page-b-${Date.now()}`, 'providerB');
  await page.reload();
  const row = page.getByTestId(`applyment-${record.id}`);
  await expect(row).toContainText('Alipay');
  await row.getByRole('button', { name: 'to be confirmed' }).click();
  await expect(row.getByTestId('applyment-state')).toHaveText('to be confirmed');
  await row.getByRole('button', { name: 'finished' }).click();
  await expect(row.getByTestId('applyment-state')).toHaveText('finished');
  await expect.poll(async () => (await getSubMerchant(apiKey, record.id)).status, { timeout: 15_000 }).toBe('active');
});

test('mini-program audits: push the ticket, approve one version and reject another with a reason; the audit status follows', async ({
  page,
  request,
}) => {
  const apiKey = await openSandbox(page);
  await page.getByRole('button', { name: 'Push component_verify_ticket (WeChat)' }).click();
  await expect(page.getByText('The ticket was pushed to the service.')).toBeVisible();
  const approved = await miniProgramUnderAudit(request, apiKey, '2.0.0');
  const rejected = await miniProgramUnderAudit(request, apiKey, '2.0.1');
  await page.reload();

  const approveRow = page.getByTestId(`audit-${approved.appId}`);
  await expect(approveRow).toContainText('2.0.0');
  await approveRow.getByRole('button', { name: 'Approve' }).click();
  await expect(page.getByText('Approved; the service was notified.')).toBeVisible();
  await expect(approveRow).toHaveCount(0);
  expect((await approved.auditStatus()).status).toBe('approved');

  const rejectRow = page.getByTestId(`audit-${rejected.appId}`);
  await rejectRow.getByRole('button', { name: 'Reject…' }).click();
  await page.getByLabel('Reason').fill('小程序页面内容不完整');
  await page.getByRole('button', { name: 'Reject', exact: true }).click();
  await expect(page.getByText('Rejected; the service was notified.')).toBeVisible();
  await expect(rejectRow).toHaveCount(0);
  expect(await rejected.auditStatus()).toMatchObject({
    status: 'rejected',
    reason: expect.stringContaining('小程序页面内容不完整'),
  });
  await page.screenshot({ path: 'e2e/artifacts/sandbox-page-audits.png', fullPage: true });
});
