'use client';

import { useRouter } from 'next/navigation';
import { useI18n } from '@/i18n/i18n-provider';
import type { Locale } from '@/i18n/locales';
import type { InvitationView } from '@/server/services/invitations/find-invitation';
import { ExistingAccountForm } from './existing-account-form';
import { NewAccountForm } from './new-account-form';
import { SignedInJoin } from './signed-in-join';

type Props = { token: string; view: InvitationView; intro: string; signedInAs: string | null; locale: Locale };

/** The invitation page: the link's state, or the ways to join (the same two forms for every e-mail). */
export function AcceptInvitationView({ token, view, intro, signedInAs, locale }: Props) {
  const { t } = useI18n();
  const router = useRouter();
  if (view.status !== 'pending') {
    return (
      <main className="mx-auto my-[8vh] grid max-w-[380px] gap-3 rounded-lg border bg-card p-5 [&_h1]:m-0">
        <h1>{t('invitation.state.heading')}</h1>
        <p role="alert">{t(`invitation.state.${view.status}`)}</p>
        <p>
          <a href="/sign-in">{t('invitation.signInLink')}</a>
        </p>
      </main>
    );
  }
  const onJoined = (platformId: string) => {
    router.replace(`/platforms/${encodeURIComponent(platformId)}/sub-merchants`);
    router.refresh();
  };
  return (
    <main
      className="mx-auto my-[8vh] grid max-w-[380px] gap-3 rounded-lg border bg-card p-5 [&_h1]:m-0"
      style={{ maxWidth: 460 }}
    >
      <h1>{t('invitation.title', { platform: view.platformName })}</h1>
      <p className="text-muted-foreground">{intro}</p>
      {signedInAs === view.email ? (
        <SignedInJoin token={token} email={view.email} platformName={view.platformName} onJoined={onJoined} />
      ) : (
        <>
          {signedInAs && <p className="text-muted-foreground">{t('invitation.otherAccount', { email: signedInAs })}</p>}
          <NewAccountForm token={token} email={view.email} locale={locale} />
          <ExistingAccountForm token={token} email={view.email} onJoined={onJoined} />
        </>
      )}
    </main>
  );
}
