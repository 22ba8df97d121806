import { getDb } from '@/server/db';
import { defineRoute, json } from '@/server/http/define-route';
import { parseMediaUpload } from '@/server/http/parse-media-upload';
import { requireSellerSession } from '@/server/http/seller-session-cookie';
import { MEDIA_REQUEST_BODY_LIMIT } from '@/server/services/media/upload-media';
import { uploadSellerMedia } from '@/server/services/onboarding-links/upload-seller-media';

export const dynamic = 'force-dynamic';

/** The seller's photo upload (hosted onboarding): the seller session's cookie is the only credential. */
export const { GET, POST, PUT, PATCH, DELETE } = defineRoute(
  {
    POST: async (request) => {
      const ctx = { db: await getDb(), actor: 'seller' };
      const session = await requireSellerSession(ctx, request);
      const upload = await parseMediaUpload(request);
      return json(await uploadSellerMedia(ctx, { session, ...upload }), { status: 201 });
    },
  },
  { bodyLimitBytes: MEDIA_REQUEST_BODY_LIMIT },
);
