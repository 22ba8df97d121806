import { seriousViolations } from '../support/axe';
import { expect, test, type Page } from '@playwright/test';
import { admin, viewer } from '../support/provision';
import { goToSection } from '../support/console-nav';
import { signIn } from '../support/sign-in';

/** Axe scans several pages per test, in two browser contexts; on a loaded machine that outlasts the 60 s default. */
const MULTI_PAGE_SCAN_MS = 150_000;

const noSideways = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth + 1);

for (const width of [1280, 375]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: width === 375 ? 812 : 900 } });

    test('sign-in page: no serious or critical axe violations, nothing scrolls sideways', async ({ page }) => {
      await page.goto('/sign-in');
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);
      expect(await noSideways(page)).toBe(true);
      await page.screenshot({ path: `e2e/artifacts/settings-a11y-sign-in-${width}.png`, fullPage: true });
    });

    test('settings (admin and viewer) and the sandbox page: no serious or critical axe violations, usable without sideways scrolling', async ({
      page,
      browser,
    }) => {
      test.setTimeout(MULTI_PAGE_SCAN_MS);
      await signIn(page, admin);
      await goToSection(page, 'Settings');
      await expect(
        page.locator('#members').getByText('viewer@e2e.test').filter({ visible: true }).first(),
      ).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);
      expect(await noSideways(page)).toBe(true);
      // The main actions stay on screen at phone width.
      for (const name of ['Create key', 'Reveal secret', 'Invite', 'Add template']) {
        const box = await page.getByRole('button', { name, exact: true }).boundingBox();
        expect(box && box.x >= 0 && box.x + box.width <= width, name).toBe(true);
      }
      await page.screenshot({ path: `e2e/artifacts/settings-a11y-admin-${width}.png`, fullPage: true });

      await goToSection(page, 'Sandbox');
      await expect(page.getByRole('heading', { name: 'Mini-program audits' })).toBeVisible();
      await expect(page.getByRole('heading', { name: 'Onboarding applications at the upstream' })).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);
      expect(await noSideways(page)).toBe(true);
      await page.screenshot({ path: `e2e/artifacts/sandbox-page-a11y-${width}.png`, fullPage: true });

      const context = await browser.newContext({ viewport: { width, height: 900 } });
      const viewerPage = await context.newPage();
      await signIn(viewerPage, viewer);
      await goToSection(viewerPage, 'Settings');
      await expect(viewerPage.getByRole('heading', { name: 'Settings', level: 1 })).toBeVisible();
      await expect(viewerPage.getByText('Only admins manage API keys.')).toBeVisible();
      expect(await seriousViolations(viewerPage)).toEqual([]);
      expect(await noSideways(viewerPage)).toBe(true);
      await context.close();
    });

    test('invitation page (both ways in): no serious or critical axe violations, nothing scrolls sideways', async ({
      page,
      browser,
    }) => {
      test.setTimeout(MULTI_PAGE_SCAN_MS);
      await signIn(page, admin);
      await goToSection(page, 'Settings');
      await expect(page.getByRole('heading', { name: 'Settings', level: 1 })).toBeVisible();
      await page.locator('#members').getByLabel('E-mail').fill(`a11y-${width}-${Date.now()}@e2e.test`);
      await page.locator('#members').getByRole('button', { name: 'Invite' }).click();
      const link = (await page.getByTestId('invitation-link').textContent())!.trim();
      const context = await browser.newContext({ viewport: { width, height: 900 } });
      const invitee = await context.newPage();
      await invitee.goto(link);
      await expect(invitee.getByRole('heading', { level: 1 })).toHaveText('Join E2E platform');
      expect(await seriousViolations(invitee)).toEqual([]);
      expect(await noSideways(invitee)).toBe(true);
      await invitee.screenshot({ path: `e2e/artifacts/invitation-a11y-${width}.png`, fullPage: true });
      await context.close();
    });
  });
}

test('keyboard only: create an API key for one service without the mouse', async ({ page }) => {
  await signIn(page, admin);
  await page.getByRole('link', { name: 'Settings' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: 'Settings', level: 1 })).toBeVisible();
  await page.getByLabel('Key name').focus();
  await page.keyboard.type('Keyboard key');
  await page.keyboard.press('Tab'); // payments
  await page.keyboard.press('Tab'); // mini programs
  await page.keyboard.press('Space'); // untick
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: 'Create key' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('new-api-key')).toBeVisible();
  await expect(page.getByRole('row', { name: /Keyboard key/ }).first()).toContainText('Payments onboarding');
  await expect(page.getByRole('row', { name: /Keyboard key/ }).first()).not.toContainText('Mini programs');
});
