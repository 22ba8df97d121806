import { redirect } from 'next/navigation';
import { Button } from '@/components/ui/button';
import { NoticePage } from '@/components/shell/notice-page';
import { SignOutButton } from '@/components/shell/sign-out-button';
import { translator } from '@/i18n/translate';
import { currentOperatorId } from '@/server/auth/current-operator';
import { consoleSession } from '@/server/console-session/console-session';
import { getDb } from '@/server/db';
import { changePasswordPath, passwordMustChange } from '@/server/services/operators/password-must-change';

export const dynamic = 'force-dynamic';

/**
 * The console's front door: to the first platform, or, for an operator who belongs to none, what to do next and
 * whom to ask (a platform admin's invitation, or the installation's command line), instead of a dead end.
 */
export default async function Home() {
  const operatorId = await currentOperatorId();
  if (!operatorId) redirect('/sign-in');
  if (await passwordMustChange({ db: await getDb(), actor: `operator:${operatorId}` }, { operatorId }))
    redirect(changePasswordPath);
  const session = await consoleSession();
  if (!session) redirect('/sign-in');
  const [first] = session.platforms;
  if (first) redirect(`/platforms/${first.platformId}/sub-merchants`);
  const { locale, email } = session.operator;
  const t = translator(locale);
  return (
    <NoticePage
      locale={locale}
      headingId="no-platform-h"
      title={t('noPlatform.title')}
      description={t('noPlatform.intro', { email })}
    >
      <div className="grid gap-1">
        <h2 className="m-0 text-base">{t('noPlatform.invitedHeading')}</h2>
        <p className="m-0 text-sm">{t('noPlatform.invited', { email })}</p>
      </div>
      <div className="grid gap-1">
        <h2 className="m-0 text-base">{t('noPlatform.installHeading')}</h2>
        <p className="m-0 text-sm">{t('noPlatform.install')}</p>
        <pre tabIndex={0} className="m-0 overflow-x-auto rounded-md bg-muted p-3 text-xs" lang="en">
          <code>npm run cli -- platform list{'\n'}npm run cli -- platform create --name &lt;name&gt;</code>
        </pre>
      </div>
      <div className="flex flex-wrap gap-2">
        <Button asChild>
          <a href="/">{t('noPlatform.reload')}</a>
        </Button>
        <SignOutButton label={t('nav.signOut')} />
      </div>
    </NoticePage>
  );
}
