import { expect, test } from '@playwright/test';
import { admin } from '../support/provision';
import { platformIdOf } from '../support/settings-helpers';
import { signIn } from '../support/sign-in';

// The e2e admin reads the console in English and has chosen no zone: the language's default would be UTC.
for (const zone of ['Asia/Shanghai', 'America/New_York']) {
  test.describe(`a browser in ${zone}`, () => {
    test.use({ timezoneId: zone });

    test('an operator who chose no zone sees the console in the browser’s zone, and settings say it follows the browser', async ({
      page,
    }) => {
      await signIn(page, admin);
      const platformId = platformIdOf(page);
      await page.goto(`/platforms/${platformId}/audit-log`);
      await expect(page.getByText(`Days are counted in your time zone (${zone}).`)).toBeVisible();
      // A server render after the first one is in the browser's zone from the start (the cookie is sent).
      await page.reload();
      await expect(page.getByText(`Days are counted in your time zone (${zone}).`)).toBeVisible();
      await page.goto(`/platforms/${platformId}/settings#time-zone`);
      await expect(page.getByRole('combobox', { name: 'Time zone' })).toHaveValue('');
      await expect(page.getByRole('option', { name: `This browser’s zone (${zone})` })).toBeAttached();
    });
  });
}
