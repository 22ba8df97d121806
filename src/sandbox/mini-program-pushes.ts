import type { BuiltPush } from './providerA/component/push';
import { pushToService } from './push-to-service';

/** WeChat's pushes go to the authorization-event URL or to the message URL with the authorizer's appid. */
export function deliverComponentPush(push: BuiltPush) {
  const path =
    push.target === 'authorization'
      ? '/callbacks/providerA/auth-event'
      : `/callbacks/providerA/message/${push.authorizerAppId ?? 'unknown'}`;
  return pushToService(path, { body: push.body, contentType: 'application/xml', query: push.query });
}

/** Alipay posts its messages, form-encoded, to the app's single gateway notify URL. */
export const deliverAlipayMessage = (message: { body: string; contentType: string }) =>
  pushToService('/callbacks/providerB', message);
