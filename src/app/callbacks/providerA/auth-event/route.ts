import { getDb } from '@/server/db';
import { upstreamPushRoute } from '@/server/http/upstream-push-route';
import { handleComponentPush } from '@/server/services/mini-programs/handle-component-push';

export const dynamic = 'force-dynamic';

/** WeChat's authorization-event URL: tickets and authorization changes (encrypted, WXBizMsgCrypt). */
export const POST = upstreamPushRoute('providerA', async (raw, request) =>
  handleComponentPush(
    { db: await getDb(), actor: 'notification' },
    { body: raw, query: new URL(request.url).searchParams },
  ),
);
