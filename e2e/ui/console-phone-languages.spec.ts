import { seriousViolations } from '../support/axe';
import { expect, test, type Page } from '@playwright/test';
import { goToSection } from '../support/console-nav';
import { admin } from '../support/provision';
import { signIn } from '../support/sign-in';

/** Axe on a phone-sized page of a loaded machine takes a while; three pages and axe each. */
const PAGES_WITH_AXE_MS = 300_000;

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

/** Backticks left in rendered prose (Markdown shown as source); code blocks may hold them legitimately. */
const literalBackticks = (page: Page) =>
  page.evaluate(() => {
    const found: string[] = [];
    const walker = document.createTreeWalker(document.querySelector('main')!, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      if (node.parentElement?.closest('pre, code')) continue;
      if (node.textContent?.includes('`')) found.push(node.textContent.slice(0, 80));
    }
    return found;
  });

const sections = {
  en: [
    ['Settings', 'Settings'],
    ['Mini programs', 'Mini programs'],
    ['Sandbox', 'Sandbox'],
  ],
  'zh-CN': [
    ['设置', '设置'],
    ['小程序', '小程序'],
    ['沙箱', '沙箱'],
  ],
} as const;

async function checkSections(page: Page, language: 'en' | 'zh-CN') {
  for (const [link, heading] of sections[language]) {
    await goToSection(page, link);
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    // Let the hydrated screen settle (tables turn into cards on a phone).
    await page.waitForLoadState('networkidle');
    expect(await noSideways(page), `${link} (${language})`).toBe(true);
    expect(await seriousViolations(page), `${link} (${language})`).toEqual([]);
    if (language === 'zh-CN') expect(await englishRuns(page), link).toEqual([]);
    await page.screenshot({ path: `e2e/artifacts/phone-${language}-${encodeURIComponent(link)}.png`, fullPage: true });
  }
}

async function setLanguage(page: Page, language: 'en' | 'zh-CN') {
  await page.getByRole('button', { name: /^(Open navigation|打开导航)$/ }).click();
  await page
    .getByRole('dialog')
    .getByLabel(/^(Language|语言)$/)
    .selectOption(language);
  // The sheet keeps the page behind it hidden from assistive tech: close it, then read the page in the new language.
  await expect(page.getByRole('dialog').getByLabel(language === 'en' ? 'Language' : '语言')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('button', { name: language === 'en' ? 'Open navigation' : '打开导航' })).toBeVisible();
}

test.describe('at 375 px', () => {
  test.use({ viewport: { width: 375, height: 812 } });

  test('the navigation folds into a menu; settings, mini programs and sandbox fit the phone and pass axe (English)', async ({
    page,
  }) => {
    test.setTimeout(PAGES_WITH_AXE_MS);
    await signIn(page, admin);
    // The sidebar is gone: the page gets the whole width; the menu button opens the navigation as a sheet.
    await expect(page.getByRole('navigation', { name: 'Sections' })).toHaveCount(0);
    await page.getByRole('button', { name: 'Open navigation' }).click();
    const sheet = page.getByRole('dialog', { name: 'Onboarding console' });
    await expect(sheet.getByRole('link', { name: 'Settings' })).toBeVisible();
    await page.screenshot({ path: 'e2e/artifacts/phone-nav-open.png' });
    await sheet.getByRole('button', { name: 'Close navigation' }).click();
    await expect(sheet).toHaveCount(0);
    await checkSections(page, 'en');
  });

  test('the same pages in Chinese: no English sentence, no sideways scroll, axe', async ({ page }) => {
    test.setTimeout(PAGES_WITH_AXE_MS);
    await signIn(page, admin);
    await setLanguage(page, 'zh-CN');
    try {
      await checkSections(page, 'zh-CN');
    } finally {
      // The e2e accounts use English; the other specs rely on it.
      await setLanguage(page, 'en');
    }
  });

  for (const language of ['en', 'zh-CN'] as const) {
    test.describe(`/docs in ${language}`, () => {
      test.use({ locale: language });

      test(`/docs renders its Markdown and the formData field reference (${language})`, async ({ page }) => {
        test.setTimeout(PAGES_WITH_AXE_MS);
        await page.goto('/docs');
        await expect(
          page.getByRole('heading', {
            level: 2,
            name: language === 'en' ? 'formData field reference' : 'formData 字段说明',
          }),
        ).toBeVisible();
        expect(await literalBackticks(page)).toEqual([]);
        const licence = page.locator('#form-data-licenseNumber');
        await expect(licence).toContainText(language === 'en' ? 'Business license number' : '营业执照注册号');
        await expect(licence).toContainText(language === 'en' ? 'Required for WeChat Pay' : '微信支付');
        await expect(page.locator('#form-data-storeName')).toContainText('SALES_SCENES_STORE');
        expect(await noSideways(page), `/docs (${language})`).toBe(true);
        expect(await seriousViolations(page), `/docs (${language})`).toEqual([]);
        if (language === 'zh-CN') expect(await englishRuns(page), '/docs').toEqual([]);
        await page.screenshot({ path: `e2e/artifacts/phone-${language}-docs.png` });
      });
    });
  }
});
