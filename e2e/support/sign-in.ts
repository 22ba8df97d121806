import { expect, type Page } from '@playwright/test';

export async function signIn(page: Page, who: { email: string; password: string }, baseURL?: string) {
  await page.goto(`${baseURL ?? ''}/sign-in`);
  // The sign-in page speaks the browser's language (a zh-CN context gets the Chinese form).
  await page.getByLabel(/^(E-mail|邮箱)$/).fill(who.email);
  await page.getByLabel(/^(Password|密码)$/).fill(who.password);
  await page.getByRole('button', { name: /^(Sign in|登录)$/ }).click();
  await expect(page).toHaveURL(/\/platforms\/plat_[^/]+\/sub-merchants$/);
  // Operators see the console in their own language (zh-CN by default; the e2e accounts use English).
  await expect(page.getByRole('heading', { name: /^(Sub-merchants|子商户进件)$/, level: 1 })).toBeVisible();
}
