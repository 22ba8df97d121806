import { notFound } from 'next/navigation';
import { getEnv } from '@/env';
import { SandboxScreen } from '@/components/sandbox/sandbox-screen';
import { ConsoleClient } from '@/components/console-client';
import { TrpcProvider } from '@/trpc/react';
import { HydrateClient, serverApi } from '@/trpc/server';
import { consolePageTitle } from '@/server/console-session/console-metadata';

export const dynamic = 'force-dynamic';
export const generateMetadata = consolePageTitle('nav.sandbox');

/**
 * The sandbox's reviewers' desk; in live mode there is no sandbox, so no page either. Both queues are prefetched
 * and hydrated (docs/console.md); for a viewer the procedures refuse, nothing is hydrated and the screen says why.
 */
export default async function SandboxPage({ params }: { params: Promise<{ platformId: string }> }) {
  if (getEnv().UPSTREAM_MODE !== 'sandbox') notFound();
  const { platformId } = await params;
  await Promise.all([
    serverApi.sandbox.applyments.prefetch({ platformId, page: 0 }),
    serverApi.sandbox.audits.prefetch({ platformId }),
  ]);
  return (
    <ConsoleClient namespaces={['settings']}>
      <TrpcProvider>
        <HydrateClient>
          <SandboxScreen />
        </HydrateClient>
      </TrpcProvider>
    </ConsoleClient>
  );
}
