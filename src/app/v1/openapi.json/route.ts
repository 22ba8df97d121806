import { publicBaseUrl } from '@/server/config/secrets';
import { defineRoute, json } from '@/server/http/define-route';
import { buildOpenApiDocument } from '@/server/openapi/build-document';

export const dynamic = 'force-dynamic';

export const { GET, POST, PUT, PATCH, DELETE } = defineRoute({
  GET: async () => json(buildOpenApiDocument(publicBaseUrl()), { headers: { 'cache-control': 'public, max-age=300' } }),
});
