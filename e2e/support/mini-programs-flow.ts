import { expect, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { sandboxControlHeaders } from './provision';
import type { Provider } from '../../src/domain/providers';

export const phone = { width: 375, height: 812 };

/** The sandbox needs a component_verify_ticket before any WeChat mini-program call. */
export async function pushTicket(request: APIRequestContext) {
  const response = await request.post('/sandbox/control/providerA/ticket', { headers: sandboxControlHeaders() });
  expect(response.status()).toBe(200);
}

/** Opens the console's mini programs page and creates a seller link; returns the link as shown. */
export async function createSellerLink(page: Page, input: { provider: Provider; tenantId: string }) {
  await page.getByRole('link', { name: /^(Mini programs|小程序)$/ }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Mini programs' })).toBeVisible();
  await page.getByLabel('Provider').selectOption(input.provider);
  await page.getByLabel('Seller id').fill(input.tenantId);
  await page.getByRole('button', { name: 'Create seller link' }).click();
  const link = page.getByRole('textbox', { name: 'Seller page link' });
  await expect(link).toHaveValue(/\/authorize\/[0-9a-f]{64}\.[A-Za-z0-9_-]{43}$/);
  return (await link.inputValue()).trim();
}

/**
 * The seller's side at phone size: opens the seller page, goes to the sandbox's authorize page (WeChat: the
 * "open on this phone" button; Alipay: the authorization page link), presses Authorize and lands on the done page.
 */
export async function authorizeAsSeller(
  browser: Browser,
  sellerPageUrl: string,
  input: { provider: Provider; nickname: string; screenshot?: string },
) {
  const context = await browser.newContext({ viewport: phone, locale: 'en-US', isMobile: true, hasTouch: true });
  const seller = await context.newPage();
  await seller.goto(sellerPageUrl);
  await expect(seller.getByRole('heading', { level: 1 })).toContainText('asks to manage your');
  if (input.screenshot) await seller.screenshot({ path: input.screenshot, fullPage: true });
  const go =
    input.provider === 'providerA'
      ? seller.getByRole('link', { name: 'Open in WeChat on this phone' })
      : seller.getByRole('link', { name: 'Open the authorization page' });
  await go.click();
  await expect(seller.getByRole('button', { name: 'Authorize' })).toBeVisible();
  await seller.getByLabel(/name \(optional\)/).fill(input.nickname);
  await seller.getByRole('button', { name: 'Authorize' }).click();
  await expect(seller).toHaveURL(/\/authorize\/done\?/);
  await expect(seller.getByRole('heading', { level: 1, name: 'Authorization complete' })).toBeVisible();
  const appId = ((await seller.getByText(/^Mini program app id: /).textContent()) ?? '')
    .replace('Mini program app id: ', '')
    .trim();
  return { context, seller, appId };
}
