import { beforeAll, describe, expect, it } from 'vitest';
import { signedPush } from '@/sandbox/providerB/mini/push-message';
import { sandboxKeys } from '@/sandbox/sandbox-context';
import { AppError } from '@/server/errors';
import { acknowledgeAlipayNotice } from '@/server/services/mini-programs/acknowledge-alipay-notice';

describe('acknowledgeAlipayNotice', () => {
  // The platform's sandbox keys are RSA pairs generated on first use: once, before the tests (slow on a busy machine).
  beforeAll(() => sandboxKeys('plt_ack_notice'), 120_000);
  // Signed as the running sandbox signs: with this installation's own "Alipay" key, which the service verifies with.
  const notice = async () => {
    const keys = (await sandboxKeys('plt_ack_notice')).providerB;
    return signedPush(
      {
        notify_type: 'open_app_auth_notify',
        notify_id: '2026112100222123',
        app_id: keys.appId,
        biz_content: '{"state":"s"}',
      },
      keys,
    );
  };

  it('acknowledges an authorization notice Alipay signed', async () => {
    expect(await acknowledgeAlipayNotice((await notice()).body)).toBe('ignored');
  });

  it('refuses a notice that is unsigned, re-signed with garbage or changed after signing (401, so Alipay retries)', async () => {
    const signed = await notice();
    const changed = new URLSearchParams(signed.body);
    changed.set('biz_content', '{"state":"other"}');
    const garbage = new URLSearchParams(signed.body);
    garbage.set('sign', 'AAAA');
    for (const body of ['', 'notify_type=open_app_auth_notify', changed.toString(), garbage.toString(), '<xml/>']) {
      const refusal = await acknowledgeAlipayNotice(body).catch((error: unknown) => error);
      expect(refusal).toBeInstanceOf(AppError);
      expect((refusal as AppError).code).toBe('unauthenticated');
    }
  });
});
