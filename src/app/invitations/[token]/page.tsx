import type { Metadata } from 'next';
import { AcceptInvitationView } from '@/components/invitations/accept-invitation-view';
import { I18nProvider } from '@/i18n/i18n-provider';
import { requestLocale } from '@/i18n/request-locale';
import { formatters, messagesFor, translator } from '@/i18n/translate';
import { currentOperatorId } from '@/server/auth/current-operator';
import { getDb } from '@/server/db';
import { findInvitation } from '@/server/services/invitations/find-invitation';
import { getOperator } from '@/server/services/operators/get-operator';
import { TrpcProvider } from '@/trpc/react';

export const dynamic = 'force-dynamic';

// The token is the credential: keep it out of search engines and out of Referer headers sent onwards.
export async function generateMetadata(): Promise<Metadata> {
  return {
    title: translator(await requestLocale())('invitation.pageTitle'),
    robots: { index: false, follow: false },
    referrer: 'no-referrer',
  };
}

/**
 * Public accept page. It looks the same whether the invited e-mail has an account or not: both ways in are
 * offered (create an account, or sign in with the existing one), so the link itself reveals no account.
 */
export default async function InvitationPage({ params }: { params: Promise<{ token: string }> }) {
  const { token } = await params;
  const db = await getDb();
  const [view, locale, operatorId] = await Promise.all([
    findInvitation({ db, actor: 'invitation' }, { token: decodeURIComponent(token) }),
    requestLocale(),
    currentOperatorId(),
  ]);
  const signedInAs = operatorId
    ? ((await getOperator({ db, actor: `operator:${operatorId}` }, { operatorId }))?.email ?? null)
    : null;
  const t = translator(locale);
  const intro =
    view.status === 'pending'
      ? t('invitation.intro', {
          email: view.email,
          role: t(`settings.role.${view.role}`),
          time: formatters(locale).dateTime(view.expiresAt),
        })
      : '';
  return (
    <I18nProvider locale={locale} messages={messagesFor(locale, ['common', 'ui', 'invitation', 'signIn'])}>
      <TrpcProvider>
        <AcceptInvitationView
          token={decodeURIComponent(token)}
          view={view}
          intro={intro}
          signedInAs={signedInAs}
          locale={locale}
        />
      </TrpcProvider>
    </I18nProvider>
  );
}
