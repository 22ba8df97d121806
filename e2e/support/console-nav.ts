import type { Page } from '@playwright/test';

/**
 * Follows a link of the console's navigation. Below the `md` breakpoint the navigation is folded into the menu
 * button (a sheet), so the sheet is opened first, as a person on a phone would.
 */
export async function goToSection(page: Page, name: string | RegExp) {
  const menu = page.getByRole('button', { name: /^(Open navigation|打开导航)$/ });
  if (await menu.isVisible()) await menu.click();
  await page.getByRole('link', { name, exact: typeof name === 'string' }).click();
}
