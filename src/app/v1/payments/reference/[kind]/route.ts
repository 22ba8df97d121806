import { defineRoute, json } from '@/server/http/define-route';
import { parseQuery } from '@/server/http/parse-request';
import { withApiKey } from '@/server/http/with-api-key';
import { lookupReference, parseReferenceKind, referenceFilters } from '@/server/services/reference/lookup-reference';

export const dynamic = 'force-dynamic';

export const { GET, POST, PUT, PATCH, DELETE } = defineRoute({
  GET: withApiKey('payments', async (request, ctx) => {
    const kind = parseReferenceKind(ctx.params.kind ?? '');
    return json(await lookupReference(ctx, { kind, filters: parseQuery(request, referenceFilters) }));
  }),
});
