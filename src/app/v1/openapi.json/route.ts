import { publicBaseUrl } from '@/server/config/secrets';
import { defineRoute, json } from '@/server/http/define-route';
import { operations } from '@/app/operations';
import { buildOpenApiDocument } from '@/server/openapi/build-document';

export const dynamic = 'force-dynamic';

export const { GET, POST, PUT, PATCH, DELETE } = defineRoute({
  GET: async () =>
    json(buildOpenApiDocument(operations, publicBaseUrl()), { headers: { 'cache-control': 'public, max-age=300' } }),
});
