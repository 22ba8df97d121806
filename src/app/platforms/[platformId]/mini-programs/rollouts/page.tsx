import { RolloutsScreen } from '@/components/mini-programs/rollouts/rollouts-screen';
import { ConsoleClient } from '@/components/console-client';
import { isProvider } from '@/domain/providers';
import { TrpcProvider } from '@/trpc/react';
import { HydrateClient, serverApi } from '@/trpc/server';
import { consolePageTitle } from '@/server/console-session/console-metadata';

export const generateMetadata = consolePageTitle('nav.miniPrograms');

/** The rollouts of one provider (`?platform=`, WeChat by default); the list is prefetched and hydrated. */
export default async function RolloutsPage(props: {
  params: Promise<{ platformId: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const [{ platformId }, query] = await Promise.all([props.params, props.searchParams]);
  const platform = isProvider(query.platform) ? query.platform : 'providerA';
  await serverApi.miniProgramRollouts.list.prefetch({ platformId, platform });
  return (
    <ConsoleClient namespaces={['miniPrograms', 'rollouts']}>
      <TrpcProvider>
        <HydrateClient>
          <RolloutsScreen platform={platform} />
        </HydrateClient>
      </TrpcProvider>
    </ConsoleClient>
  );
}
