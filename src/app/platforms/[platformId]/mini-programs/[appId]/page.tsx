import { PipelineScreen } from '@/components/mini-programs/pipeline-screen';
import { isProvider } from '@/domain/providers';
import { ConsoleClient } from '@/components/console-client';
import { TrpcProvider } from '@/trpc/react';
import { HydrateClient, serverApi } from '@/trpc/server';
import { consolePageTitle } from '@/server/console-session/console-metadata';

export const generateMetadata = consolePageTitle('nav.miniPrograms');

export default async function MiniProgramPipelinePage(props: {
  params: Promise<{ platformId: string; appId: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const [{ platformId, appId }, query] = await Promise.all([props.params, props.searchParams]);
  // The record and its audit history are our own data: prefetched and hydrated (docs/console.md). Upstream
  // calls (versions, experience QR) stay on demand in the screen.
  const authorizer = await serverApi.miniPrograms.authorizer({ platformId, appId }).catch(() => null);
  const platform = isProvider(query.platform)
    ? query.platform
    : isProvider(authorizer?.platform)
      ? authorizer.platform
      : undefined;
  await Promise.all([
    serverApi.miniPrograms.authorizer.prefetch({ platformId, appId }),
    platform && serverApi.sellerAuthorization.authorizerAudits.prefetch({ platformId, platform, appId }),
  ]);
  return (
    <ConsoleClient namespaces={['miniPrograms']}>
      <TrpcProvider>
        <HydrateClient>
          <PipelineScreen appId={appId} platform={isProvider(query.platform) ? query.platform : undefined} />
        </HydrateClient>
      </TrpcProvider>
    </ConsoleClient>
  );
}
