import { MiniProgramsScreen } from '@/components/mini-programs/mini-programs-screen';
import { ConsoleClient } from '@/components/console-client';
import { TrpcProvider } from '@/trpc/react';
import { HydrateClient, serverApi } from '@/trpc/server';
import { consolePageTitle } from '@/server/console-session/console-metadata';

export const generateMetadata = consolePageTitle('nav.miniPrograms');

/** The list is prefetched on the server and hydrated into the screen's query (docs/console.md). */
export default async function MiniProgramsPage({ params }: { params: Promise<{ platformId: string }> }) {
  const { platformId } = await params;
  await serverApi.miniPrograms.authorizers.prefetch({ platformId });
  return (
    <ConsoleClient namespaces={['miniPrograms']}>
      <TrpcProvider>
        <HydrateClient>
          <MiniProgramsScreen />
        </HydrateClient>
      </TrpcProvider>
    </ConsoleClient>
  );
}
