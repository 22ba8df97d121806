import { getDb } from '@/server/db';
import { upstreamPushRoute } from '@/server/http/upstream-push-route';
import { handleAlipayMiniMessage } from '@/server/services/mini-programs/handle-alipay-mini-message';
import { handleZftNotification } from '@/server/services/sub-merchants/handle-zft-notification';
import { acknowledgeAlipayNotice } from '@/server/services/mini-programs/acknowledge-alipay-notice';

export const dynamic = 'force-dynamic';

/**
 * Alipay's single notify URL (form-encoded, signed): ZFT onboarding results and mini-program audit results,
 * told apart by msg_method; other notices (authorization: the callback completes the binding) are only verified.
 */
export const POST = upstreamPushRoute('providerB', async (raw) => {
  const method = new URLSearchParams(raw).get('msg_method') ?? new URLSearchParams(raw).get('notify_type') ?? '';
  if (method.startsWith('ant.merchant.expand.indirect.zft'))
    return handleZftNotification({ db: await getDb(), actor: 'notification' }, { rawBody: raw });
  if (method.startsWith('alipay.open.mini.version.audit'))
    return handleAlipayMiniMessage({ db: await getDb(), actor: 'notification' }, { raw });
  return acknowledgeAlipayNotice(raw);
});
