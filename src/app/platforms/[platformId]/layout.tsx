import { notFound, redirect } from 'next/navigation';
import type { ReactNode } from 'react';
import { I18nProvider } from '@/i18n/i18n-provider';
import { currentOperatorId } from '@/server/auth/current-operator';
import { getEnv } from '@/env';
import { getDb } from '@/server/db';
import { getOperator } from '@/server/services/operators/get-operator';
import { listOperatorPlatforms } from '@/server/services/operators/list-operator-platforms';
import { ConsoleShell } from '@/components/console-shell';
import { TrpcProvider } from '@/trpc/react';

export const dynamic = 'force-dynamic';

export default async function PlatformLayout({ children, params }: { children: ReactNode; params: Promise<{ platformId: string }> }) {
  const { platformId } = await params;
  const operatorId = await currentOperatorId();
  if (!operatorId) redirect(`/sign-in?callbackUrl=${encodeURIComponent(`/platforms/${platformId}/sub-merchants`)}`);
  const db = await getDb();
  const [operator, platforms] = await Promise.all([getOperator(db, operatorId), listOperatorPlatforms(db, operatorId)]);
  const current = platforms.find((p) => p.platformId === platformId);
  if (!current || !operator) notFound();
  return (
    <TrpcProvider>
      <I18nProvider locale={operator.locale}>
        <ConsoleShell platforms={platforms} current={current as typeof current & { role: 'admin' | 'operator' | 'viewer' }} sandbox={getEnv().UPSTREAM_MODE === 'sandbox'}>
          {children}
        </ConsoleShell>
      </I18nProvider>
    </TrpcProvider>
  );
}
