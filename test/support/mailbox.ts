/**
 * Reads the mails the service sent through its file transport (MAIL_TRANSPORT=file, the development default):
 * each is nodemailer's JSON rendering in MAIL_DIR (default DATA_DIR/mail). Tests read what a developer would.
 */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { mailDir } from '@/server/mail/send-mail';

export type SentMail = { to: string[]; subject: string; text: string; html: string; file: string };

export async function sentMails(dir = mailDir()): Promise<SentMail[]> {
  const names = await readdir(dir).catch(() => [] as string[]);
  const mails: SentMail[] = [];
  for (const name of names.filter((n) => n.endsWith('.json')).sort()) {
    const raw = JSON.parse(await readFile(path.join(dir, name), 'utf8')) as {
      to: { address: string }[];
      subject: string;
      text: string;
      html: string;
    };
    mails.push({ to: raw.to.map((r) => r.address), subject: raw.subject, text: raw.text, html: raw.html, file: name });
  }
  return mails;
}

export async function mailsTo(email: string, dir?: string): Promise<SentMail[]> {
  return (await sentMails(dir)).filter((mail) => mail.to.includes(email));
}

/** The token of the one link in `mail` whose path starts with `prefix` ("/sign-up/"), or undefined. */
export function linkToken(mail: SentMail | undefined, prefix: string): string | undefined {
  const match = new RegExp(`https?://[^\\s]+${prefix.replace(/\//g, '\\/')}([0-9A-Za-z]+)`).exec(mail?.text ?? '');
  return match?.[1];
}

type InvitationCaller = {
  invitations: {
    requestSignUpMail(input: { token: string; locale?: 'zh-CN' | 'en' }): Promise<{ mailed: true }>;
    completeSignUp(input: {
      token: string;
      name: string;
      password: string;
      locale?: 'zh-CN' | 'en';
    }): Promise<{ platformId: string; role: string; email: string }>;
  };
};

const signUpLinks = new Map<string, Promise<string>>();

/**
 * The invited person's way to a new account, as the service makes them take it: ask for the mail on the
 * invitation page, open the sign-up link from the mailbox, choose name and password. The mail is asked for once
 * per invitation link (later calls reuse its sign-up link, as a person retrying the form would).
 */
export async function signUpByMail(
  anonymous: InvitationCaller,
  input: { token: string; name: string; password: string; locale?: 'zh-CN' | 'en' },
) {
  let link = signUpLinks.get(input.token);
  if (!link) {
    link = (async () => {
      const before = new Set((await sentMails()).map((m) => m.file));
      await anonymous.invitations.requestSignUpMail({ token: input.token, locale: input.locale });
      const mail = (await sentMails()).find((m) => !before.has(m.file));
      const token = linkToken(mail, '/sign-up/');
      if (!token) throw new Error(`no sign-up link was mailed: ${mail?.text ?? 'no mail'}`);
      return token;
    })();
    signUpLinks.set(input.token, link);
    link.catch(() => signUpLinks.delete(input.token));
  }
  return anonymous.invitations.completeSignUp({ ...input, token: await link });
}
