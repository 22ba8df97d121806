import { expect, test, type Page } from '@playwright/test';
import { admin, provision } from '../support/provision';
import { submittedSubMerchant } from '../support/settings-helpers';

/** A record link opened while signed out comes back to the record after sign-in (same origin only). */

async function signInHere(page: Page) {
  await page.getByLabel(/^(E-mail|邮箱)$/).fill(admin.email);
  await page.getByLabel(/^(Password|密码)$/).fill(admin.password);
  await page.getByRole('button', { name: /^(Sign in|登录)$/ }).click();
}

test('a record link opened while signed out comes back to that record after sign-in', async ({ page }) => {
  const { platformId } = provision();
  const record = await submittedSubMerchant(provision().apiKey, `callback-${Date.now()}`);
  const link = `/platforms/${platformId}/sub-merchants/${record.id}`;
  await page.goto(link);
  await expect(page).toHaveURL(/\/sign-in\?callbackUrl=/);
  await signInHere(page);
  await expect(page).toHaveURL(new RegExp(`${link}$`), { timeout: 15_000 });
  // Another origin in callbackUrl is never followed.
  await page.context().clearCookies();
  await page.goto(`/sign-in?callbackUrl=${encodeURIComponent('https://evil.example/x')}`);
  await signInHere(page);
  await expect(page).toHaveURL(/\/platforms\/plat_[^/]+\/sub-merchants$/, { timeout: 15_000 });
});
