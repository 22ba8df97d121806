import type { FormDataPatch } from '@/schemas/form-data';
import type { ServiceContext } from '../context';
import { updateSubMerchant } from '../sub-merchants/update-sub-merchant';
import type { SellerSession } from './resolve-seller-session';
import { sellerContext, sellerRecordDto } from './seller-scope';

/**
 * The seller's autosave: the same draft update (rules, provider guard, conflict check, history, event) the console
 * and PUT use, on the session's record only, touching formData only (never status, commission or the provider).
 * History writes the actor `seller`; the event says `seller_saved`.
 */
export async function saveSellerDraft(
  ctx: ServiceContext,
  input: { session: SellerSession; formData: FormDataPatch; expectedUpdatedAt?: string },
) {
  const record = await updateSubMerchant(sellerContext(ctx, input.session), {
    id: input.session.subMerchantId,
    body: { formData: input.formData },
    expectedUpdatedAt: input.expectedUpdatedAt,
    change: 'seller_saved',
  });
  return sellerRecordDto(record);
}
