import type { Provider } from '@/server/db/schema';
import { AppError, notFound } from '@/server/errors';
import type { ServiceContext } from '../context';
import { getMedia } from '../media/get-media';
import { uploadMedia } from '../media/upload-media';
import { emitSubMerchantUpdated } from '../sub-merchants/emit-sub-merchant-updated';
import { recordHistory } from '../sub-merchants/record-history';
import { revealFormData } from '../sub-merchants/sub-merchant-dto';
import type { SellerSession } from './resolve-seller-session';
import { sellerContext, sellerRecord } from './seller-scope';

/**
 * A photo from the seller's phone: the API's upload (type from the bytes, size and pixel limits, metadata stripped,
 * re-encoded) to the record's own provider (another one is refused: the seller cannot choose it). History and the event (`seller_uploaded`)
 * say a photo arrived; the photo joins the form when the seller's next autosave names its media id.
 */
export async function uploadSellerMedia(
  ctx: ServiceContext,
  input: { session: SellerSession; bytes: Uint8Array; filename: string; provider: Provider },
) {
  const row = await sellerRecord(ctx, input.session);
  if (input.provider !== row.provider) {
    const message = `Photos of this application go to its own provider (${row.provider}); it cannot be chosen.`;
    throw new AppError('invalid_request', message, {
      errors: [{ pointer: '/provider', code: 'invalid_value', message }],
    });
  }
  const pctx = sellerContext(ctx, input.session);
  const uploaded = await uploadMedia(pctx, { bytes: input.bytes, filename: input.filename, provider: row.provider });
  await ctx.db.transaction(async (tx) => {
    await recordHistory(tx, { subMerchantId: row.id, actor: pctx.actor, action: 'seller_uploaded' });
    await emitSubMerchantUpdated({ ...pctx, db: tx }, { row, change: 'seller_uploaded' });
  });
  return uploaded;
}

const mediaIdsOf = (formData: Record<string, unknown>) =>
  new Set(
    Object.values(formData).flatMap((value) =>
      typeof value === 'string' ? [value] : Array.isArray(value) ? value.filter((v) => typeof v === 'string') : [],
    ),
  );

/**
 * A photo of the seller's own form, for its preview: only a media id the record's form holds is served (any other
 * id, even the same platform's, is 404), so a session cannot browse the platform's documents.
 */
export async function getSellerMedia(ctx: ServiceContext, input: { session: SellerSession; mediaId: string }) {
  const row = await sellerRecord(ctx, input.session);
  if (!mediaIdsOf(revealFormData(row)).has(input.mediaId)) throw notFound('Media');
  return getMedia(sellerContext(ctx, input.session), { mediaId: input.mediaId });
}
