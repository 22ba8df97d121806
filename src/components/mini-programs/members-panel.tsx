'use client';

import { useI18n } from '@/i18n/i18n-provider';
import { api } from '@/trpc/react';
import type { Provider } from '@/domain/providers';
import { membersForm } from '@/schemas/mini-program-requests';
import { ErrorMessage } from '@/components/ui/error-message';
import { Button } from '@/components/ui/button';
import { Form, FormControl, FormField, useZodForm } from '@/components/ui/form';
import { Input } from '@/components/ui/input';

const describeMember = (member: unknown) =>
  typeof member === 'string'
    ? member
    : member && typeof member === 'object'
      ? Object.values(member as Record<string, unknown>)
          .filter((v) => typeof v === 'string')
          .join(' · ')
      : String(member);

/** Testers of the experience version: bind or unbind one; the upstream answers with the current list. */
export function MembersPanel(props: { platformId: string; platform: Provider; appId: string }) {
  const { t } = useI18n();
  const form = useZodForm(membersForm, { defaultValues: { member: '', role: '' } });
  const members = api.miniPrograms.members.useMutation();
  const send = (action: 'bind' | 'unbind') => (values: { member: string; role?: string }) =>
    members
      .mutateAsync({
        platformId: props.platformId,
        platform: props.platform,
        authorizerAppId: props.appId,
        action,
        ...values,
      })
      .catch(() => undefined);
  const busy = form.formState.isSubmitting;
  return (
    <section
      className="mb-4 grid gap-3 rounded-lg border bg-card p-4 sm:p-5 [&_h2]:m-0"
      aria-labelledby="members-heading"
    >
      <h2 id="members-heading">{t('miniPrograms.members.heading')}</h2>
      <Form form={form} className="gap-3" onSubmit={send('bind')}>
        <FormField
          control={form.control}
          name="member"
          label={t('miniPrograms.members.member')}
          render={({ field }) => (
            <FormControl>
              <Input maxLength={128} {...field} />
            </FormControl>
          )}
        />
        <FormField
          control={form.control}
          name="role"
          label={t('miniPrograms.members.role')}
          render={({ field }) => (
            <FormControl>
              <Input maxLength={32} {...field} />
            </FormControl>
          )}
        />
        <div className="flex flex-wrap gap-2">
          <Button type="submit" disabled={busy}>
            {t('miniPrograms.members.bind')}
          </Button>
          {/* The same check as bind, then the other action. */}
          <Button variant="secondary" type="button" disabled={busy} onClick={form.handleSubmit(send('unbind'))}>
            {t('miniPrograms.members.unbind')}
          </Button>
        </div>
      </Form>
      <ErrorMessage error={members.error} />
      {members.data && (
        <div role="status">
          <h3>{t('miniPrograms.members.current')}</h3>
          {members.data.members.length === 0 ? (
            <p className="text-muted-foreground">{t('miniPrograms.members.none')}</p>
          ) : (
            <ul>
              {members.data.members.map((m, i) => (
                <li key={i}>{describeMember(m)}</li>
              ))}
            </ul>
          )}
        </div>
      )}
    </section>
  );
}
