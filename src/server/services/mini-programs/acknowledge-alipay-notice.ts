import { AppError } from '@/server/errors';
import { providerBNotificationKey } from '@/server/upstreams/credentials';
import { loadPublicKey, notificationParams, verifyNotificationSignature } from '@/server/providers/providerB/gateway';

/**
 * An Alipay notice the service has nothing to do for (e.g. an authorization notice: the callback completes the
 * binding). Acknowledged only when Alipay signed it, so "success" never answers a forged or garbled push.
 */
export async function acknowledgeAlipayNotice(raw: string): Promise<'ignored'> {
  const params = notificationParams(raw);
  const { alipayPublicKeyPem } = await providerBNotificationKey(raw);
  let verified = false;
  try {
    verified = verifyNotificationSignature(params, loadPublicKey(alipayPublicKeyPem));
  } catch {
    verified = false;
  }
  if (!verified) throw new AppError('unauthenticated', 'The notification signature does not verify.');
  return 'ignored';
}
