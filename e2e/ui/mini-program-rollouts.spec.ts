import { expect, test, type Page } from '@playwright/test';
import { expectAccessible } from '../support/axe';
import { authorizeOverApi, pushTicket } from '../support/mini-programs-flow';
import { admin, sandboxControlHeaders, viewer } from '../support/provision';
import { signIn } from '../support/sign-in';

// An admin ships one version to three sandbox mini programs; then a viewer follows the same rollout.
test.describe.configure({ mode: 'serial' });
let rolloutUrl = '';
let releasedAppPath = '';

const openRollouts = async (page: Page) => {
  await page.getByRole('link', { name: /^(Mini programs|小程序)$/ }).click();
  await page.getByRole('link', { name: 'Rollouts: ship one version to many mini programs' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Rollouts' })).toBeVisible();
};

test.beforeAll(async ({ request }) => pushTicket(request));

test('an admin starts a rollout after seeing the count and the preview, watches it progress, and cancels it after confirming', async ({
  page,
  request,
}) => {
  test.setTimeout(60_000);
  const run = `ro${Date.now() % 1_000_000}`;
  const sellers = [0, 1, 2].map((i) => `${run}-seller-${i}`);
  const appIds: string[] = [];
  for (const seller of sellers) appIds.push(await authorizeOverApi(request, seller));

  await signIn(page, admin);
  await openRollouts(page);
  await page.getByLabel('Version', { exact: true }).fill('3.0.0');
  await page.getByLabel('Version description').fill('Autumn release');
  const ext = page.getByLabel('ext JSON template');
  // A placeholder without values: the preview names every mini program it does not work for, before sending.
  await ext.fill('{"extEnable":true,"extAppid":"{{appId}}","ext":{"shop":"{{ext.shopId}}"},"window":{}}');
  await page.getByLabel('By seller id').check();
  await page.getByLabel('Seller ids').fill(sellers.join('\n'));
  const count = page.getByTestId('rollout-target-count');
  await expect(count).toHaveText('3 authorized mini programs match.');
  await expect(page.getByTestId('rollout-preview-invalid')).toContainText('does not work for 3 mini programs');
  const creates: string[] = [];
  page.on('request', (r) => r.url().includes('miniProgramRollouts.create') && creates.push(r.url()));
  await page.getByRole('button', { name: 'Start rollout' }).click();
  await expect(ext).toHaveAttribute('aria-invalid', 'true');
  expect(creates).toEqual([]);

  await ext.fill(
    JSON.stringify(
      {
        extEnable: true,
        extAppid: '{{appId}}',
        ext: { seller: '{{sellerId}}' },
        window: { navigationBarTitleText: '小店' },
      },
      null,
      2,
    ),
  );
  await expect(page.getByTestId('rollout-preview-invalid')).toHaveCount(0);
  await page.getByLabel('Preview for').selectOption(appIds[1]!);
  const rendered = page.getByTestId('rollout-preview-json');
  await expect(rendered).toContainText(`"extAppid": "${appIds[1]}"`);
  await expect(rendered).toContainText(`"seller": "${sellers[1]}"`);
  await expect(count).toHaveText('3 authorized mini programs match.');
  await page.getByLabel('At once (1–50)').fill('2');
  // One page item for the reviewers, sent with every submission of the rollout.
  await page.getByRole('button', { name: 'Add a page' }).click();
  await page.getByLabel('Page address 1').fill('pages/index/index');
  await page.getByLabel('Page title 1').fill('首页');
  await page.getByLabel('Tags 1').fill('购物');
  await expectAccessible(page, 'rollout start form');
  await page.screenshot({ path: 'e2e/artifacts/mini-program-rollouts-start.png', fullPage: true });

  await page.getByRole('button', { name: 'Start rollout' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Rollout of version 3.0.0' })).toBeVisible();
  rolloutUrl = page.url();
  await expect(page.getByTestId('rollout-pages')).toHaveText('pages/index/index · 首页 · 购物');
  // The executor runs in the background; the page re-reads itself: all three reach the audit.
  await expect(page.getByTestId('progress-submit_audit')).toContainText('3 of 3', { timeout: 20_000 });
  await expect(page.getByTestId('rollout-state-counts')).toContainText('waiting 3');

  // The reviewer approves the first; the push moves it on and it is released without a reload.
  const firstRow = page.getByTestId(`item-${appIds[0]}`);
  const auditId = ((await firstRow.locator('code').nth(1).textContent()) ?? '').trim();
  expect(auditId).not.toBe('');
  const decided = await request.post(`/sandbox/control/providerA/audits/${encodeURIComponent(auditId)}`, {
    headers: sandboxControlHeaders(),
    data: { decision: 'approve' },
  });
  expect(decided.status()).toBe(200);
  await expect(page.getByTestId('progress-done')).toContainText('1 of 3', { timeout: 20_000 });
  await expect(firstRow).toContainText('succeeded');
  await page.getByLabel('Show').selectOption('waiting');
  await expect(page.getByTestId(`item-${appIds[0]}`)).toHaveCount(0);
  await expect(page.getByTestId(`item-${appIds[1]}`)).toContainText('Under audit');
  await expectAccessible(page, 'rollout live view');
  await page.screenshot({ path: 'e2e/artifacts/mini-program-rollouts-running.png', fullPage: true });

  // Cancelling asks first, saying what is already done upstream and stays done.
  await page.getByRole('button', { name: 'Cancel rollout' }).click();
  const dialog = page.getByRole('alertdialog');
  await expect(dialog).toContainText('code committed to 3, submitted for audit for 3, released on 1');
  await page.screenshot({ path: 'e2e/artifacts/mini-program-rollouts-cancel.png', fullPage: true });
  await dialog.getByRole('button', { name: 'Cancel rollout' }).click();
  await expect(page.getByTestId('rollout-state')).toHaveText('cancelled');
  await expect(page.getByText('Done upstream: 3 committed, 3 submitted for audit, 1 released.')).toBeVisible();
  await page.getByLabel('Show').selectOption('skipped');
  await expect(page.getByTestId(`item-${appIds[2]}`)).toContainText('is not released by this rollout');
  await expect(page.getByRole('button', { name: 'Pause' })).toHaveCount(0);

  // The released mini program's page tells its versions over time, the rollout among them.
  await page.getByLabel('Show').selectOption('');
  await page.getByRole('link', { name: appIds[0]! }).click();
  await expect(page.getByRole('heading', { name: 'Version history' })).toBeVisible();
  releasedAppPath = new URL(page.url()).pathname + new URL(page.url()).search;
  await expect(page.getByTestId('history-live')).toContainText('3.0.0');
  await expect(page.getByTestId('history-events')).toContainText('Released: 3.0.0 is the live version');
  await expect(page.getByTestId('history-events').getByRole('link').first()).toHaveText(/^rollout ro_/);
  await page.getByRole('heading', { name: 'Version history' }).scrollIntoViewIfNeeded();
  await page.screenshot({ path: 'e2e/artifacts/mini-program-rollouts-history.png', fullPage: true });
});

test('a viewer follows the rollout and its history but sees no actions and no start form', async ({ page }) => {
  expect(rolloutUrl, 'the rollout of the first test').not.toBe('');
  await signIn(page, viewer);
  await openRollouts(page);
  await expect(page.getByText('Only admins start rollouts')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Start rollout' })).toHaveCount(0);
  await page.goto(rolloutUrl);
  await expect(page.getByRole('heading', { level: 1, name: 'Rollout of version 3.0.0' })).toBeVisible();
  await expect(page.getByTestId('rollout-state')).toHaveText('cancelled');
  await expect(page.getByText('Your role can follow rollouts')).toBeVisible();
  for (const name of ['Pause', 'Resume', 'Cancel rollout', /^Retry failed/])
    await expect(page.getByRole('button', { name })).toHaveCount(0);
  await expectAccessible(page, 'rollout as viewer');
  await page.goto(releasedAppPath);
  await expect(page.getByTestId('history-live')).toContainText('3.0.0');
  await page.screenshot({ path: 'e2e/artifacts/mini-program-rollouts-viewer.png', fullPage: true });
});
