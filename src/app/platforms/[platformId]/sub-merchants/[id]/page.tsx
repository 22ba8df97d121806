import { SubMerchantDetail } from '@/components/onboarding/detail/sub-merchant-detail';

export default async function SubMerchantDetailPage({ params }: { params: Promise<{ platformId: string; id: string }> }) {
  const { platformId, id } = await params;
  return <SubMerchantDetail platformId={platformId} id={id} />;
}
