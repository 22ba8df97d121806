import { expect, test, type Page } from '@playwright/test';
import { admin } from '../support/provision';
import { signIn } from '../support/sign-in';
import { apiClient } from '../support/api-client';
import { apiKeyFromPage, platformIdOf } from '../support/settings-helpers';

const desktop = { width: 1280, height: 800 };
const table = (page: Page) => page.locator('[data-slot="data-table"] table');
const names = (page: Page) => table(page).locator('tbody tr').getByRole('link');

test('the work queue at 1280 px: headers sort (natural name order, in the address), short names are found, the table fits its box', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize(desktop);
  const run = Date.now().toString(36);
  // Long licence names, as real ones are: the columns have to share 1280 px without breaking words.
  const name = (branch: string) => `Sort ${run} Riverside Tea House and Garden Restaurant Company Limited ${branch}`;
  await signIn(page, admin);
  const platformId = platformIdOf(page);
  const apiKey = await apiKeyFromPage(page, platformId);
  for (const [i, branch] of ['第10分店', '第2分店', '第1分店'].entries()) {
    const created = await apiClient(apiKey).POST('/v1/payments/sub-merchants', {
      body: {
        distributorExternalUserId: `columns-${run}-${i}`,
        formData: { merchantName: name(branch), merchantShortname: `Alias${run}n${i}` },
      },
    });
    expect(created.response.status).toBe(201);
  }

  await page.goto(`/platforms/${platformId}/sub-merchants?tab=all&q=${run}`);
  await expect(names(page)).toHaveCount(3);

  // The name header sorts A→Z, then Z→A, in natural order; the sort is in the address and survives a reload.
  await page.getByRole('button', { name: 'Merchant', exact: true }).click();
  await expect(page).toHaveURL(/sort=name&dir=asc/);
  await expect(names(page)).toHaveText([name('第1分店'), name('第2分店'), name('第10分店')]);
  await expect(page.getByRole('columnheader', { name: 'Merchant' })).toHaveAttribute('aria-sort', 'ascending');
  await page.getByRole('button', { name: 'Merchant', exact: true }).click();
  await expect(page).toHaveURL(/sort=name&dir=desc/);
  await page.reload();
  await expect(names(page)).toHaveText([name('第10分店'), name('第2分店'), name('第1分店')]);
  await expect(page.getByRole('columnheader', { name: 'Merchant' })).toHaveAttribute('aria-sort', 'descending');
  // Last update: newest first on the first click, oldest first on the second.
  await page.getByRole('button', { name: 'Last update', exact: true }).click();
  await expect(page).toHaveURL(/dir=desc/);
  await expect(page).not.toHaveURL(/sort=name/);
  await expect(names(page)).toHaveText([name('第1分店'), name('第2分店'), name('第10分店')]);
  await page.getByRole('button', { name: 'Last update', exact: true }).click();
  await expect(page).toHaveURL(/dir=asc/);
  await expect(names(page)).toHaveText([name('第10分店'), name('第2分店'), name('第1分店')]);

  // The short name (商户简称) finds the record the list shows by its licence name.
  await page.getByRole('searchbox').fill(`Alias${run}n1`);
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(names(page)).toHaveText([name('第2分店')]);

  // Assigned to an operator known by e-mail: the e-mail stays on one line and the table stays inside its box.
  await page.getByRole('checkbox', { name: `Select ${name('第2分店')}` }).check();
  await page.getByRole('button', { name: 'Assign to me' }).click();
  await expect(page.getByText('1 assigned')).toBeVisible();
  const assignee = table(page).getByTestId('assignee').filter({ hasText: admin.email });
  await expect(assignee).toBeVisible();
  const lines = await assignee.evaluate((element) => {
    const style = getComputedStyle(element);
    return element.getBoundingClientRect().height / parseFloat(style.lineHeight);
  });
  expect(lines).toBeLessThan(1.5);
  const fits = await table(page).evaluate((element) => {
    const box = element.parentElement!;
    return { table: element.scrollWidth, box: box.clientWidth };
  });
  expect(fits.table).toBeLessThanOrEqual(fits.box);
  await page.screenshot({ path: 'e2e/artifacts/work-queue-columns-1280.png', fullPage: true });
});
