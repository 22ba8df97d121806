import type { subMerchants } from '@/server/db/schema';
import { emitEvent } from '../events/emit-event';
import { toSubMerchantDto } from './sub-merchant-dto';
import type { ServiceContext } from '../context';

/** Every change of a record is announced as `sub_merchant.updated` (in the caller's transaction). */
export function emitSubMerchantUpdated(
  ctx: ServiceContext,
  { row, change }: { row: typeof subMerchants.$inferSelect; change: string },
) {
  return emitEvent(ctx, {
    platformId: row.platformId,
    type: 'sub_merchant.updated',
    data: { change, object: toSubMerchantDto(row) },
  });
}
