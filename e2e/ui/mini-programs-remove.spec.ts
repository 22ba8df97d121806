import { expect, test } from '@playwright/test';
import { authorizeAsSeller, createSellerLink, pushTicket } from '../support/mini-programs-flow';
import { admin, viewer } from '../support/provision';
import { signIn } from '../support/sign-in';

test('an admin removes a mini program from the platform after confirming; a viewer is not offered it', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  await pushTicket(request);
  await signIn(page, admin);
  const nickname = `Removable Shop ${Date.now() % 100000}`;
  const sellerPageUrl = await createSellerLink(page, { provider: 'providerA', tenantId: `remove-${Date.now()}` });
  const { context, appId } = await authorizeAsSeller(browser, sellerPageUrl, { provider: 'providerA', nickname });
  await context.close();
  await page.reload();
  await page.getByRole('link', { name: nickname }).click();
  await expect(page.getByRole('heading', { level: 1, name: nickname })).toBeVisible();
  const pipelineUrl = page.url();

  const viewerContext = await browser.newContext();
  const viewerPage = await viewerContext.newPage();
  await signIn(viewerPage, viewer);
  await viewerPage.goto(pipelineUrl);
  await expect(viewerPage.getByRole('heading', { level: 1, name: nickname })).toBeVisible();
  await expect(viewerPage.getByRole('button', { name: 'Remove this mini program…' })).toHaveCount(0);
  await viewerContext.close();

  // The first press only asks; cancelling keeps it.
  await page.getByRole('button', { name: 'Remove this mini program…' }).click();
  await page.getByRole('button', { name: 'Cancel' }).click();
  await page.getByRole('button', { name: 'Remove this mini program…' }).click();
  await page.getByRole('button', { name: `Yes, remove ${appId}` }).click();
  await expect(page).toHaveURL(/\/mini-programs$/);
  await expect(page.getByRole('link', { name: nickname })).toHaveCount(0);
});
