import fs from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { apiClient } from '../support/api-client';
import { admin, provision, viewer } from '../support/provision';
import { signIn } from '../support/sign-in';
import { expectAccessible } from '../support/axe';
import { noSidewaysScroll } from '../support/sub-merchant-helpers';

/**
 * "Send to seller" on a record's page (issue 30): an operator mints a hosted onboarding link in the console, sees
 * its QR code, copies it and downloads the code; the record's links list their state; revoking asks first, and the
 * revoked link opens the neutral page. Desktop and 375 px, English and Chinese, with axe on the panel.
 */
const phone = { width: 375, height: 740 };
const shot = (name: string) => `e2e/artifacts/send-to-seller-${name}.png`;

async function newRecord() {
  const created = await apiClient().POST('/v1/payments/sub-merchants', {
    body: { distributorExternalUserId: `send-${Date.now()}-${Math.random().toString(36).slice(2, 8)}` },
  });
  expect(created.response.status).toBe(201);
  return created.data!.id;
}

const panel = (page: Page, name: RegExp) => page.getByRole('region', { name });

test('an operator mints a link, sees its QR code, copies and downloads it, and revokes it', async ({
  page,
  context,
}) => {
  test.setTimeout(120_000);
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const id = await newRecord();
  await signIn(page, admin);
  await page.goto(`/platforms/${provision().platformId}/sub-merchants/${id}`);
  const send = panel(page, /^Send to seller$/);
  await expect(send).toBeVisible();
  await expect(send.getByText('No link has been created for this record yet.')).toBeVisible();

  await send.getByLabel('Link valid for').selectOption({ label: '3 days' });
  const before = Date.now();
  await send.getByRole('button', { name: 'Create link' }).click();
  const urlField = send.getByRole('textbox', { name: 'Link for the seller' });
  await expect(urlField).toHaveValue(/\/onboard\/[A-Za-z0-9_-]{43}$/);
  const url = await urlField.inputValue();
  const qr = send.getByRole('img', { name: 'QR code of the link for the seller' });
  await expect(qr).toBeVisible();
  await expect(qr).toHaveAttribute('src', /^data:image\/svg\+xml/);
  expect(await qr.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);

  // The list has it as active, expiring in three days.
  const row = send.getByTestId('seller-link-row');
  await expect(row).toHaveCount(1);
  await expect(row).toHaveAttribute('data-status', 'active');
  const listed = await apiClient().GET('/v1/payments/sub-merchants/{id}/onboarding-links', {
    params: { path: { id } },
  });
  const lifetime = Date.parse(listed.data!.data[0]!.expiresAt) - before;
  expect(lifetime).toBeGreaterThan(3 * 86_400_000 - 120_000);
  expect(lifetime).toBeLessThanOrEqual(3 * 86_400_000 + 60_000);

  await send.getByRole('button', { name: 'Copy link' }).click();
  await expect(send.getByRole('status').filter({ hasText: 'Copied' })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(url);

  // Downloads: a PNG and an SVG of the same code, named after the record.
  const png = page.waitForEvent('download');
  await send.getByRole('link', { name: 'Download QR code (PNG)' }).click();
  const pngFile = await png;
  expect(pngFile.suggestedFilename()).toBe(`onboarding-link-${id}.png`);
  const pngBytes = await fs.readFile((await pngFile.path())!);
  expect(pngBytes.subarray(0, 8).toString('hex')).toBe('89504e470d0a1a0a');
  const svg = page.waitForEvent('download');
  await send.getByRole('link', { name: 'Download QR code (SVG)' }).click();
  const svgFile = await svg;
  expect(svgFile.suggestedFilename()).toBe(`onboarding-link-${id}.svg`);
  expect(await fs.readFile((await svgFile.path())!, 'utf8')).toMatch(/^<svg [^>]*viewBox=/);

  await expectAccessible(page, 'send to seller, link minted');
  await page.screenshot({ path: shot('minted'), fullPage: true });

  // Revoke asks first; cancelling changes nothing.
  await row.getByRole('button', { name: 'Revoke' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Revoke this link?' });
  await expect(dialog).toBeVisible();
  await expectAccessible(page, 'revoke confirmation');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(row).toHaveAttribute('data-status', 'active');
  await row.getByRole('button', { name: 'Revoke' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Revoke' }).click();
  await expect(row).toHaveAttribute('data-status', 'revoked');
  await expect(row).toContainText('revoked');
  await expect(row.getByRole('button', { name: 'Revoke' })).toHaveCount(0);

  // The revoked link opens the neutral page, in a browser that is not the operator's.
  const seller = await page.context().browser()!.newContext({ locale: 'en-US' });
  const sellerPage = await seller.newPage();
  await sellerPage.goto(url);
  await expect(sellerPage).toHaveURL(/\/onboard\/unavailable$/);
  await expect(sellerPage.getByRole('heading', { name: 'This link cannot be opened' })).toBeVisible();
  await seller.close();
});

test('at 375 px in Chinese: the panel fits, mints a link with its QR code, and passes axe', async ({ page }) => {
  const id = await newRecord();
  await signIn(page, admin);
  await page.getByLabel('Language').selectOption('zh-CN');
  await expect(page.getByRole('heading', { level: 1, name: '子商户进件' })).toBeVisible();
  await page.setViewportSize(phone);
  await page.goto(`/platforms/${provision().platformId}/sub-merchants/${id}`);
  try {
    const send = panel(page, /^发送给商户$/);
    await expect(send).toBeVisible();
    await send.getByRole('button', { name: '生成链接' }).click();
    await expect(send.getByRole('img', { name: '商户填写链接的二维码' })).toBeVisible();
    await expect(send.getByRole('textbox', { name: '商户填写链接' })).toHaveValue(/\/onboard\/[A-Za-z0-9_-]{43}$/);
    await expect(send.getByTestId('seller-link-row')).toContainText('有效');
    await expect(send.getByTestId('seller-link-row')).toContainText('到期');
    await noSidewaysScroll(page);
    await expectAccessible(page, 'send to seller at 375 px, zh-CN');
    await page.screenshot({ path: shot('phone-zh'), fullPage: true });
  } finally {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.getByLabel('语言').selectOption('en');
  }
});

test('a viewer sees the links and their state but cannot mint or revoke', async ({ page }) => {
  const id = await newRecord();
  const minted = await apiClient().POST('/v1/payments/sub-merchants/{id}/onboarding-links', {
    params: { path: { id } },
    body: {},
  });
  expect(minted.response.status).toBe(201);
  await signIn(page, viewer);
  await page.goto(`/platforms/${provision().platformId}/sub-merchants/${id}`);
  const send = panel(page, /^Send to seller$/);
  await expect(send.getByTestId('seller-link-row')).toHaveAttribute('data-status', 'active');
  await expect(send.getByRole('button', { name: 'Create link' })).toHaveCount(0);
  await expect(send.getByRole('button', { name: 'Revoke' })).toHaveCount(0);
});

test('an admin sets what a seller’s submit does (payments.seller_submit) in the settings; it is kept after reload', async ({
  page,
}) => {
  await signIn(page, admin);
  await page.goto(`/platforms/${provision().platformId}/settings`);
  const policy = page.getByLabel(/When a seller submits the hosted form/);
  await expect(policy).toHaveValue('');
  await expect(policy.locator('option')).toHaveText(['Review (default)', 'Review', 'Direct']);
  const save = policy.locator('xpath=ancestor::form').getByRole('button', { name: 'Save' });
  await policy.selectOption('direct');
  await save.click();
  await expect(policy.locator('xpath=ancestor::form').getByRole('status')).toHaveText('Saved');
  await page.reload();
  await expect(page.getByLabel(/When a seller submits the hosted form/)).toHaveValue('direct');
  // Back to the default so other specs see an untouched platform.
  await page.getByLabel(/When a seller submits the hosted form/).selectOption('');
  await page
    .getByLabel(/When a seller submits the hosted form/)
    .locator('xpath=ancestor::form')
    .getByRole('button', { name: 'Save' })
    .click();
  await page.reload();
  await expect(page.getByLabel(/When a seller submits the hosted form/)).toHaveValue('');
});
