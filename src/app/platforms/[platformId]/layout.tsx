import { cookies, headers } from 'next/headers';
import { redirect } from 'next/navigation';
import type { ReactNode } from 'react';
import { ConsoleShell } from '@/components/console-shell';
import { NotAMember } from '@/components/shell/not-a-member';
import type { Membership } from '@/components/membership';
import { ViewportHint } from '@/components/ui/viewport-hint';
import { getEnv } from '@/env';
import { translator } from '@/i18n/translate';
import { consoleSession } from '@/server/console-session/console-session';
import { consoleTitleTemplate } from '@/server/console-session/console-metadata';
import { getDb } from '@/server/db';
import { CONSOLE_PATH_HEADER, signInReturnPath } from '@/server/http/console-path';
import { SESSION_COOKIE, SESSION_ENDED } from '@/schemas/sign-in';
import { changePasswordPath, passwordMustChange } from '@/server/services/operators/password-must-change';

export const generateMetadata = consoleTitleTemplate;

export const dynamic = 'force-dynamic';

/**
 * The console frame, rendered on the server. Neither the tRPC client nor the string catalog is here: each page
 * wraps its client screen in ConsoleClient with what it needs, so server-rendered pages ship none of it.
 */
export default async function PlatformLayout({
  children,
  params,
}: {
  children: ReactNode;
  params: Promise<{ platformId: string }>;
}) {
  const { platformId } = await params;
  const session = await consoleSession();
  const request = await headers();
  // Back to the page asked for (a record link opened while signed out), within this platform's console only. A
  // session cookie that no longer admits anyone was ended (by an admin, a password change, a disabled account) or
  // ran out: the sign-in page says so instead of appearing for no reason.
  if (!session) {
    const returnTo = encodeURIComponent(signInReturnPath(request.get(CONSOLE_PATH_HEADER), platformId));
    const ended = (await cookies()).getAll().some((cookie) => SESSION_COOKIE.test(cookie.name));
    redirect(`/sign-in?callbackUrl=${returnTo}${ended ? `&reason=${SESSION_ENDED}` : ''}`);
  }
  if (
    await passwordMustChange(
      { db: await getDb(), actor: `operator:${session.operator.id}` },
      { operatorId: session.operator.id },
    )
  )
    redirect(changePasswordPath);
  const current = session.platforms.find((p) => p.platformId === platformId);
  const { locale } = session.operator;
  // Removed from this platform (or never on it): say so, with the way back, rather than a bare 404.
  if (!current) return <NotAMember locale={locale} hasOther={session.platforms.length > 0} />;
  const phone =
    request.get('sec-ch-ua-mobile') === '?1' || /Mobi|Android|iPhone/i.test(request.get('user-agent') ?? '');
  return (
    <ConsoleShell
      platforms={session.platforms}
      current={current as Membership}
      sandbox={getEnv().UPSTREAM_MODE === 'sandbox'}
      locale={locale}
      timeZone={{ shown: session.operator.timeZone, chosen: session.operator.timeZoneChosen }}
      t={translator(locale)}
    >
      <ViewportHint wide={!phone}>{children}</ViewportHint>
    </ConsoleShell>
  );
}
