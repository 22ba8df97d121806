/**
 * The mails the server under test sent: scripts/e2e-server.sh leaves MAIL_TRANSPORT at its default (`file`), so
 * each mail is nodemailer's JSON rendering in DATA_DIR/mail of that server — what a developer's mails are too.
 */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { expect, type Page } from '@playwright/test';

const mailDir = () => path.resolve('e2e/artifacts', `data-${process.env.E2E_PORT ?? 3100}`, 'mail');

type Mail = { to: { address: string }[]; subject: string; text: string };

async function mailsTo(email: string): Promise<Mail[]> {
  const names = (await readdir(mailDir()).catch(() => [] as string[])).filter((n) => n.endsWith('.json')).sort();
  const mails = await Promise.all(
    names.map(async (n) => JSON.parse(await readFile(path.join(mailDir(), n), 'utf8')) as Mail),
  );
  return mails.filter((m) => m.to.some((r) => r.address === email));
}

/** The link (path from `prefix` on, e.g. "/sign-up/") of the `nth` mail to `email`, once it was written. */
export async function mailedLink(email: string, prefix: string, nth = 1): Promise<{ link: string; subject: string }> {
  await expect.poll(async () => (await mailsTo(email)).length).toBeGreaterThanOrEqual(nth);
  const mail = (await mailsTo(email))[nth - 1]!;
  const match = new RegExp(`https?://\\S+${prefix.replace(/\//g, '\\/')}[0-9A-Za-z]+`).exec(mail.text);
  expect(match, `a ${prefix} link in: ${mail.text}`).not.toBeNull();
  return { link: match![0], subject: mail.subject };
}

/**
 * An invited person without an account, in a Chinese browser: asks for the sign-up mail on the invitation
 * page, opens its link and chooses name and password; lands in the console.
 */
export async function joinByMail(
  page: Page,
  invitationLink: string,
  who: { email: string; name: string; password: string },
) {
  const sent = (await mailsTo(who.email)).length;
  await page.goto(invitationLink);
  await page.getByRole('button', { name: '发送创建账号的链接到我的邮箱' }).click();
  await expect(page.getByRole('main').getByRole('status')).toContainText(`含创建链接的邮件已发往 ${who.email}`);
  const { link } = await mailedLink(who.email, '/sign-up/', sent + 1);
  await page.goto(link);
  await page.getByLabel('你的姓名').fill(who.name);
  await page.getByLabel('设置密码').fill(who.password);
  await page.getByLabel('再次输入密码').fill(who.password);
  await page.getByRole('button', { name: '创建账号并加入' }).click();
  await expect(page).toHaveURL(/\/platforms\/plat_[^/]+\/sub-merchants$/);
}
