import { defineRoute, json } from '@/server/http/define-route';
import { parseMediaUpload } from '@/server/http/parse-media-upload';
import { withApiKey } from '@/server/http/with-api-key';
import { MEDIA_REQUEST_BODY_LIMIT, uploadMedia } from '@/server/services/media/upload-media';

export const dynamic = 'force-dynamic';

export const { GET, POST, PUT, PATCH, DELETE } = defineRoute(
  {
    POST: withApiKey('payments', async (request, ctx) =>
      json(await uploadMedia(ctx, await parseMediaUpload(request)), { status: 201 }),
    ),
  },
  { bodyLimitBytes: MEDIA_REQUEST_BODY_LIMIT },
);
