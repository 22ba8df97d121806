import type { Metadata } from 'next';
import { redirect } from 'next/navigation';
import { ConsoleClient } from '@/components/console-client';
import { SignOutButton } from '@/components/shell/sign-out-button';
import { translator } from '@/i18n/translate';
import { consoleLocale, consoleSession } from '@/server/console-session/console-session';
import { getDb } from '@/server/db';
import { passwordMustChange } from '@/server/services/operators/password-must-change';
import { TrpcProvider } from '@/trpc/react';
import { ForcedPasswordChange } from './forced-password-change';

export const dynamic = 'force-dynamic';

export async function generateMetadata(): Promise<Metadata> {
  return { title: translator(await consoleLocale())('passwordChange.pageTitle') };
}

/**
 * Where every console page sends a session whose password someone else chose (first-run admin, CLI). Nothing
 * else works for it until the change (tRPC answers FORBIDDEN `password_change_required`); then on into the console.
 */
export default async function ChangePasswordPage() {
  const session = await consoleSession();
  if (!session) redirect('/sign-in');
  if (
    !(await passwordMustChange(
      { db: await getDb(), actor: `operator:${session.operator.id}` },
      { operatorId: session.operator.id },
    ))
  )
    redirect('/');
  const t = translator(session.operator.locale);
  return (
    <main
      className="mx-auto my-[8vh] grid max-w-[380px] gap-3 rounded-lg border bg-card p-5 [&_h1]:m-0"
      style={{ maxWidth: 460 }}
    >
      <h1>{t('passwordChange.title')}</h1>
      <p className="text-muted-foreground">{t('passwordChange.intro')}</p>
      <ConsoleClient namespaces={['settings']}>
        <TrpcProvider>
          <ForcedPasswordChange email={session.operator.email} />
        </TrpcProvider>
      </ConsoleClient>
      <p>
        <SignOutButton label={t('nav.signOut')} />
      </p>
    </main>
  );
}
