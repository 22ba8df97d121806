import { expect, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { apiClient } from './api-client';
import { provision, sandboxControlHeaders } from './provision';
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

/**
 * A WeChat mini program authorized over /v1 for seller `tenantId`, the seller's consent played through the
 * sandbox's control API (quicker than the seller page when a spec needs several); returns its app id.
 */
export async function authorizeOverApi(request: APIRequestContext, tenantId: string, apiKey = provision().apiKey) {
  const api = apiClient(apiKey);
  const started = await api.POST('/v1/miniprogram/authorize', {
    body: { platform: 'providerA', redirectUri: 'https://seller.example.com/done', tenantId },
  });
  expect(started.response.ok, JSON.stringify(started.error)).toBe(true);
  const granted = await request.post('/sandbox/control/providerA/authorizations', {
    headers: sandboxControlHeaders(apiKey),
    data: { state: started.data!.state },
  });
  expect(granted.status()).toBe(200);
  const query = new URL((await granted.json()).redirectUrl as string).searchParams;
  const authorized = await api.GET('/v1/miniprogram/authorize/callback/{platform}', {
    params: {
      path: { platform: 'providerA' },
      query: Object.fromEntries(query) as { auth_code: string; state: string },
    },
  });
  expect(authorized.response.ok, JSON.stringify(authorized.error)).toBe(true);
  return authorized.data!.appId;
}
