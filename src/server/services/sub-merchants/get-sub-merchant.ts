import type { PlatformContext } from '../context';
import { findSubMerchant } from './find-sub-merchant';
import { toSubMerchantDto } from './sub-merchant-dto';

/** A record and its ETag (changes with every write), for If-None-Match polling. */
export async function getSubMerchant(ctx: PlatformContext, id: string) {
  const row = await findSubMerchant(ctx, id);
  return { record: toSubMerchantDto(row), etag: `W/"${row.id}-${row.version}"` };
}
