import type { PlatformContext } from '../context';
import { findSubMerchant } from './find-sub-merchant';
import { toSubMerchantDto } from './sub-merchant-dto';

/** Changes with every write: If-None-Match polling on GET, If-Match on PUT. */
export const subMerchantEtag = (row: { id: string; version: number }) => `W/"${row.id}-${row.version}"`;

/** A record and its ETag, for If-None-Match polling. */
export async function getSubMerchant(ctx: PlatformContext, id: string) {
  const row = await findSubMerchant(ctx, id);
  return { record: toSubMerchantDto(row), etag: subMerchantEtag(row) };
}
