import { formatGatewayTimestamp } from '@/protocols/providerB/gateway/timestamp';
import { APP_AUTH_NOTIFY_TYPE } from '@/protocols/providerB/mini/methods';
import type { ProviderBSandboxKeys } from '../keys';
import type { SandboxAppAuthToken } from './mini-store';
import { tokenResponse } from './app-tokens';
import { newNotifyId, signedPush, type SandboxPushMessage } from './push-message';

/**
 * `notify_type=open_app_auth_notify` (B.5), shaped like the captured real payload: top-level notify
 * fields plus `biz_content.detail` with the token, refresh token and the app_auth_code of this grant.
 */
export function buildAppAuthNotify(
  input: { token: SandboxAppAuthToken; appAuthCode: string },
  options: { keys: ProviderBSandboxKeys; now?: Date; notifyId?: string },
): SandboxPushMessage {
  const now = options.now ?? new Date();
  const { token } = input;
  const detail = {
    ...tokenResponse(token, now),
    auth_time: now.getTime(),
    app_id: token.isv_app_id,
    app_auth_code: input.appAuthCode,
  };
  const biz = { notify_context: { trigger: 'sandbox', trigger_context: {} }, detail, error: {} };
  return signedPush(
    {
      notify_id: options.notifyId ?? newNotifyId(now),
      notify_type: APP_AUTH_NOTIFY_TYPE,
      notify_time: formatGatewayTimestamp(now),
      status: 'execute_auth',
      charset: 'UTF-8',
      version: '1.0',
      app_id: token.isv_app_id,
      auth_app_id: token.auth_app_id,
      sign_type: 'RSA2',
      biz_content: JSON.stringify(biz),
    },
    options.keys,
  );
}
