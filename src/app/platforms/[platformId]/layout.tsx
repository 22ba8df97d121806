import { headers } from 'next/headers';
import { notFound, redirect } from 'next/navigation';
import type { ReactNode } from 'react';
import { ConsoleShell } from '@/components/console-shell';
import type { Membership } from '@/components/membership';
import { ViewportHint } from '@/components/ui/viewport-hint';
import { getEnv } from '@/env';
import { translator } from '@/i18n/translate';
import { consoleSession } from '@/server/console-session/console-session';
import { consoleTitleTemplate } from '@/server/console-session/console-metadata';
import { getDb } from '@/server/db';
import { CONSOLE_PATH_HEADER, signInReturnPath } from '@/server/http/console-path';
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
  // Back to the page asked for (a record link opened while signed out), within this platform's console only.
  if (!session)
    redirect(
      `/sign-in?callbackUrl=${encodeURIComponent(signInReturnPath(request.get(CONSOLE_PATH_HEADER), platformId))}`,
    );
  if (
    await passwordMustChange(
      { db: await getDb(), actor: `operator:${session.operator.id}` },
      { operatorId: session.operator.id },
    )
  )
    redirect(changePasswordPath);
  const current = session.platforms.find((p) => p.platformId === platformId);
  if (!current) notFound();
  const { locale } = session.operator;
  const phone =
    request.get('sec-ch-ua-mobile') === '?1' || /Mobi|Android|iPhone/i.test(request.get('user-agent') ?? '');
  return (
    <ConsoleShell
      platforms={session.platforms}
      current={current as Membership}
      sandbox={getEnv().UPSTREAM_MODE === 'sandbox'}
      locale={locale}
      t={translator(locale)}
    >
      <ViewportHint wide={!phone}>{children}</ViewportHint>
    </ConsoleShell>
  );
}
