import { expect, test } from '@playwright/test';
import { apiClient } from '../support/api-client';
import { admin, provision, viewer } from '../support/provision';
import { signIn } from '../support/sign-in';

test('an admin creates an API key (shown once), uses it, and revokes it', async ({ page }) => {
  await signIn(page, admin);
  await expect(page.getByLabel('Platform', { exact: true })).toHaveValue(provision().platformId);
  await page.getByRole('link', { name: 'Settings' }).click();
  await page.getByLabel('Key name').fill('Browser-made key');
  await page.getByRole('button', { name: 'Create key' }).click();
  const secret = (await page.getByTestId('new-api-key').textContent())!.trim();
  expect(secret).toMatch(/^sk_test_[0-9A-Za-z]{32}$/);
  await page.screenshot({ path: 'e2e/artifacts/settings-key-created.png', fullPage: true });

  const api = apiClient(secret);
  expect((await api.GET('/v1/payments/sub-merchants')).response.status).toBe(200);

  await page.getByRole('button', { name: 'Done' }).click();
  await expect(page.getByTestId('new-api-key')).toHaveCount(0);
  const row = page.getByRole('row', { name: /Browser-made key/ });
  await expect(row).toContainText('active');

  // The key was used, so revoking it asks first and wants its name typed. Cancel keeps everything.
  await row.getByRole('button', { name: 'Revoke Browser-made key' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Revoke the key “Browser-made key”?' });
  await expect(dialog).toContainText('Every integration calling /v1 with it is refused');
  await expect(dialog).toContainText('This key was last used');
  await expect(dialog.getByRole('button', { name: 'Revoke key' })).toBeDisabled();
  await dialog.getByLabel('Type “Browser-made key” to confirm').fill('Browser-made');
  await expect(dialog.getByRole('button', { name: 'Revoke key' })).toBeDisabled();
  await page.screenshot({ path: 'e2e/artifacts/settings-revoke-confirm.png' });
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(row).toContainText('active');
  await expect(row).not.toContainText('never');
  expect((await api.GET('/v1/payments/sub-merchants')).response.status).toBe(200);

  await row.getByRole('button', { name: 'Revoke Browser-made key' }).click();
  await expect(dialog.getByLabel('Type “Browser-made key” to confirm')).toHaveValue('');
  await dialog.getByLabel('Reason (optional)').fill('Rotated after the e2e run');
  await dialog.getByLabel('Type “Browser-made key” to confirm').fill('Browser-made key');
  await dialog.getByRole('button', { name: 'Revoke key' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(row).toContainText('revoked');
  await expect(page.getByText('Key “Browser-made key” revoked.')).toBeVisible();
  const refused = await api.GET('/v1/payments/sub-merchants');
  expect(refused.response.status).toBe(401);
  expect(refused.error).toMatchObject({ status: 401 });
});

test('platform config refuses an invalid value with a message on the field', async ({ page }) => {
  await signIn(page, admin);
  await page.getByRole('link', { name: 'Settings' }).click();
  const field = page.getByLabel('miniprogram.audit_notify_url');
  await field.fill('not a url');
  await field.press('Enter');
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  await field.fill('https://hooks.example.com/audit');
  await field.press('Enter');
  await expect(field).not.toHaveAttribute('aria-invalid', 'true');
  // The field is valid as soon as it is typed; the reload waits until the server has it.
  const form = page.locator('form').filter({ has: field });
  await expect(form.getByRole('status')).toHaveText('Saved');
  await page.reload();
  await expect(page.getByLabel('miniprogram.audit_notify_url')).toHaveValue('https://hooks.example.com/audit');
});

test('a viewer sees the lists but is not offered key management', async ({ page }) => {
  await signIn(page, viewer);
  await page.getByRole('link', { name: 'Settings' }).click();
  await expect(page.getByRole('heading', { name: 'Settings' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Create key' })).toHaveCount(0);
  await expect(page.getByText('Only admins manage API keys')).toBeVisible();
  await page.screenshot({ path: 'e2e/artifacts/settings-viewer.png', fullPage: true });
});

test('signing in with a wrong password says so and stays on the sign-in page', async ({ page }) => {
  await page.goto('/sign-in');
  await page.getByLabel('E-mail').fill(admin.email);
  await page.getByLabel('Password').fill('not-the-password');
  await page.getByRole('button', { name: 'Sign in' }).click();
  // Next.js's route announcer is also an alert: look inside the form.
  await expect(page.locator('form').getByRole('alert')).toHaveText('E-mail or password is not right.');
  await expect(page).toHaveURL(/\/sign-in/);
});

test('the console lists sub-merchants, filters them, and renders the other pages and the API reference', async ({
  page,
}) => {
  const distributor = `ui-list-${Date.now()}`;
  const created = await apiClient().POST('/v1/payments/sub-merchants', {
    body: { distributorExternalUserId: distributor },
  });
  expect(created.response.status).toBe(201);
  await signIn(page, admin);
  await expect(page.getByRole('cell', { name: distributor })).toBeVisible();
  const search = page.getByRole('searchbox', { name: /Search by name/ });
  await search.fill('nobody-has-this-id');
  await search.press('Enter');
  await expect(page.getByText('No record matches this search.')).toBeVisible();
  await search.fill(distributor);
  await search.press('Enter');
  await expect(page.getByRole('cell', { name: distributor })).toBeVisible();
  await page.screenshot({ path: 'e2e/artifacts/sub-merchants-list.png', fullPage: true });
  await page.getByRole('link', { name: 'Mini programs' }).click();
  await expect(page.getByRole('heading', { name: 'Mini programs', level: 1 })).toBeVisible();
  await page.getByRole('link', { name: 'API reference' }).click();
  await expect(page.getByRole('heading', { name: 'GET /v1/payments/sub-merchants', exact: true })).toBeVisible();
  await page.screenshot({ path: 'e2e/artifacts/docs.png', fullPage: true });
});
