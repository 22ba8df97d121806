import { expect, test } from '@playwright/test';
import { admin } from '../support/provision';
import { signIn } from '../support/sign-in';

test('an admin adds an operator (one-time password shown once, and it signs in), changes the role, cannot demote the last admin, and removes them', async ({ page, browser }) => {
  await signIn(page, admin);
  await page.getByRole('link', { name: 'Settings' }).click();
  const panel = page.locator('#members');
  const email = `new-operator-${Date.now()}@e2e.test`;
  await panel.getByLabel('E-mail').fill(email);
  await panel.getByLabel('Role', { exact: true }).selectOption('operator');
  await panel.getByRole('button', { name: 'Add operator' }).click();
  const password = (await panel.getByTestId('member-password').textContent())!.trim();
  expect(password).toMatch(/^[0-9A-Za-z]{20}$/);
  const row = panel.getByRole('row', { name: new RegExp(email) });
  await expect(row.getByLabel(`Role of ${email}`)).toHaveValue('operator');
  await page.screenshot({ path: 'e2e/artifacts/settings-member-added.png', fullPage: true });
  await panel.getByRole('button', { name: 'Done' }).click();
  await expect(panel.getByTestId('member-password')).toHaveCount(0);

  // The new operator signs in with it (their console is in Chinese, the default language) and sees no key management.
  const other = await browser.newContext();
  const operatorPage = await other.newPage();
  await signIn(operatorPage, { email, password });
  await operatorPage.getByRole('link', { name: '设置' }).click();
  await expect(operatorPage.getByRole('heading', { name: '设置', level: 1 })).toBeVisible();
  await expect(operatorPage.getByRole('button', { name: '创建密钥' })).toHaveCount(0);
  await expect(operatorPage.getByText('仅管理员可管理 API 密钥。')).toBeVisible();

  // Adding the same e-mail again: refused on the field, no second password.
  await panel.getByLabel('E-mail').fill(email.toUpperCase());
  await panel.getByRole('button', { name: 'Add operator' }).click();
  await expect(panel.getByLabel('E-mail')).toHaveAttribute('aria-invalid', 'true');
  await expect(panel.locator('#member-email-error')).toHaveText('This person is already a member; change their role in the list instead.');
  await expect(panel.getByTestId('member-password')).toHaveCount(0);

  await row.getByLabel(`Role of ${email}`).selectOption('viewer');
  await expect(row.getByLabel(`Role of ${email}`)).toHaveValue('viewer');
  await page.reload();
  await expect(page.locator('#members').getByRole('row', { name: new RegExp(email) }).getByLabel(`Role of ${email}`)).toHaveValue('viewer');

  // The e2e admin is the platform's only admin: demoting it is refused (409) and the role stays.
  const self = page.locator('#members').getByLabel(`Role of ${admin.email}`);
  await self.selectOption('operator');
  await expect(page.locator('#members').getByRole('alert')).toHaveText('The platform needs at least one admin: make someone else admin first.');
  await expect(self).toHaveValue('admin');
  await expect(page.locator('#members').getByRole('button', { name: `Remove ${admin.email}` })).toBeEnabled();
  await page.locator('#members').getByRole('button', { name: `Remove ${admin.email}` }).click();
  await expect(page.locator('#members').getByRole('alert')).toHaveText('The platform needs at least one admin: make someone else admin first.');

  await page.locator('#members').getByRole('button', { name: `Remove ${email}` }).click();
  await expect(page.locator('#members').getByRole('row', { name: new RegExp(email) })).toHaveCount(0);
  // The role change already ended their session, and the removal ended any made since: back to sign-in.
  await operatorPage.goto(operatorPage.url());
  await expect(operatorPage).toHaveURL(/\/sign-in/);
  await other.close();
});

test('an admin signs a member out everywhere: the member’s open console goes back to sign-in at once', async ({ page, browser }) => {
  await signIn(page, admin);
  await page.getByRole('link', { name: 'Settings' }).click();
  const panel = page.locator('#members');
  const email = `signed-out-${Date.now()}@e2e.test`;
  await panel.getByLabel('E-mail').fill(email);
  await panel.getByRole('button', { name: 'Add operator' }).click();
  const password = (await panel.getByTestId('member-password').textContent())!.trim();
  await panel.getByRole('button', { name: 'Done' }).click();

  const [laptop, phone] = [await browser.newContext(), await browser.newContext()];
  const pages = [await laptop.newPage(), await phone.newPage()];
  for (const memberPage of pages) await signIn(memberPage, { email, password });

  await panel.getByRole('button', { name: `Sign out ${email} everywhere` }).click();
  await expect(panel.getByRole('status')).toHaveText(`${email} is signed out on every device and has to sign in again.`);
  await page.screenshot({ path: 'e2e/artifacts/settings-member-signed-out.png', fullPage: true });
  for (const memberPage of pages) {
    await memberPage.reload();
    await expect(memberPage).toHaveURL(/\/sign-in/);
  }
  // The admin's own session is untouched.
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Settings', level: 1 })).toBeVisible();
  await Promise.all([laptop.close(), phone.close()]);
});

test('settings in Chinese: the language switch changes every panel, and is remembered after reload', async ({ page }) => {
  await signIn(page, admin);
  await page.getByRole('link', { name: 'Settings' }).click();
  await page.getByLabel('Language').selectOption('zh-CN');
  try {
    await expect(page.getByRole('heading', { name: '设置', level: 1 })).toBeVisible();
    for (const heading of ['API 密钥', '回调签名密钥', '平台配置', '手动模板', '操作员与角色', '回调投递记录']) {
      await expect(page.getByRole('heading', { name: heading, level: 2 })).toBeVisible();
    }
    await expect(page.getByLabel(/模板模式/).first()).toBeVisible();
    await expect(page.getByRole('option', { name: '手动录入模板' }).first()).toBeAttached();
    await page.reload();
    await expect(page.getByRole('heading', { name: '设置', level: 1 })).toBeVisible();
    await expect(page.getByRole('button', { name: '创建密钥' })).toBeVisible();
    await page.screenshot({ path: 'e2e/artifacts/settings-zh-CN.png', fullPage: true });
  } finally {
    await page.getByLabel(/^(语言|Language)$/).selectOption('en');
    await expect(page.getByRole('heading', { name: 'Settings', level: 1 })).toBeVisible();
  }
});
