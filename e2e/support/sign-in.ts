import { expect, type Page } from '@playwright/test';

export async function signIn(page: Page, who: { email: string; password: string }, baseURL?: string) {
  await page.goto(`${baseURL ?? ''}/sign-in`);
  // The sign-in page speaks the browser's language (a zh-CN context gets the Chinese form).
  await page.getByLabel(/^(E-mail|邮箱)$/).fill(who.email);
  await page.getByLabel(/^(Password|密码)$/).fill(who.password);
  await page.getByRole('button', { name: /^(Sign in|登录)$/ }).click();
  // Two redirects (sign-in → / → the first platform's queue), each a server render that may be the instance's
  // first: on a loaded 2-core machine that takes longer than the default 5 s.
  await expect(page).toHaveURL(/\/platforms\/plat_[^/]+\/sub-merchants$/, { timeout: 15_000 });
  // Operators see the console in their own language (zh-CN by default; the e2e accounts use English).
  await expect(page.getByRole('heading', { name: /^(Sub-merchants|子商户进件)$/, level: 1 })).toBeVisible();
}
