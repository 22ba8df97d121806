'use client';

import { useI18n } from '@/i18n/i18n-provider';
import type { Locale } from '@/i18n/locales';
import { api } from '@/trpc/react';
import { acceptErrorText } from './accept-error';
import { Button } from '@/components/ui/button';

/** The wait a throttled mail request names ("… try again in 2 min."), at least 1. */
export const minutesToWait = (message: string) => Math.max(1, Number(/(\d+) min/.exec(message)?.[1] ?? 1));

/**
 * No account yet: the link alone creates nothing (whoever invited the address holds it too). One button mails
 * the invited address; the account is created from that mail's link (/sign-up/…). The answer reads the same
 * whether or not the address already has an account (then the mail says to sign in below instead).
 */
export function NewAccountForm(props: { token: string; email: string; locale: Locale }) {
  const { t } = useI18n();
  const request = api.invitations.requestSignUpMail.useMutation();
  const problem = request.error
    ? request.error.data?.appCode === 'rate_limited'
      ? t('invitation.mailLimited', { minutes: minutesToWait(request.error.message) })
      : request.error.data?.appCode === 'mail_unavailable'
        ? t('invitation.mailUnavailable')
        : acceptErrorText(t, request.error)
    : null;
  return (
    <section aria-labelledby="invite-new-heading" className="grid gap-3">
      <h2 id="invite-new-heading">{t('invitation.newHeading')}</h2>
      {request.isSuccess ? (
        <p role="status" className="m-0">
          {t('invitation.mailSent', { email: props.email })}
        </p>
      ) : (
        <p className="m-0">
          <Button
            type="button"
            disabled={request.isPending}
            onClick={() => request.mutate({ token: props.token, locale: props.locale })}
          >
            {request.isPending ? t('invitation.busy') : t('invitation.sendMail')}
          </Button>
        </p>
      )}
      {problem && (
        <p role="alert" className="m-0 text-destructive">
          {problem}
        </p>
      )}
    </section>
  );
}
