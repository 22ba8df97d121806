import { SubMerchantDetail } from '@/components/sub-merchants/detail/sub-merchant-detail';
import { ConsoleClient } from '@/components/console-client';
import { TrpcProvider } from '@/trpc/react';
import { HydrateClient, serverApi } from '@/trpc/server';
import { consolePageTitle } from '@/server/console-session/console-metadata';

export const generateMetadata = consolePageTitle('subMerchants.detail.title');

/**
 * The record and its history are prefetched with the operator's own tRPC context and hydrated (docs/console.md):
 * the first HTML is titled with the merchant's name and holds the state, the form data and the history.
 */
export default async function SubMerchantDetailPage({
  params,
}: {
  params: Promise<{ platformId: string; id: string }>;
}) {
  const { platformId, id } = await params;
  await Promise.all([
    serverApi.subMerchants.get.prefetch({ platformId, id }),
    serverApi.subMerchants.history.prefetch({ platformId, id }),
  ]);
  return (
    <ConsoleClient namespaces={['subMerchants', 'workQueue']}>
      <TrpcProvider>
        <HydrateClient>
          <SubMerchantDetail platformId={platformId} id={id} />
        </HydrateClient>
      </TrpcProvider>
    </ConsoleClient>
  );
}
