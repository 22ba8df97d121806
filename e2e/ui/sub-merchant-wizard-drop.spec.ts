import fs from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { jpegFile } from '../support/sub-merchant-helpers';
import { apiClient } from '../support/api-client';
import { admin, provision } from '../support/provision';
import { signIn } from '../support/sign-in';

/** A real `drop` on the field's drop zone, carrying a DataTransfer built in the page with the file's bytes. */
async function dropFile(page: Page, field: string, file: { name: string; type: string; bytes: Buffer }) {
  const dropzone = page.locator(`#field-${field}`).locator('..');
  const dataTransfer = await page.evaluateHandle(
    ({ name, type, base64 }) => {
      const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
      const transfer = new DataTransfer();
      transfer.items.add(new File([bytes], name, { type }));
      return transfer;
    },
    { name: file.name, type: file.type, base64: file.bytes.toString('base64') },
  );
  await dropzone.dispatchEvent('dragenter', { dataTransfer });
  await dropzone.dispatchEvent('dragover', { dataTransfer });
  await dropzone.dispatchEvent('drop', { dataTransfer });
}

test('an image dropped onto an image field is checked, uploaded and previewed; a dropped non-image is refused in the browser', async ({
  page,
}) => {
  const created = await apiClient().POST('/v1/payments/sub-merchants', {
    body: { distributorExternalUserId: `drop-${Date.now()}` },
  });
  expect(created.response.status).toBe(201);
  const { id } = created.data!;
  await signIn(page, admin);
  await page.goto(`/platforms/${provision().platformId}/sub-merchants/${id}/edit?step=license`);
  // The subject type is the first question; the licence fields follow it.
  await page.getByLabel('Subject type').selectOption('SUBJECT_TYPE_INDIVIDUAL');
  await expect(page.locator('#field-licenseCopy')).toBeAttached();

  await dropFile(page, 'licenseCopy', { name: 'notes.txt', type: 'text/plain', bytes: Buffer.from('not an image') });
  await expect(page.getByTestId('upload-licenseCopy')).toHaveText('This file is not a JPEG, PNG or BMP image.');
  await expect(page.getByRole('img', { name: 'Business license photo, image 1' })).toHaveCount(0);

  const photo = await jpegFile('dropped-license.jpg', '#a0c4e8');
  await dropFile(page, 'licenseCopy', {
    name: 'dropped-license.jpg',
    type: 'image/jpeg',
    bytes: fs.readFileSync(photo),
  });
  await expect(page.getByTestId('upload-licenseCopy')).toContainText('Uploaded');
  await expect(page.getByRole('img', { name: 'Business license photo, image 1' })).toBeVisible();

  // The dropped image is the field's value: saving keeps it, and a reload shows it from the server's draft.
  await page.getByRole('button', { name: 'Save draft' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Draft saved.' })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('img', { name: 'Business license photo, image 1' })).toBeVisible();
  await page.screenshot({ path: 'e2e/artifacts/sub-merchant-dropped-image.png', fullPage: true });
});
