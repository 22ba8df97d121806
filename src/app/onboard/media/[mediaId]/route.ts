import { getDb } from '@/server/db';
import { defineRoute } from '@/server/http/define-route';
import { requireSellerSession } from '@/server/http/seller-session-cookie';
import { getSellerMedia } from '@/server/services/onboarding-links/upload-seller-media';

export const dynamic = 'force-dynamic';

/** A photo of the seller's own form, for its preview (seller session cookie; other media ids are 404). */
export const { GET, POST, PUT, PATCH, DELETE } = defineRoute({
  GET: async (request, route) => {
    const ctx = { db: await getDb(), actor: 'seller' };
    const session = await requireSellerSession(ctx, request);
    const { mediaId } = await route.params;
    const image = await getSellerMedia(ctx, { session, mediaId: typeof mediaId === 'string' ? mediaId : '' });
    return new Response(image.bytes as Uint8Array<ArrayBuffer>, {
      headers: {
        'content-type': image.mimeType,
        'content-length': String(image.size),
        'cache-control': 'private, no-store',
        'x-content-type-options': 'nosniff',
        'cross-origin-resource-policy': 'same-origin',
        'content-disposition': 'inline',
      },
    });
  },
});
