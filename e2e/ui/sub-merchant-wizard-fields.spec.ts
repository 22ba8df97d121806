import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { completeFormDataFixture } from '../../test/support/form-data-fixtures';
import { largePhotoFile, uploadedImages, uploadImage } from '../support/sub-merchant-helpers';
import { apiClient } from '../support/api-client';
import { admin } from '../support/provision';
import { signIn } from '../support/sign-in';

test('image fields refuse a non-image in the browser and shrink a phone photo over 10 MB before uploading it', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const notes = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'sub-merchant-e2e-')), 'notes.txt');
  fs.writeFileSync(notes, 'not an image');
  const photo = await largePhotoFile();
  expect(fs.statSync(photo).size).toBeGreaterThan(10 * 1024 * 1024);
  await signIn(page, admin);
  await page.getByRole('button', { name: 'New sub-merchant' }).click();
  await page.getByRole('form', { name: 'New sub-merchant' }).getByLabel('Provider').selectOption('providerB');
  await page.getByLabel('Distributor id (optional)').fill(`photo-${Date.now()}`);
  await page.getByRole('button', { name: 'Create and start the wizard' }).click();
  await page.getByLabel('Subject type').selectOption('SUBJECT_TYPE_INDIVIDUAL');
  await expect(page.locator('#field-licenseCopy')).toBeEnabled(); // enabled once hydrated
  await page.locator('#field-licenseCopy').setInputFiles(notes);
  await expect(page.getByTestId('upload-licenseCopy')).toHaveText('This file is not a JPEG, PNG or BMP image.');
  await uploadImage(page, 'licenseCopy', photo);
  await expect(page.getByRole('img', { name: 'Business license photo, image 1' })).toBeVisible();
});

test('a 422 from submit lands on the exact field, on its step, focused — here a bad ID number an integrator stored', async ({
  page,
}) => {
  const formData = completeFormDataFixture({ ...(await uploadedImages()), idCardNumber: '12345' });
  const created = await apiClient().POST('/v1/payments/sub-merchants', {
    body: { distributorExternalUserId: `bad-id-${Date.now()}`, formData },
  });
  expect(created.response.status).toBe(201);
  const { id } = created.data!;
  await signIn(page, admin);
  await page.goto(`${page.url()}/${id}/edit?step=review`);
  await expect(page.getByTestId('review-missing')).toContainText('Everything required is filled in.');
  await page.getByRole('button', { name: 'Submit for review' }).click();
  await expect(page).toHaveURL(/step=legalPerson/);
  const field = page.getByLabel('ID card number');
  await expect(field).toBeFocused();
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  await expect(page.locator('#field-idCardNumber-error')).toContainText(
    'ID card number must be an 18-character mainland ID number',
  );
  await expect(page.getByTestId('error-summary')).toContainText('ID card number');
  await expect(page.getByRole('alert').filter({ hasText: 'Not submitted' })).toBeVisible();
  await page.screenshot({ path: 'e2e/artifacts/sub-merchant-wizard-422.png', fullPage: true });
  await field.fill('11010519491231002X');
  await expect(field).not.toHaveAttribute('aria-invalid', 'true');
});

test('the wizard fits a 375 px phone screen', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 812 });
  await signIn(page, admin);
  await page.getByRole('button', { name: 'New sub-merchant' }).click();
  await page.getByLabel('Distributor id (optional)').fill(`phone-${Date.now()}`);
  await page.getByRole('button', { name: 'Create and start the wizard' }).click();
  await page
    .getByRole('navigation', { name: 'Steps of the onboarding form' })
    .getByRole('link', { name: /Business information/ })
    .click();
  await page.getByRole('checkbox', { name: 'Physical store' }).check();
  await expect(page.getByLabel('Store name')).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await page.screenshot({ path: 'e2e/artifacts/sub-merchant-wizard-375.png', fullPage: true });
});

test("an admin's back-fill shows the server's refusal (409) and saves an allowed change", async ({ page }) => {
  const created = await apiClient().POST('/v1/payments/sub-merchants', {
    body: { distributorExternalUserId: `backfill-${Date.now()}` },
  });
  expect(created.response.status).toBe(201);
  const { id } = created.data!;
  await signIn(page, admin);
  await page.goto(`${page.url()}/${id}`);
  const form = page.getByRole('form', { name: 'Back-fill (admins)' });
  await form.getByLabel('Sub-merchant id').fill('1900000109');
  await form.getByLabel('Status').selectOption('active');
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(form.getByTestId('backfill-error')).toContainText(
    'The upstream has no finished application of this record',
  );
  // A pending record's one state is the upstream's (a draft here): unchanged by the refused back-fill.
  await expect(page.getByTestId('upstream-state')).toHaveText('draft (not submitted)');
  await page.screenshot({ path: 'e2e/artifacts/sub-merchant-backfill-409.png', fullPage: true });
  await form.getByLabel('Sub-merchant id').fill('');
  await form.getByLabel('Status').selectOption('pending');
  await form.getByLabel('Commission rate (%)').fill('0.6');
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('0.6%', { exact: true })).toBeVisible();
  await expect(page.getByTestId('timeline')).toContainText('Commission rate: 0% → 0.6%');
});
