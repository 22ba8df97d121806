import { browserTimeZoneFromCookies } from '@/i18n/browser-time-zone';
import { workQueueExportQuery } from '@/schemas/work-queue-requests';
import { defineRoute } from '@/server/http/define-route';
import { parseQuery } from '@/server/http/parse-request';
import { withPlatformAccess } from '@/server/http/with-platform-access';
import { getOperator } from '@/server/services/operators/get-operator';
import { exportDay, exportWorkQueue } from '@/server/services/sub-merchants/export-work-queue';

export const dynamic = 'force-dynamic';

/**
 * The work queue's CSV export: the console's current view (tab, search, sort, "assigned to me") or a selection
 * (`ids`), streamed as it is read. A console session or a payments API key of the platform.
 */
export const { GET, POST, PUT, PATCH, DELETE } = defineRoute({
  GET: withPlatformAccess({ role: 'viewer', service: 'payments' }, async (request, ctx) => {
    const query = parseQuery(request, workQueueExportQuery);
    const operatorId = ctx.actor.startsWith('operator:') ? ctx.actor.slice('operator:'.length) : undefined;
    // An operator's export speaks their language and zone; an API key's, English and UTC.
    const browserTimeZone = browserTimeZoneFromCookies(request.headers.get('cookie'));
    const operator = operatorId ? await getOperator(ctx, { operatorId, browserTimeZone }) : null;
    const audience = operator ? { locale: operator.locale, timeZone: operator.timeZone } : undefined;
    const lines = exportWorkQueue({ ...ctx, operatorId }, query, audience);
    const encoder = new TextEncoder();
    const body = new ReadableStream<Uint8Array>({
      async pull(controller) {
        const next = await lines.next();
        if (next.done) controller.close();
        else controller.enqueue(encoder.encode(next.value));
      },
      async cancel() {
        await lines.return(undefined);
      },
    });
    const day = exportDay(audience?.timeZone ?? 'UTC');
    return new Response(body, {
      headers: {
        'content-type': 'text/csv; charset=utf-8',
        'content-disposition': `attachment; filename="sub-merchants-${query.tab}-${day}.csv"`,
        'cache-control': 'no-store',
      },
    });
  }),
});
