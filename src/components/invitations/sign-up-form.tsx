'use client';

import { signIn } from 'next-auth/react';
import { useRouter } from 'next/navigation';
import { useI18n } from '@/i18n/i18n-provider';
import type { Locale } from '@/i18n/locales';
import { api } from '@/trpc/react';
import { newAccountForm } from '@/schemas/invitation-requests';
import type { ClientError } from '@/components/ui/error-message';
import { acceptErrorText, linkStateText } from './accept-error';
import { FormTail } from '@/components/ui/form-tail';
import { Form, FormControl, FormField, useZodForm } from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import { NewPasswordFields } from '@/components/accounts/new-password-fields';

/** The field a refusal names (the server's parse of name or password), when it names one. */
const refusedField = (error: ClientError) => {
  const pointer = error?.data?.errors?.[0]?.pointer;
  if (pointer === '/name') return { name: 'name' as const, message: 'invitation.nameRequired' };
  if (pointer === '/password') return { name: 'password' as const, message: 'invitation.passwordRules' };
  return undefined;
};

/**
 * The mailed sign-up link's form (the mailbox is proved by holding it): name and password; the account is
 * created, joins the invitation's platform and signs in with the password just chosen.
 */
export function SignUpForm(props: { token: string; email: string; locale: Locale }) {
  const { t } = useI18n();
  const router = useRouter();
  const form = useZodForm(newAccountForm, { defaultValues: { name: '', password: '', confirm: '' } });
  const create = api.invitations.completeSignUp.useMutation({
    onSuccess: async ({ platformId }, { password }) => {
      // A failure here still leaves a working account: the sign-in page takes over.
      const result = await signIn('credentials', { email: props.email, password, redirect: false });
      if (result?.ok && !result.error) {
        router.replace(`/platforms/${encodeURIComponent(platformId)}/sub-merchants`);
        router.refresh();
      } else window.location.assign('/sign-in');
    },
  });
  const problem =
    create.error && !refusedField(create.error)
      ? (linkStateText(t, 'signUp', create.error) ?? acceptErrorText(t, create.error))
      : null;
  return (
    <Form
      form={form}
      className="gap-3"
      onSubmit={async ({ name, password }) => {
        await create
          .mutateAsync({ token: props.token, name, password, locale: props.locale })
          .catch((error: ClientError) => {
            const refused = refusedField(error);
            if (refused) form.setError(refused.name, { message: refused.message });
          });
      }}
    >
      <input type="email" name="email" autoComplete="username" value={props.email} readOnly hidden />
      <FormField
        control={form.control}
        name="name"
        label={t('invitation.name')}
        render={({ field }) => (
          <FormControl>
            <Input autoComplete="name" maxLength={100} {...field} />
          </FormControl>
        )}
      />
      <NewPasswordFields />
      <FormTail
        problem={problem}
        submitLabel={form.formState.isSubmitting ? t('invitation.busy') : t('invitation.create')}
        disabled={form.formState.isSubmitting || create.isSuccess}
      />
    </Form>
  );
}
