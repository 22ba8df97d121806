import { expect, type Browser } from '@playwright/test';
import { e2eBaseUrl } from './api-client';
import { admin, provision } from './provision';
import { signIn } from './sign-in';

/**
 * In an operator's own browser: a record a seller submitted for review is found by the work queue's "Seller
 * submitted, to review" filter with its badge, and its page says it waits for review with the button to check it.
 */
export async function expectWaitingForReview(browser: Browser, id: string) {
  const context = await browser.newContext({ baseURL: e2eBaseUrl() });
  const page = await context.newPage();
  try {
    await signIn(page, admin);
    await page.getByLabel('Seller submitted, to review').check();
    await expect(page).toHaveURL(/[?&]seller=1/);
    const row = page.locator('[data-slot="data-table"] tbody tr:visible').filter({ hasText: id });
    await expect(row).toHaveCount(1);
    await expect(row.getByTestId('seller-submitted')).toHaveText('seller submitted');
    await page.goto(`/platforms/${provision().platformId}/sub-merchants/${id}`);
    await expect(page.getByTestId('review-requested')).toHaveText('waiting for your review');
    await expect(page.getByRole('link', { name: 'Check and submit' })).toHaveAttribute('href', /step=review/);
  } finally {
    await context.close();
  }
}
