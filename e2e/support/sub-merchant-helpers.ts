import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import sharp from 'sharp';
import { apiClient, uploadJpeg } from './api-client';
import { sandboxControlHeaders } from './provision';

/** A small real JPEG on disk (a phone photo stand-in); distinct colours give distinct media ids. */
export async function jpegFile(name: string, color: string): Promise<string> {
  const bytes = await sharp({ create: { width: 320, height: 200, channels: 3, background: color } })
    .jpeg({ quality: 80 })
    .toBuffer();
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'sub-merchant-e2e-')), name);
  fs.writeFileSync(file, bytes);
  return file;
}

/** Nothing on the page scrolls sideways (a phone-width check). */
export const noSidewaysScroll = async (page: Page) =>
  expect(
    await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth),
  ).toBeLessThanOrEqual(0);

/** The record as the integrator API returns it (to read the upstream application id). */
export async function apiRecord(id: string) {
  const { data, error, response } = await apiClient().GET('/v1/payments/sub-merchants/{id}', {
    params: { path: { id } },
  });
  expect(response.status, JSON.stringify(error)).toBe(200);
  return data!;
}

/** The reviewer's hand in the sandbox: moves the upstream application. */
export async function moveApplyment(
  request: APIRequestContext,
  applymentId: string,
  body: { state: string; rejectReasons?: { field: string; reason: string }[] },
) {
  const response = await request.post(`/sandbox/control/providerA/applyments/${applymentId}`, {
    headers: sandboxControlHeaders(),
    data: body,
  });
  expect(response.ok()).toBe(true);
}

/**
 * Uploads through an image field and waits for the server's answer on the field. The server decodes and
 * re-encodes every image (a 12-megapixel photo takes seconds on a busy machine), so the wait is generous.
 */
export async function uploadImage(page: Page, field: string, file: string) {
  await expect(page.locator(`#field-${field}`)).toBeEnabled(); // enabled once hydrated
  await page.locator(`#field-${field}`).setInputFiles(file);
  await expect(page.getByTestId(`upload-${field}`)).toContainText(/Uploaded|已上传/, { timeout: 60_000 });
}

/** The five images of a complete form, uploaded over the API: a submit takes only the platform's own uploads. */
export async function uploadedImages() {
  const api = apiClient();
  const [license, front, back, entrance, indoor] = [
    await uploadJpeg(api, '#121212'),
    await uploadJpeg(api, '#232323'),
    await uploadJpeg(api, '#343434'),
    await uploadJpeg(api, '#454545'),
    await uploadJpeg(api, '#565656'),
  ];
  return {
    licenseCopy: license,
    idCardCopy: front,
    idCardNational: back,
    storeEntrancePics: [entrance],
    storeIndoorPics: [indoor],
  };
}

export const recordIdFrom = (url: string) => /\/sub-merchants\/(sm_[^/?#]+)/.exec(url)?.[1] ?? '';

export const saveAndContinue = (page: Page) => page.getByRole('button', { name: 'Save and continue' }).click();

export const stepHeading = (page: Page) => page.locator('#wizard-step-heading');

/** A photo above the 10 MB limit, as modern phone cameras produce (noise keeps JPEG from compressing it). */
export async function largePhotoFile(): Promise<string> {
  const { randomBytes } = await import('node:crypto');
  const [width, height] = [4000, 3000];
  const bytes = await sharp(randomBytes(width * height * 3), { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 95 })
    .toBuffer();
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'sub-merchant-e2e-')), 'IMG_0001.jpg');
  fs.writeFileSync(file, bytes);
  return file;
}
