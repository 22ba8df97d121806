import { RolloutScreen } from '@/components/mini-programs/rollouts/rollout-screen';
import { ConsoleClient } from '@/components/console-client';
import { isProvider } from '@/domain/providers';
import { TrpcProvider } from '@/trpc/react';
import { consolePageTitle } from '@/server/console-session/console-metadata';

export const generateMetadata = consolePageTitle('nav.miniPrograms');

/** One rollout, live (read in the browser, where it is re-read while it runs). */
export default async function RolloutPage(props: {
  params: Promise<{ platformId: string; rolloutId: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const [{ rolloutId }, query] = await Promise.all([props.params, props.searchParams]);
  const platform = isProvider(query.platform) ? query.platform : 'providerA';
  return (
    <ConsoleClient namespaces={['miniPrograms', 'rollouts']}>
      <TrpcProvider>
        <RolloutScreen platform={platform} rolloutId={decodeURIComponent(rolloutId)} />
      </TrpcProvider>
    </ConsoleClient>
  );
}
