import { defineRoute } from '@/server/http/define-route';
import { withPlatformAccess } from '@/server/http/with-platform-access';
import { getMedia } from '@/server/services/media/get-media';

export const dynamic = 'force-dynamic';

export const { GET, POST, PUT, PATCH, DELETE } = defineRoute({
  GET: withPlatformAccess({ role: 'viewer', service: 'payments' }, async (_request, ctx) => {
    const image = await getMedia(ctx, { mediaId: ctx.params.mediaId ?? '' });
    return new Response(image.bytes as Uint8Array<ArrayBuffer>, {
      headers: {
        'content-type': image.mimeType,
        'content-length': String(image.size),
        // The bytes behind a media id never change; private because they are a seller's documents.
        'cache-control': 'private, max-age=3600',
        etag: `"${image.sha256}"`,
        'x-content-type-options': 'nosniff',
        // Browsers refuse to embed it in another origin's page (no <img> probing of a seller's documents).
        'cross-origin-resource-policy': 'same-origin',
        'content-disposition': 'inline',
      },
    });
  }),
});
