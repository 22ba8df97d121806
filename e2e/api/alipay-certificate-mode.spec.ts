import { expect, test } from '@playwright/test';
import { provision, sandboxControlHeaders } from '../support/provision';
import { getSubMerchant, submittedSubMerchant } from '../support/settings-helpers';

/**
 * Alipay certificate mode on the production build: the platform's Alipay sandbox is switched to certificate mode
 * (its certificates issued on first use, @peculiar/x509 inside the server bundle), and an application is
 * submitted and followed to active through the service, which sends the serials and verifies by alipay_cert_sn.
 */
test('Alipay certificate mode: switch the sandbox, submit, finish, active; then back to public-key mode', async ({
  request,
}) => {
  const { apiKey } = provision();
  const switchTo = async (mode: string) => {
    const response = await request.put('/sandbox/control/providerB/signing-mode', {
      headers: sandboxControlHeaders(),
      data: { mode },
    });
    expect(response.status()).toBe(200);
    return response.json();
  };
  const described = await switchTo('certificate');
  expect(described.mode).toBe('certificate');
  expect(described.certificates.alipayRootCertPem.match(/BEGIN CERTIFICATE/g)).toHaveLength(2);
  expect(described.serials.appCertSn).toMatch(/^[0-9a-f]{32}$/);

  try {
    const record = await submittedSubMerchant(apiKey, `e2e-alipay-cert-${Date.now()}`, 'providerB');
    const finished = await request.post(`/sandbox/control/providerB/applyments/${record.chApplymentId}`, {
      headers: sandboxControlHeaders(),
      data: { state: 'finished' },
    });
    expect(finished.status()).toBe(200);
    // The sandbox pushes its signed result; the service verifies it, queries in certificate mode and stores it.
    await expect.poll(async () => (await getSubMerchant(apiKey, record.id)).status, { timeout: 30_000 }).toBe('active');
  } finally {
    expect((await switchTo('public_key')).mode).toBe('public_key');
  }
});
