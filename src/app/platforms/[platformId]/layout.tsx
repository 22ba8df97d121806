import { notFound, redirect } from 'next/navigation';
import type { ReactNode } from 'react';
import { currentOperatorId } from '@/server/auth/current-operator';
import { getDb } from '@/server/db';
import { listOperatorPlatforms } from '@/server/services/operators/list-operator-platforms';
import { ConsoleShell } from '@/components/console-shell';
import { TrpcProvider } from '@/trpc/react';

export const dynamic = 'force-dynamic';

export default async function PlatformLayout({ children, params }: { children: ReactNode; params: Promise<{ platformId: string }> }) {
  const { platformId } = await params;
  const operatorId = await currentOperatorId();
  if (!operatorId) redirect(`/sign-in?callbackUrl=${encodeURIComponent(`/platforms/${platformId}/sub-merchants`)}`);
  const platforms = await listOperatorPlatforms(await getDb(), operatorId);
  const current = platforms.find((p) => p.platformId === platformId);
  if (!current) notFound();
  return (
    <TrpcProvider>
      <ConsoleShell platforms={platforms} current={current}>
        {children}
      </ConsoleShell>
    </TrpcProvider>
  );
}
