import type { Db } from '@/server/db';
import type { subMerchants } from '@/server/db/schema';
import { emitEvent } from '../events/emit-event';
import { toSubMerchantDto } from './sub-merchant-dto';

/** Every change of a record is announced as `sub_merchant.updated` (in the caller's transaction). */
export function emitSubMerchantUpdated(db: Db, row: typeof subMerchants.$inferSelect, change: string) {
  return emitEvent(db, {
    platformId: row.platformId,
    type: 'sub_merchant.updated',
    data: { change, object: toSubMerchantDto(row) },
  });
}
