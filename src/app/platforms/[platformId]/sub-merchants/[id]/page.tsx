import { SubMerchantDetail } from '@/components/sub-merchants/detail/sub-merchant-detail';
import { ConsoleClient } from '@/components/console-client';
import { TrpcProvider } from '@/trpc/react';
import { consolePageTitle } from '@/server/console-session/console-metadata';

export const generateMetadata = consolePageTitle('subMerchants.detail.title');

export default async function SubMerchantDetailPage({
  params,
}: {
  params: Promise<{ platformId: string; id: string }>;
}) {
  const { platformId, id } = await params;
  return (
    <ConsoleClient namespaces={['subMerchants', 'workQueue']}>
      <TrpcProvider>
        <SubMerchantDetail platformId={platformId} id={id} />
      </TrpcProvider>
    </ConsoleClient>
  );
}
