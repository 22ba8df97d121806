import { expect, test } from '@playwright/test';
import { admin } from '../support/provision';
import { mailedLink } from '../support/mailbox';
import { signIn } from '../support/sign-in';

test('an operator changes their own password (wrong current one and a mismatch refused on the fields), which ends their session, and signs in with the new one', async ({
  page,
  browser,
}) => {
  // A fresh operator who joined from a Chinese browser (so their console is in Chinese); the shared e2e accounts keep their passwords.
  await signIn(page, admin);
  await page.getByRole('link', { name: 'Settings' }).click();
  const members = page.locator('#members');
  const email = `password-${Date.now()}@e2e.test`;
  await members.getByLabel('E-mail').fill(email);
  await members.getByRole('button', { name: 'Invite' }).click();
  const link = (await members.getByTestId('invitation-link').textContent())!.trim();
  const firstPassword = 'my-first-password-0';

  const context = await browser.newContext({ locale: 'zh-CN' });
  const operator = await context.newPage();
  await operator.goto(link);
  await operator.getByRole('button', { name: '发送创建账号的链接到我的邮箱' }).click();
  await expect(operator.getByRole('main').getByRole('status')).toContainText(email);
  await operator.goto((await mailedLink(email, '/sign-up/')).link);
  // The form checks before it sends: a missing name is said on its field, in Chinese, and nothing is sent.
  const sent: string[] = [];
  operator.on('request', (r) => /invitations\.completeSignUp|me\.changePassword/.test(r.url()) && sent.push(r.url()));
  await operator.getByLabel('设置密码').fill(firstPassword);
  await operator.getByLabel('再次输入密码').fill(firstPassword);
  await operator.getByRole('button', { name: '创建账号并加入' }).click();
  await expect(operator.getByLabel('你的姓名')).toHaveAttribute('aria-invalid', 'true');
  await expect(operator.getByLabel('你的姓名')).toHaveAccessibleDescription('请填写你的姓名。');
  await expect(operator.getByLabel('你的姓名')).toBeFocused();
  expect(sent).toEqual([]);
  await operator.getByLabel('你的姓名').fill('Password Changer');
  await operator.getByLabel('设置密码').fill(firstPassword);
  await operator.getByLabel('再次输入密码').fill(firstPassword);
  await operator.getByRole('button', { name: '创建账号并加入' }).click();
  await expect(operator).toHaveURL(/\/platforms\/plat_[^/]+\/sub-merchants$/);
  await operator.getByRole('link', { name: '设置' }).click();
  const panel = operator.locator('#password');
  await expect(panel.getByRole('heading', { name: '我的密码' })).toBeVisible();

  await panel.getByLabel('当前密码').fill('not-the-password');
  await panel.getByLabel('新密码', { exact: true }).fill('my-own-new-password-1');
  await panel.getByLabel('再次输入新密码').fill('my-own-new-password-1');
  await panel.getByRole('button', { name: '修改密码' }).click();
  await expect(panel.getByLabel('当前密码')).toHaveAttribute('aria-invalid', 'true');
  await expect(panel.getByLabel('当前密码')).toHaveAccessibleDescription('当前密码不正确。');

  await panel.getByLabel('当前密码').fill(firstPassword);
  await panel.getByLabel('再次输入新密码').fill('my-own-new-password-2');
  await panel.getByRole('button', { name: '修改密码' }).click();
  await expect(panel.getByLabel('再次输入新密码')).toHaveAccessibleDescription('两次输入的新密码不一致。');
  await expect(panel.getByLabel('再次输入新密码')).toBeFocused();
  // Refused in the browser: only the first attempt (wrong current password) reached the server.
  expect(sent.filter((url) => url.includes('me.changePassword'))).toHaveLength(1);

  await panel.getByLabel('再次输入新密码').fill('my-own-new-password-1');
  await panel.getByRole('button', { name: '修改密码' }).click();
  await expect(panel.getByRole('status')).toHaveText(
    '密码已修改。你的所有会话（包括当前会话）均已退出，请使用新密码重新登录。',
  );
  await operator.screenshot({ path: 'e2e/artifacts/settings-password-changed.png', fullPage: true });

  // The change ended this session too: the settings page now sends the browser to sign in.
  const settingsUrl = operator.url();
  await operator.reload();
  await expect(operator).toHaveURL(/\/sign-in\?callbackUrl=/);
  await operator.goto(settingsUrl);
  await expect(operator).toHaveURL(/\/sign-in/);
  await signIn(operator, { email, password: 'my-own-new-password-1' });
  await context.close();
});
