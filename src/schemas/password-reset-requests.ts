/** Request bodies of the self-service password reset (sign-in page → mail → new password). */
import { z } from 'zod';
import { defaultLocale, locales } from '@/i18n/locales';

export const requestPasswordResetInput = z
  .object({
    email: z
      .email()
      .max(254)
      .transform((e) => e.toLowerCase()),
    locale: z.enum(locales).default(defaultLocale),
  })
  .strict();

/** The same rules as choosing a password anywhere else (changePasswordInput, completeSignUpInput). */
export const resetPasswordInput = z
  .object({
    token: z.string().min(1).max(200),
    password: z.string().min(12, 'at least 12 characters').max(200),
  })
  .strict();

export const resetPasswordForm = resetPasswordInput
  .pick({ password: true })
  .extend({ confirm: z.string() })
  .refine((v) => v.password === v.confirm, { path: ['confirm'], message: 'invitation.mismatch' });
