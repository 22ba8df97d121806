import { expect, type Page } from '@playwright/test';

export async function signIn(page: Page, who: { email: string; password: string }, baseURL?: string) {
  await page.goto(`${baseURL ?? ''}/sign-in`);
  await page.getByLabel('E-mail').fill(who.email);
  await page.getByLabel('Password').fill(who.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/platforms\/plat_[^/]+\/sub-merchants$/);
  await expect(page.getByRole('heading', { name: 'Sub-merchants', level: 1 })).toBeVisible();
}
