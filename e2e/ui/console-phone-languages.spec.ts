import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { goToSection } from '../support/console-nav';
import { admin } from '../support/provision';
import { signIn } from '../support/sign-in';

/** Serious and critical axe violations, by rule id and the first offending element. */
async function seriousViolations(page: Page) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes[0]?.target.join(' ')}`);
}

/** The page is no wider than the screen: nothing makes a phone scroll sideways. */
const noSideways = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth);

/**
 * Visible English sentences (three or more English words in a row) in the console's own text. Code, identifiers
 * and text marked lang="en" (the API's own descriptions, an upstream's original message) are not the console's
 * words and are skipped.
 */
const englishRuns = (page: Page) =>
  page.evaluate(() => {
    const found: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      if (!parent || parent.closest('code, pre, script, style, [lang="en"], [data-sonner-toaster]')) continue;
      if (!parent.checkVisibility()) continue;
      const run = /[A-Za-z]{2,}(?:[ ,]+[A-Za-z]{2,}){2,}/.exec(node.textContent ?? '');
      if (run) found.push(run[0]);
    }
    return found;
  });

const pages = [
  { section: { en: 'Settings', 'zh-CN': '设置' }, heading: { en: 'Settings', 'zh-CN': '设置' } },
  { section: { en: 'Mini programs', 'zh-CN': '小程序托管' }, heading: { en: 'Mini programs', 'zh-CN': '小程序' } },
  { section: { en: 'Sandbox', 'zh-CN': '沙箱' }, heading: { en: 'Sandbox', 'zh-CN': '沙箱' } },
] as const;

test.describe('at 375 px', () => {
  test.use({ viewport: { width: 375, height: 812 } });

  test('the navigation folds into a menu; my console pages and /docs fit the phone, pass axe, in English and in Chinese', async ({
    page,
  }) => {
    test.setTimeout(240_000);
    await signIn(page, admin);
    // The sidebar is gone: the page gets the whole width, the menu button opens the navigation as a sheet.
    await expect(page.getByRole('navigation', { name: 'Sections' })).toHaveCount(0);
    await page.getByRole('button', { name: 'Open navigation' }).click();
    const sheet = page.getByRole('dialog', { name: 'Onboarding console' });
    await expect(sheet.getByRole('link', { name: 'Settings' })).toBeVisible();
    await page.screenshot({ path: 'e2e/artifacts/phone-nav-open.png' });
    await sheet.getByRole('button', { name: 'Close navigation' }).click();
    await expect(sheet).toHaveCount(0);

    try {
      for (const language of ['en', 'zh-CN'] as const) {
        if (language === 'zh-CN') {
          await page.getByRole('button', { name: 'Open navigation' }).click();
          await page.getByRole('dialog').getByLabel('Language').selectOption('zh-CN');
          await expect(page.getByRole('button', { name: '打开导航' })).toBeVisible();
          await page.keyboard.press('Escape');
        }
        for (const { section, heading } of pages) {
          await goToSection(page, section[language]);
          await expect(page.getByRole('heading', { level: 1, name: heading[language] })).toBeVisible();
          // Let the hydrated screen settle (tables turn into cards on a phone).
          await page.waitForLoadState('networkidle');
          expect(await noSideways(page), `${section[language]} (${language})`).toBe(true);
          expect(await seriousViolations(page), `${section[language]} (${language})`).toEqual([]);
          if (language === 'zh-CN') expect(await englishRuns(page), section[language]).toEqual([]);
          await page.screenshot({
            path: `e2e/artifacts/phone-${language}-${section.en.toLowerCase().replace(' ', '-')}.png`,
            fullPage: true,
          });
        }
        await goToSection(page, language === 'en' ? 'API reference' : 'API 文档');
        await expect(
          page.getByRole('heading', {
            level: 2,
            name: language === 'en' ? 'formData field reference' : 'formData 字段说明',
          }),
        ).toBeVisible();
        // Markdown is rendered: no literal backticks left in the descriptions.
        expect(await page.locator('main').evaluate((main) => (main as HTMLElement).innerText.includes('`'))).toBe(
          false,
        );
        await expect(page.locator('#form-data-licenseNumber')).toContainText(
          language === 'en' ? 'Business license number' : '营业执照注册号（统一社会信用代码）',
        );
        expect(await noSideways(page), `/docs (${language})`).toBe(true);
        expect(await seriousViolations(page), `/docs (${language})`).toEqual([]);
        if (language === 'zh-CN') expect(await englishRuns(page), '/docs').toEqual([]);
        await page.screenshot({ path: `e2e/artifacts/phone-${language}-docs.png`, fullPage: false });
        await page.goBack();
      }
    } finally {
      // The e2e accounts use English; the other specs rely on it.
      await page.goto('/');
      const menu = page.getByRole('button', { name: /^(Open navigation|打开导航)$/ });
      await menu.click();
      await page
        .getByRole('dialog')
        .getByLabel(/^(Language|语言)$/)
        .selectOption('en');
      await expect(page.getByRole('button', { name: 'Open navigation' })).toBeVisible();
    }
  });
});
