import { PipelineScreen } from '@/components/mini-programs/pipeline-screen';
import { isProvider } from '@/domain/providers';
import { ConsoleClient } from '@/components/console-client';
import { TrpcProvider } from '@/trpc/react';
import { consolePageTitle } from '@/server/console-session/console-metadata';

export const generateMetadata = consolePageTitle('nav.miniPrograms');

export default async function MiniProgramPipelinePage(props: {
  params: Promise<{ appId: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const [{ appId }, query] = await Promise.all([props.params, props.searchParams]);
  return (
    <ConsoleClient namespaces={['miniPrograms']}>
      <TrpcProvider>
        <PipelineScreen appId={appId} platform={isProvider(query.platform) ? query.platform : undefined} />
      </TrpcProvider>
    </ConsoleClient>
  );
}
