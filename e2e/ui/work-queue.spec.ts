import fs from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { admin } from '../support/provision';
import { signIn } from '../support/sign-in';
import { apiClient } from '../support/api-client';
import { apiKeyFromPage, platformIdOf, submittedSubMerchant } from '../support/settings-helpers';
import { expectAccessible } from '../support/axe';
import { moveApplyment } from '../support/sub-merchant-helpers';

const shot = (name: string) => `e2e/artifacts/work-queue-${name}.png`;
const phone = { width: 375, height: 740 };

const tab = (page: Page, name: RegExp) => page.getByRole('tab', { name });
const search = async (page: Page, text: string) => {
  await page.getByRole('searchbox').fill(text);
  await page.getByRole('button', { name: /^(Search|搜索)$/ }).click();
  await expect(page).toHaveURL(new RegExp(`q=${encodeURIComponent(text)}`));
};
// A record's row: the table row on a desktop, its card on a phone (DataTable renders both; one is hidden).
const rowOf = (page: Page, name: string) =>
  page
    .locator('[data-slot="data-table"] tbody tr:visible, [data-slot="data-table-card"]:visible')
    .filter({ hasText: name });
const noSidewaysScroll = async (page: Page) =>
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(phone.width);

test('the work queue: tabs and counts follow the sandbox, search, bulk refresh, assign, export, suspend with a confirmation, one clock', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const run = Date.now().toString(36);
  const teaName = `Queue Tea ${run}`;
  const noodleName = `Queue Noodles ${run}`;
  await signIn(page, admin);
  const platformId = platformIdOf(page);
  const apiKey = await apiKeyFromPage(page, platformId);

  // A draft (needs action) and an application the sandbox moves to "to sign" (waits on the merchant).
  const draft = await apiClient(apiKey).POST('/v1/payments/sub-merchants', {
    body: { distributorExternalUserId: `queue-${run}-a`, formData: { merchantName: teaName } },
  });
  expect(draft.response.status).toBe(201);
  const submitted = await submittedSubMerchant(apiKey, `queue-${run}-b`, 'providerA', {
    merchantName: noodleName,
  });
  await moveApplyment(request, submitted.chApplymentId!, { state: 'to_be_signed' });

  await page.goto(`/platforms/${platformId}/sub-merchants`);
  await search(page, run);
  await expect(tab(page, /^Needs action \(1\)$/)).toBeVisible();
  await expect(tab(page, /^Under review \(1\)$/)).toBeVisible();
  await expect(tab(page, /^All \(2\)$/)).toBeVisible();
  await expect(rowOf(page, teaName)).toContainText(/\d+ missing: /);

  // The sandbox moved the application; a bulk refresh from upstream brings it into "Waiting on merchant".
  await tab(page, /^Under review/).click();
  await page.getByRole('checkbox', { name: `Select ${noodleName}` }).check();
  await page.getByRole('button', { name: 'Refresh from upstream' }).click();
  await expect(page.getByText('1 refreshed, 0 failed')).toBeVisible();
  await expect(tab(page, /^Waiting on merchant \(1\)$/)).toBeVisible();
  await expect(tab(page, /^Under review \(0\)$/)).toBeVisible();
  await tab(page, /^Waiting on merchant/).click();
  await expect(rowOf(page, noodleName)).toContainText('to sign (merchant)');

  // Finished upstream, refreshed again: live.
  await moveApplyment(request, submitted.chApplymentId!, { state: 'finished' });
  await page.getByRole('checkbox', { name: `Select ${noodleName}` }).check();
  await page.getByRole('button', { name: 'Refresh from upstream' }).click();
  await expect(tab(page, /^Live \(1\)$/)).toBeVisible();
  await expect(tab(page, /^Waiting on merchant \(0\)$/)).toBeVisible();

  // Assign the draft to me; "Assigned to me" then lists it alone.
  await tab(page, /^All/).click();
  await page.getByRole('checkbox', { name: `Select ${teaName}` }).check();
  await page.getByRole('button', { name: 'Assign to me' }).click();
  await expect(page.getByText('1 assigned')).toBeVisible();
  // The filter lives in the address: the box shows checked once the view has changed.
  await page.getByRole('checkbox', { name: 'Assigned to me' }).click();
  await expect(page.getByRole('checkbox', { name: 'Assigned to me' })).toBeChecked();
  await expect(tab(page, /^All \(1\)$/)).toBeVisible();
  await expect(rowOf(page, teaName)).toContainText(admin.email);
  await page.getByRole('checkbox', { name: 'Assigned to me' }).click();
  await expect(page.getByRole('checkbox', { name: 'Assigned to me' })).not.toBeChecked();
  await expect(tab(page, /^All \(2\)$/)).toBeVisible();

  // Export of the current view: both records, personal data masked.
  const download = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Export CSV' }).click();
  const csv = fs.readFileSync((await (await download).path())!, 'utf8');
  expect(csv).toContain(teaName);
  expect(csv).toContain(noodleName);
  expect(csv.trim().split('\r\n')).toHaveLength(3);
  // The contact person (complete-form-data.json: 张三, 13800138000) appears masked only.
  expect(csv).toContain('138****8000');
  expect(csv).not.toContain('13800138000');
  expect(csv).not.toContain('张三');
  await page.screenshot({ path: shot('desktop-en'), fullPage: true });
  await expectAccessible(page, 'work queue');

  // One clock: the list and the detail show the same time with its zone.
  const listTime = (await rowOf(page, noodleName).locator('time').first().textContent())!;
  expect(listTime).toMatch(/\((UTC|GMT[+-]\d+)\)$/);
  await page.getByRole('link', { name: noodleName }).first().click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(noodleName);
  await expect(page.getByTestId('record-updated')).toHaveText(listTime);

  // Suspend asks first: cancel keeps the merchant live; confirming needs its name and a reason.
  await page.getByRole('button', { name: 'Suspend' }).click();
  const dialog = page.getByRole('alertdialog');
  await expect(dialog).toContainText(`Suspend ${noodleName}?`);
  await dialog.getByRole('button', { name: /^(Cancel|取消)$/ }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('record-status')).toHaveText('active');
  await page.getByRole('button', { name: 'Suspend' }).click();
  const confirm = dialog.getByRole('button', { name: 'Suspend' });
  await dialog.getByRole('textbox').first().fill('Chargebacks under investigation');
  await expect(confirm).toBeDisabled();
  await dialog.getByRole('textbox').last().fill(noodleName);
  await confirm.click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('record-status')).toHaveText('suspended');
  const timeline = page.getByTestId('timeline');
  await expect(timeline).toContainText(`Operator ${admin.email}`);
  await expect(timeline).toContainText('Reason: Chargebacks under investigation');
  await expectAccessible(page, 'detail');
  await page.screenshot({ path: shot('detail-en'), fullPage: true });

  // Another zone: list and detail still agree, now in Berlin time.
  await page.goto(`/platforms/${platformId}/settings#time-zone`);
  await page.getByRole('combobox', { name: 'Time zone' }).selectOption('Europe/Berlin');
  await page.getByRole('button', { name: 'Save time zone' }).click();
  await expect(page.getByText('Time zone saved.')).toBeVisible();
  try {
    await page.goto(`/platforms/${platformId}/sub-merchants?tab=all&q=${run}`);
    const berlin = (await rowOf(page, noodleName).locator('time').first().textContent())!;
    expect(berlin).toMatch(/\(GMT\+[12]\)$/);
    await page.getByRole('link', { name: noodleName }).first().click();
    await expect(page.getByTestId('record-updated')).toHaveText(berlin);
  } finally {
    await page.goto(`/platforms/${platformId}/settings#time-zone`);
    await page.getByRole('combobox', { name: 'Time zone' }).selectOption('');
    await page.getByRole('button', { name: 'Save time zone' }).click();
    await expect(page.getByText('Time zone saved.')).toBeVisible();
  }

  // The audit log page names the admin and the reason.
  await page.goto(`/platforms/${platformId}/audit-log`);
  const suspension = page
    .locator('[data-slot="data-table"] tbody tr:visible')
    .filter({ hasText: 'Chargebacks under investigation' });
  await expect(suspension).toContainText(`Operator ${admin.email}`);

  // Chinese in a browser set to UTC: times follow the browser, not the language (a Shanghai browser gets GMT+8:
  // browser-time-zone.spec.ts); the list and the detail agree.
  await page.getByLabel('Language').selectOption('zh-CN');
  // Saved once the console renders again in Chinese; only then leave the page.
  await expect(page.getByRole('link', { name: '子商户进件' }).first()).toBeVisible();
  try {
    await page.goto(`/platforms/${platformId}/sub-merchants?q=${run}`);
    await expect(tab(page, /^需要处理（1）$/)).toBeVisible();
    await expect(tab(page, /^等待商户（0）$/)).toBeVisible();
    await expect(tab(page, /^全部（2）$/)).toBeVisible();
    await tab(page, /^全部/).click();
    const inChinese = (await rowOf(page, noodleName).locator('time').first().textContent())!;
    expect(inChinese).toMatch(/\(UTC\)$/);
    await page.screenshot({ path: shot('desktop-zh'), fullPage: true });
    await expectAccessible(page, 'work queue (zh-CN)');

    // A phone: cards instead of a table, nothing scrolls sideways.
    await page.setViewportSize(phone);
    await expect(rowOf(page, teaName)).toBeVisible();
    await noSidewaysScroll(page);
    await page.screenshot({ path: shot('phone-zh'), fullPage: true });
    await page.getByRole('link', { name: noodleName }).first().click();
    await expect(page.getByTestId('record-updated')).toHaveText(inChinese);
    await expect(page.getByTestId('timeline')).toContainText('原因：Chargebacks under investigation');
    await noSidewaysScroll(page);
  } finally {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(`/platforms/${platformId}/sub-merchants`);
    await page.getByLabel('语言').selectOption('en');
    await expect(page.getByRole('heading', { name: 'Sub-merchants', level: 1 })).toBeVisible();
  }
});
