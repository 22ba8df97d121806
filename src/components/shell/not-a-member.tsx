import { Button } from '@/components/ui/button';
import type { Locale } from '@/i18n/locales';
import { translator } from '@/i18n/translate';
import { NoticePage } from './notice-page';
import { SignOutButton } from './sign-out-button';

/**
 * What a signed-in operator sees on a platform they are not (or no longer) a member of: the same for a platform
 * that does not exist, so nothing is learned about other platforms. The way back is their own console.
 */
export function NotAMember({ locale, hasOther }: { locale: Locale; hasOther: boolean }) {
  const t = translator(locale);
  return (
    <NoticePage locale={locale} headingId="not-member-h" title={t('notMember.title')} description={t('notMember.body')}>
      <div className="flex flex-wrap gap-2">
        <Button asChild>
          <a href="/">{hasOther ? t('notMember.toConsole') : t('noPlatform.reload')}</a>
        </Button>
        <SignOutButton label={t('nav.signOut')} />
      </div>
    </NoticePage>
  );
}
