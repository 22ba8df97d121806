import { expect, test } from '@playwright/test';
import { apiClient } from '../support/api-client';
import { admin, viewer } from '../support/provision';
import { apiKeyFromPage, platformIdOf, trpcFromPage } from '../support/settings-helpers';
import { signIn } from '../support/sign-in';

type BatchError = [{ error: { data: { code: string; httpStatus: number } } }];

test('a viewer is offered no submit, release or key buttons, and the server answers 403 FORBIDDEN when it calls anyway', async ({
  page,
  browser,
}) => {
  // An admin (in its own browser context) makes a draft record the viewer will try to submit.
  const adminContext = await browser.newContext();
  const adminPage = await adminContext.newPage();
  await signIn(adminPage, admin);
  const platformId = platformIdOf(adminPage);
  const apiKey = await apiKeyFromPage(adminPage, platformId);
  await adminContext.close();
  const api = apiClient(apiKey);
  const created = await api.POST('/v1/payments/sub-merchants', {
    body: { distributorExternalUserId: `viewer-target-${Date.now()}` },
  });
  expect(created.response.status).toBe(201);
  const recordId = created.data!.id;

  await signIn(page, viewer);
  expect(platformIdOf(page)).toBe(platformId);
  await expect(page.getByRole('button', { name: /submit|提交/i })).toHaveCount(0);
  // The audit log is for admins: no entry in the navigation, and its address says so instead of showing it.
  await expect(page.getByRole('link', { name: 'Audit log' })).toHaveCount(0);
  await page.goto(`/platforms/${platformId}/audit-log`);
  await expect(page.getByText('Only administrators of this platform can read its audit log.')).toBeVisible();

  await page.getByRole('link', { name: 'Settings' }).click();
  await expect(page.getByRole('heading', { name: 'Settings', level: 1 })).toBeVisible();
  await expect(page.getByText('Only admins manage API keys.')).toBeVisible();
  await expect(page.getByText('Only admins see and manage the operators of this platform.')).toBeVisible();
  for (const name of ['Create key', 'Add operator', 'Reveal secret', 'Rotate secret…', 'Add template', 'Save']) {
    await expect(page.getByRole('button', { name, exact: true })).toHaveCount(0);
  }
  await expect(page.getByRole('button', { name: /^(Redeliver|Revoke|Delete)/ })).toHaveCount(0);
  await expect(page.getByLabel(/Sub-merchant events URL/)).toHaveAttribute('readonly', '');
  await page.screenshot({ path: 'e2e/artifacts/roles-viewer-settings.png', fullPage: true });

  await page.getByRole('link', { name: 'Mini programs' }).click();
  await expect(page.getByRole('heading', { name: 'Mini programs', level: 1 })).toBeVisible();
  await expect(page.getByRole('button', { name: /release|submit for audit|发布|提交审核/i })).toHaveCount(0);

  await page.getByRole('link', { name: 'Sandbox', exact: true }).click();
  await expect(page.getByText('Only operators and admins use the sandbox controls.')).toBeVisible();
  await expect(page.getByRole('button', { name: /Approve|Push component_verify_ticket/ })).toHaveCount(0);

  // The viewer calls the procedures anyway, from the page, with its own session cookie.
  const calls: [string, unknown][] = [
    ['apiKeys.create', { platformId }],
    ['subMerchants.submit', { platformId, id: recordId }],
    ['subMerchants.update', { platformId, id: recordId, patch: { commissionRate: 1 } }],
    ['miniPrograms.release', { platformId, platform: 'providerA', authorizerAppId: 'wx0000000000000000' }],
    ['events.rotateWebhookSecret', { platformId }],
    ['members.invite', { platformId, email: 'intruder@example.com', role: 'admin' }],
  ];
  for (const [path, input] of calls) {
    const answer = await trpcFromPage(page, path, input);
    expect(answer.status, path).toBe(403);
    expect((answer.body as BatchError)[0].error.data, path).toMatchObject({ code: 'FORBIDDEN', httpStatus: 403 });
  }
  // Reading is what a viewer may do: the same session is signed in, not refused wholesale.
  const list = await trpcFromPage(page, 'subMerchantConsole.queue', { platformId }, 'GET');
  expect(list.status).toBe(200);
  // Nothing changed: the record is still a draft, the intruder was not invited.
  const { data: record } = await api.GET('/v1/payments/sub-merchants/{id}', { params: { path: { id: recordId } } });
  expect(record!.chApplymentState ?? null).toBeNull();
  expect(record!.commissionRate).not.toBe(1);
});
