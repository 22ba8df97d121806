import { describe, expect, it } from 'vitest';
import { loadProviderBSandboxKeys } from '@/sandbox/providerB/keys';
import { signedPush } from '@/sandbox/providerB/mini/push-message';
import { AppError } from '@/server/errors';
import { acknowledgeAlipayNotice } from '@/server/services/mini-programs/acknowledge-alipay-notice';

describe('acknowledgeAlipayNotice', () => {
  const notice = () =>
    signedPush(
      {
        notify_type: 'open_app_auth_notify',
        notify_id: '2026112100222123',
        app_id: '2021000000000001',
        biz_content: '{"state":"s"}',
      },
      loadProviderBSandboxKeys(),
    );

  it('acknowledges an authorization notice Alipay signed', () => {
    expect(acknowledgeAlipayNotice(notice().body)).toBe('ignored');
  });

  it('refuses a notice that is unsigned, re-signed with garbage or changed after signing (401, so Alipay retries)', () => {
    const signed = notice();
    const changed = new URLSearchParams(signed.body);
    changed.set('biz_content', '{"state":"other"}');
    const garbage = new URLSearchParams(signed.body);
    garbage.set('sign', 'AAAA');
    for (const body of ['', 'notify_type=open_app_auth_notify', changed.toString(), garbage.toString(), '<xml/>']) {
      expect(() => acknowledgeAlipayNotice(body)).toThrow(AppError);
      try {
        acknowledgeAlipayNotice(body);
      } catch (error) {
        expect((error as AppError).code).toBe('unauthenticated');
      }
    }
  });
});
