'use client';

import { useFormContext } from 'react-hook-form';
import { useI18n } from '@/i18n/i18n-provider';
import { FormControl, FormField } from '@/components/ui/form';
import { Input } from '@/components/ui/input';

/** A new password typed twice (`password`, `confirm`), inside a Form whose schema has both: sign-up and reset. */
export function NewPasswordFields() {
  const { t } = useI18n();
  const { control } = useFormContext<{ password: string; confirm: string }>();
  return (
    <>
      <FormField
        control={control}
        name="password"
        label={t('invitation.newPassword')}
        description={t('invitation.passwordRules')}
        render={({ field }) => (
          <FormControl>
            <Input type="password" autoComplete="new-password" {...field} />
          </FormControl>
        )}
      />
      <FormField
        control={control}
        name="confirm"
        label={t('invitation.confirmPassword')}
        render={({ field }) => (
          <FormControl>
            <Input type="password" autoComplete="new-password" {...field} />
          </FormControl>
        )}
      />
    </>
  );
}
