/** Request bodies about an operator's own account. */
import { z } from 'zod';
import { operatorRoleSchema } from '@/domain/roles';
import { defaultLocale, locales } from '@/i18n/locales';
import { blankAsAbsent } from './blank-as-absent';

export const createOperatorInput = z.object({
  email: z.email().transform((e) => e.toLowerCase()),
  password: z.string().min(12, 'at least 12 characters').max(200),
  name: z.string().trim().max(100).optional(),
  platformId: z.string().optional(),
  role: operatorRoleSchema.default('admin'),
  locale: z.enum(locales).default(defaultLocale),
  /** True when someone other than the operator chose the password (first run, CLI): changed at first sign-in. */
  passwordMustChange: z.boolean().default(false),
});

export const changePasswordInput = z
  .object({
    currentPassword: z.string().min(1).max(200),
    newPassword: z.string().min(12, 'at least 12 characters').max(200),
  })
  .strict();

/** The password form: the request plus the new password typed twice (the second copy never leaves the browser). */
export const changePasswordForm = changePasswordInput
  .extend({ confirmPassword: z.string() })
  .refine((v) => v.newPassword === v.confirmPassword, {
    path: ['confirmPassword'],
    message: 'settings.password.mismatch',
  });

/** The operator's time zone (an IANA name), or null for the language's default. */
export const setTimeZoneInput = z.object({ timeZone: z.string().trim().min(1).max(64).nullable() });

/** The time-zone form: its select holds '' for "the language's default", which the request sends as null. */
export const timeZoneForm = z.object({ timeZone: blankAsAbsent(setTimeZoneInput.shape.timeZone.unwrap()) });
