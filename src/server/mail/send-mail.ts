/**
 * Account mail leaves through nodemailer: SMTP in production, or one of two development transports that need
 * no server. `file` writes each mail as nodemailer's JSON rendering into MAIL_DIR (the tests read the mails
 * there: the same transport a developer uses, not a mock); `console` prints it to stdout for a developer's
 * terminal. A mail holds a single-use link, so the logger only ever sees the kind and the recipient's domain.
 */
import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer, { type Transporter } from 'nodemailer';
import { getEnv } from '@/env';
import { AppError } from '@/server/errors';
import { logger } from '@/server/logger';

export type Mail = { to: string; subject: string; text: string; html: string; kind: string };

const DEFAULT_FROM = 'Onboarding <no-reply@localhost>';

let smtp: Transporter | undefined;
const json = nodemailer.createTransport({ jsonTransport: true });

export const mailDir = () => {
  const env = getEnv();
  return path.resolve(env.MAIL_DIR ?? path.join(env.dataDir, 'mail'));
};

/** Only the domain: enough to tell which provider bounced, never who the mail was for. */
const recipientDomain = (to: string) => to.slice(to.lastIndexOf('@') + 1);

export async function sendMail(mail: Mail): Promise<void> {
  const env = getEnv();
  const message = {
    from: env.MAIL_FROM ?? DEFAULT_FROM,
    to: mail.to,
    subject: mail.subject,
    text: mail.text,
    html: mail.html,
  };
  try {
    if (env.MAIL_TRANSPORT === 'smtp') {
      smtp ??= nodemailer.createTransport(env.SMTP_URL!);
      await smtp.sendMail(message);
    } else {
      const rendered = await json.sendMail(message);
      const body = rendered.message as unknown as string;
      if (env.MAIL_TRANSPORT === 'file') {
        const dir = mailDir();
        await mkdir(dir, { recursive: true, mode: 0o700 });
        // Sortable by time; the random part keeps two mails of one millisecond apart.
        const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomBytes(4).toString('hex')}.json`;
        await writeFile(path.join(dir, name), body, { mode: 0o600 });
      } else {
        process.stdout.write(
          `--- mail (MAIL_TRANSPORT=console) ---\nTo: ${mail.to}\nSubject: ${mail.subject}\n\n${mail.text}\n---\n`,
        );
      }
    }
  } catch (error) {
    // Not the error itself: an SMTP refusal quotes the recipient's address.
    const { code, responseCode } = error as { code?: string; responseCode?: number };
    logger.error({ code, responseCode, kind: mail.kind, toDomain: recipientDomain(mail.to) }, 'mail not sent');
    throw new AppError('mail_unavailable', 'The mail could not be sent; try again later.');
  }
  logger.info({ kind: mail.kind, transport: env.MAIL_TRANSPORT, toDomain: recipientDomain(mail.to) }, 'mail sent');
}
