import { getDb } from '@/server/db';
import { upstreamPushRoute } from '@/server/http/upstream-push-route';
import { handleComponentPush } from '@/server/services/mini-programs/handle-component-push';

export const dynamic = 'force-dynamic';

/** WeChat's message and event URL (…/message/$APPID$): audit results of an authorizer's code. */
export const POST = upstreamPushRoute('providerA', async (raw, request) => {
  const url = new URL(request.url);
  return handleComponentPush(
    { db: await getDb(), actor: 'notification' },
    {
      body: raw,
      query: url.searchParams,
      appId: decodeURIComponent(url.pathname.split('/').pop() ?? ''),
    },
  );
});
