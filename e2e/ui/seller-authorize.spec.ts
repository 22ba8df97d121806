import { expectAccessible } from '../support/axe';
import { expect, test, type Page } from '@playwright/test';
import { authorizeAsSeller, createSellerLink, phone, pushTicket } from '../support/mini-programs-flow';
import { admin } from '../support/provision';
import { signIn } from '../support/sign-in';

const expectNoSeriousViolations = (page: Page) => expectAccessible(page, page.url());

test.beforeAll(async ({ request }) => pushTicket(request));

test('a seller authorizes a WeChat mini program on a phone; the console lists it', async ({
  page,
  browser,
  context,
}) => {
  const tenantId = `seller-wx-${Date.now()}`;
  const nickname = `Phone Shop ${Date.now() % 100000}`;
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await signIn(page, admin);
  const sellerPageUrl = await createSellerLink(page, { provider: 'providerA', tenantId });
  await expect(page.getByRole('img', { name: 'QR code of the seller page link' })).toBeVisible();
  await page.getByRole('button', { name: 'Copy link' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Copied' })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(sellerPageUrl);
  await page.screenshot({ path: 'e2e/artifacts/mini-programs-seller-link.png', fullPage: true });

  // The seller page at 375 px: what is asked, a countdown, the phone button and the QR; nothing overflows.
  const preview = await browser.newContext({ viewport: phone, locale: 'en-US' });
  const look = await preview.newPage();
  await look.goto(sellerPageUrl);
  await expect(look.getByRole('heading', { level: 1 })).toHaveText(
    'E2E platform asks to manage your WeChat mini program',
  );
  await expect(look.getByText(tenantId)).toBeVisible();
  // A duration, not a clock time: "9 min 49 s", never "09:49".
  await expect(look.getByRole('timer')).toHaveText(/^\d{1,2} min \d{1,2} s$/);
  await expect(look.getByRole('img', { name: 'QR code of the WeChat authorization page' })).toBeVisible();
  expect(await look.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(phone.width);
  expect(look.url()).not.toContain('state=');
  await expectNoSeriousViolations(look);
  await preview.close();

  const {
    context: phoneContext,
    seller,
    appId,
  } = await authorizeAsSeller(browser, sellerPageUrl, {
    provider: 'providerA',
    nickname,
    screenshot: 'e2e/artifacts/mini-programs-seller-375.png',
  });
  expect(appId).toMatch(/^wx[0-9a-f]{16}$/);
  await seller.screenshot({ path: 'e2e/artifacts/mini-programs-seller-done-375.png', fullPage: true });
  await expectNoSeriousViolations(seller);
  // The link is single use: opening it again says so (done), without any upstream link.
  await seller.goto(sellerPageUrl);
  await expect(seller.getByRole('heading', { level: 1, name: 'Authorization complete' })).toBeVisible();
  await expect(seller.getByRole('link', { name: /Open/ })).toHaveCount(0);
  await phoneContext.close();

  await page.reload();
  const row = page.getByRole('row', { name: new RegExp(nickname) });
  await expect(row).toContainText(appId);
  await expect(row).toContainText(tenantId);
  await expect(row).toContainText('WeChat');
  await expect(row).toContainText('authorized');
  await expectNoSeriousViolations(page);
  await page.screenshot({ path: 'e2e/artifacts/mini-programs-list.png', fullPage: true });
});

test('an Alipay seller link works through the authorization page link (no phone button); the open list shows it', async ({
  page,
  browser,
}) => {
  await signIn(page, admin);
  const tenantId = `seller-ali-${Date.now()}`;
  const sellerPageUrl = await createSellerLink(page, { provider: 'providerB', tenantId });
  // On a phone the page says what to do on a phone; on a computer, to scan.
  const preview = await browser.newContext({ viewport: phone, locale: 'en-US' });
  const look = await preview.newPage();
  await look.goto(sellerPageUrl);
  await expect(look.getByRole('heading', { level: 2, name: 'On this phone' })).toBeVisible();
  await expect(look.getByText(/^Tap "Open the authorization page" below/)).toBeVisible();
  await expect(look.getByRole('heading', { name: 'On a computer' })).toHaveCount(0);
  await look.setViewportSize({ width: 1280, height: 800 });
  await expect(look.getByRole('heading', { level: 2, name: 'On a computer' })).toBeVisible();
  await preview.close();
  const { context, seller, appId } = await authorizeAsSeller(browser, sellerPageUrl, {
    provider: 'providerB',
    nickname: 'Alipay Shop',
  });
  expect(appId).toMatch(/^\d{16}$/);
  await seller.goto(sellerPageUrl);
  await expect(seller.getByRole('heading', { level: 1, name: 'Authorization complete' })).toBeVisible();
  await context.close();
  // No reload: the list keeps asking while the seller link is out.
  await expect(page.getByRole('row', { name: new RegExp(appId) })).toContainText('Alipay');
});

test('the seller page in Chinese, and its expired, forged-link and failed states', async ({ page, browser }) => {
  await signIn(page, admin);
  const sellerPageUrl = await createSellerLink(page, { provider: 'providerA', tenantId: `seller-zh-${Date.now()}` });

  const zh = await browser.newContext({ viewport: phone, locale: 'zh-CN' });
  const chinese = await zh.newPage();
  await chinese.goto(sellerPageUrl);
  await expect(chinese.getByRole('heading', { level: 1 })).toHaveText('E2E platform 请求管理您的微信小程序');
  await expect(chinese.getByRole('link', { name: '在本机打开微信授权' })).toBeVisible();
  await chinese.screenshot({ path: 'e2e/artifacts/mini-programs-seller-375-zh.png', fullPage: true });
  await expectNoSeriousViolations(chinese);
  // The seller switches language on the page itself.
  await chinese.getByLabel('语言').selectOption('en');
  await expect(chinese.getByRole('heading', { level: 1 })).toHaveText(
    'E2E platform asks to manage your WeChat mini program',
  );
  await zh.close();

  // The seller leaves the page open past the expiry: the actions give way to the expired notice.
  const later = await browser.newContext({ viewport: phone, locale: 'en-US' });
  const late = await later.newPage();
  await late.clock.install();
  await late.goto(sellerPageUrl);
  await expect(late.getByRole('link', { name: 'Open in WeChat on this phone' })).toBeVisible();
  await late.clock.fastForward('03:00:00');
  await expect(late.getByRole('heading', { level: 1, name: 'This link has expired' })).toBeVisible();
  await expect(late.getByRole('link', { name: /Open/ })).toHaveCount(0);
  await late.screenshot({ path: 'e2e/artifacts/mini-programs-seller-expired-375.png', fullPage: true });

  // A token with its MAC altered is simply not valid; a done page without a known state fails clearly.
  await late.goto(sellerPageUrl.replace(/.$/, (c) => (c === 'A' ? 'B' : 'A')));
  await expect(late.getByRole('heading', { level: 1, name: 'This link is not valid' })).toBeVisible();
  await late.goto('/authorize/done?state=not-a-state&auth_code=whatever');
  await expect(late.getByRole('heading', { level: 1, name: 'This link is not valid' })).toBeVisible();
  await later.close();
});
