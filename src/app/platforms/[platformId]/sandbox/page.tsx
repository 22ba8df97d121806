import { notFound } from 'next/navigation';
import { getEnv } from '@/env';
import { SandboxScreen } from './sandbox-screen';
import { ConsoleClient } from '@/components/console-client';
import { TrpcProvider } from '@/trpc/react';
import { consolePageTitle } from '@/server/console-session/console-metadata';

export const dynamic = 'force-dynamic';
export const generateMetadata = consolePageTitle('nav.sandbox');

/** The sandbox's reviewers' desk; in live mode there is no sandbox, so no page either. */
export default function SandboxPage() {
  if (getEnv().UPSTREAM_MODE !== 'sandbox') notFound();
  return (
    <ConsoleClient namespaces={['settings']}>
      <TrpcProvider>
        <SandboxScreen />
      </TrpcProvider>
    </ConsoleClient>
  );
}
