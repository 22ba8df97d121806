import { expect, test } from '@playwright/test';
import { joinByMail, mailedLink } from '../support/mailbox';
import { admin } from '../support/provision';
import { signIn } from '../support/sign-in';

/** Journeys across two or three browser contexts (admin, invitee, a second device); on a loaded machine they outlast the 60 s default. */
const MULTI_CONTEXT_JOURNEY_MS = 150_000;

async function invite(page: import('@playwright/test').Page, email: string) {
  await signIn(page, admin);
  await page.getByRole('link', { name: 'Settings' }).click();
  const panel = page.locator('#members');
  await panel.getByLabel('E-mail').fill(email);
  await panel.getByRole('button', { name: 'Invite' }).click();
  const link = (await panel.getByTestId('invitation-link').textContent())!.trim();
  await panel.getByRole('button', { name: 'Done' }).click();
  return link;
}

test('invite → the link only mails the address → the mailed link sets name and password → sign in with it', async ({
  page,
  browser,
}) => {
  test.setTimeout(MULTI_CONTEXT_JOURNEY_MS);
  const email = `mailbox-${Date.now()}@e2e.test`;
  const link = await invite(page, email);

  // Whoever holds the invitation link (the admin too) gets no password form there: only "send me the link".
  const holder = await (await browser.newContext({ locale: 'zh-CN' })).newPage();
  await holder.goto(link);
  await expect(holder.getByLabel('设置密码')).toHaveCount(0);
  await holder.screenshot({ path: 'e2e/artifacts/account-mail-invitation.png', fullPage: true });

  const invitee = await (await browser.newContext({ locale: 'zh-CN' })).newPage();
  await joinByMail(invitee, link, { email, name: '新同事', password: 'mailbox-password-1' });
  const { subject } = await mailedLink(email, '/sign-up/');
  expect(subject).toBe('创建账号以加入 E2E platform');
  // The mailed link worked once.
  const used = await (await browser.newContext({ locale: 'zh-CN' })).newPage();
  await used.goto((await mailedLink(email, '/sign-up/')).link);
  await expect(used.getByRole('main').getByRole('alert')).toHaveText('此链接已被使用。请使用由它创建的账号登录。');

  const laptop = await (await browser.newContext({ locale: 'zh-CN' })).newPage();
  await signIn(laptop, { email, password: 'mailbox-password-1' });
});

test('忘记密码？ → the same answer for any address → the mailed link sets a new password → the old session ends, the new password signs in', async ({
  page,
  browser,
}) => {
  test.setTimeout(MULTI_CONTEXT_JOURNEY_MS);
  const email = `reset-${Date.now()}@e2e.test`;
  const link = await invite(page, email);
  const device = await (await browser.newContext({ locale: 'zh-CN' })).newPage();
  await joinByMail(device, link, { email, name: 'Forgetful', password: 'the-forgotten-one-1' });

  const browserB = await (await browser.newContext({ locale: 'zh-CN' })).newPage();
  await browserB.goto('/sign-in');
  await browserB.getByRole('link', { name: '忘记密码？' }).click();
  await expect(browserB.getByRole('heading', { name: '忘记密码？', level: 1 })).toBeVisible();
  // An address without an account gets the same words.
  await browserB.getByLabel('邮箱').fill(`nobody-${Date.now()}@e2e.test`);
  await browserB.getByRole('button', { name: '发送链接' }).click();
  await expect(browserB.getByRole('main').getByRole('status')).toBeVisible();
  const nobodyAnswer = (await browserB.getByRole('main').getByRole('status').textContent())!;
  await browserB.goto('/forgot-password');
  await browserB.getByLabel('邮箱').fill(email);
  await browserB.getByRole('button', { name: '发送链接' }).click();
  await expect(browserB.getByRole('main').getByRole('status')).toContainText(email);
  const answer = (await browserB.getByRole('main').getByRole('status').textContent())!;
  expect(answer.replace(email, '…')).toBe(nobodyAnswer.replace(/nobody-\d+@e2e\.test/, '…'));

  // The second mail to this address (the first was the sign-up link).
  const { link: resetLink } = await mailedLink(email, '/reset-password/', 2);
  await browserB.goto(resetLink);
  await expect(browserB.getByRole('heading', { level: 1 })).toHaveText(`为 ${email} 设置新密码`);
  await browserB.getByLabel('设置密码').fill('my-brand-new-password');
  await browserB.getByLabel('再次输入密码').fill('my-brand-new-password');
  await browserB.getByRole('button', { name: '保存新密码' }).click();
  await expect(browserB.getByRole('main').getByRole('status')).toContainText('新密码已保存，请用它登录。');
  await browserB.screenshot({ path: 'e2e/artifacts/account-mail-reset-done.png', fullPage: true });

  // The session from before the reset has ended; the old password no longer signs in, the new one does.
  await device.reload();
  await expect(device).toHaveURL(/\/sign-in/);
  await device.getByLabel('邮箱').fill(email);
  await device.getByLabel('密码').fill('the-forgotten-one-1');
  await device.getByRole('button', { name: '登录' }).click();
  await expect(device.getByRole('main').getByRole('alert')).toHaveText('邮箱或密码不正确。');
  await signIn(device, { email, password: 'my-brand-new-password' });
});
