import { SubMerchantDetail } from '@/components/onboarding/detail/sub-merchant-detail';
import { ConsoleClient } from '@/components/console-client';
import { TrpcProvider } from '@/trpc/react';
import { consolePageTitle } from '@/server/console/console-metadata';

export const generateMetadata = consolePageTitle('onboarding.detail.title');

export default async function SubMerchantDetailPage({
  params,
}: {
  params: Promise<{ platformId: string; id: string }>;
}) {
  const { platformId, id } = await params;
  return (
    <ConsoleClient namespaces={['onboarding', 'subMerchants']}>
      <TrpcProvider>
        <SubMerchantDetail platformId={platformId} id={id} />
      </TrpcProvider>
    </ConsoleClient>
  );
}
