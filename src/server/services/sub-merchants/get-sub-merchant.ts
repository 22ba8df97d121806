import type { PlatformContext } from '../context';
import { findSubMerchant } from './find-sub-merchant';
import { toSubMerchantDto, type SubMerchantDto } from './sub-merchant-dto';

/** Changes with every write of the record's content: If-None-Match polling on GET, If-Match on PUT. */
export const subMerchantEtag = (row: { id: string; version: number }) => `W/"${row.id}-${row.version}"`;

/** The platform's record, personal data masked, or 404; another platform's record is indistinguishable from none. */
export async function getSubMerchant(ctx: PlatformContext, { id }: { id: string }): Promise<SubMerchantDto> {
  return toSubMerchantDto(await findSubMerchant(ctx, { id }));
}
