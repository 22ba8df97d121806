'use client';

import { useState } from 'react';
import { useI18n } from '@/i18n/i18n-provider';
import type { MessageKey } from '@/i18n/messages/en';
import { api } from '@/trpc/react';
import { ErrorMessage, type ClientError } from '@/components/ui/error-message';
import { Form, FormControl, FormField, useZodForm } from '@/components/ui/form';
import { invitePlatformMemberInput } from '@/schemas/member-requests';
import { OneTimeSecret } from './one-time-secret';
import { operatorRoles, type OperatorRole } from '@/domain/roles';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { NativeSelect } from '@/components/ui/native-select';

/** The catalog key for a refusal that is about the e-mail address (a field code or the error's own code). */
function emailProblem(error: ClientError): MessageKey | undefined {
  const codes = [error?.data?.errors?.[0]?.code, error?.data?.appCode];
  if (codes.includes('already_member')) return 'settings.members.alreadyMember';
  if (codes.includes('invalid_request')) return 'settings.members.invalidEmail';
  return undefined;
}

type Shown = { email: string; role: OperatorRole; url: string; expiresAt: string };

/** Invites someone by e-mail; the single-use link is shown here once, for the admin to send over a safe channel. */
export function InviteMemberForm({ platformId }: { platformId: string }) {
  const { t, format } = useI18n();
  const utils = api.useUtils();
  const form = useZodForm(invitePlatformMemberInput.pick({ email: true, role: true }), {
    defaultValues: { email: '', role: 'operator' },
  });
  const [link, setLink] = useState<Shown | null>(null);
  const invite = api.members.invite.useMutation({
    onSuccess: ({ invitation, acceptPath }) => {
      // The browser knows the address people reach this console at; the server may sit behind a proxy.
      setLink({
        email: invitation.email,
        role: invitation.role,
        url: new URL(acceptPath, window.location.origin).toString(),
        expiresAt: invitation.expiresAt,
      });
      form.reset({ email: '', role: form.getValues('role') });
      void utils.members.invitations.invalidate();
    },
  });
  return (
    <>
      <p className="text-muted-foreground">{t('settings.members.inviteIntro')}</p>
      {link && (
        <OneTimeSecret
          title={t('settings.members.linkTitle', { email: link.email })}
          hint={t('settings.members.linkHint', {
            time: format.dateTime(link.expiresAt),
            role: t(`settings.role.${link.role}`),
          })}
          value={link.url}
          testId="invitation-link"
          onDone={() => setLink(null)}
        />
      )}
      <Form
        form={form}
        className="grid items-start gap-3 sm:grid-cols-[minmax(0,2fr)_minmax(0,1fr)_auto]"
        onSubmit={async (values) => {
          setLink(null);
          await invite.mutateAsync({ platformId, ...values }).catch((error: ClientError) => {
            // Refusals about the address belong on the field; the rest are said under the form.
            const key = emailProblem(error);
            if (key) form.setError('email', { message: key });
          });
        }}
      >
        <FormField
          control={form.control}
          name="email"
          label={t('settings.members.email')}
          render={({ field }) => (
            <FormControl>
              <Input type="email" autoComplete="off" {...field} />
            </FormControl>
          )}
        />
        <FormField
          control={form.control}
          name="role"
          label={t('settings.members.role')}
          render={({ field }) => (
            <FormControl>
              <NativeSelect {...field}>
                {operatorRoles.map((r) => (
                  <option key={r} value={r}>
                    {t(`settings.role.${r}`)}
                  </option>
                ))}
              </NativeSelect>
            </FormControl>
          )}
        />
        <Button type="submit" className="sm:mt-7" disabled={form.formState.isSubmitting}>
          {t('settings.members.invite')}
        </Button>
        {invite.error && !emailProblem(invite.error) && (
          <div className="sm:col-span-3">
            <ErrorMessage error={invite.error} />
          </div>
        )}
      </Form>
    </>
  );
}
