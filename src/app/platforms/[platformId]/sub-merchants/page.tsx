import { SubMerchantList } from './sub-merchant-list';

export default async function SubMerchantsPage({ params }: { params: Promise<{ platformId: string }> }) {
  const { platformId } = await params;
  return <SubMerchantList platformId={platformId} />;
}
