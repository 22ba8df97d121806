/** Request bodies of the public invitation page and of the sign-up link it mails. */
import { z } from 'zod';
import { defaultLocale, locales } from '@/i18n/locales';

/** A link's token as procedures accept it: anything else is refused before a lookup. */
export const invitationToken = z.string().min(1).max(200);

export const acceptSignedInInput = z.object({ token: invitationToken }).strict();

/** "Send me the link": the invitation's token, and the page's language for the mail to a new address. */
export const requestSignUpMailInput = z
  .object({ token: invitationToken, locale: z.enum(locales).default(defaultLocale) })
  .strict();

/** The mailed sign-up link's form: the token is the mail's, not the invitation's. */
export const completeSignUpInput = z
  .object({
    token: invitationToken,
    name: z.string().trim().min(1, 'required').max(100),
    password: z.string().min(12, 'at least 12 characters').max(200),
    locale: z.enum(locales).default(defaultLocale),
  })
  .strict();

/** The new-account form: name and password as the request takes them, the password typed twice. */
export const newAccountForm = completeSignUpInput
  .pick({ name: true, password: true })
  .extend({ confirm: z.string() })
  .refine((v) => v.password === v.confirm, { path: ['confirm'], message: 'invitation.mismatch' });
