/**
 * Which client address the per-address sign-in limit counts, through the real next-auth route: forwarding
 * headers only count behind a configured number of trusted proxies (TRUSTED_PROXY_HOPS); otherwise the TCP
 * peer does, whatever X-Forwarded-For or X-Real-IP a client sends.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { signInThrottles } from '@/server/db/schema';
import { createOperator } from '@/server/services/operators/create-operator';
import { SIGN_IN_THROTTLE } from '@/server/services/operators/sign-in-throttle';
import { signInOverHttp } from '../support/console-sign-in';
import { describeEachDatabase } from '../support/databases';
import { useRequestScope } from '../support/next-request-scope';
import { useEnv } from '../support/scoped-env';

const PASSWORD = 'a-long-password-1';

describeEachDatabase('the client address of a sign-in', (database) => {
  useRequestScope();
  let seq = 0;
  beforeAll(async () => {
    await database().db.delete(signInThrottles);
  });
  const freshOperator = async () => {
    const email = `address-${Date.now()}-${++seq}@example.com`;
    await createOperator({ db: database().db, actor: 'test' }, { email, password: PASSWORD });
    return email;
  };
  /** One wrong password per victim e-mail: only the address limit can add these up. */
  const spray = async (headersOf: (i: number) => { socketAddress: string; headers: Record<string, string> }) => {
    const errors = [];
    for (let i = 0; i < SIGN_IN_THROTTLE.addressThreshold; i++) {
      errors.push(
        (await signInOverHttp({ email: `victim-${++seq}@example.com`, password: 'guess', ...headersOf(i) })).error,
      );
    }
    return errors;
  };

  describe('without a trusted proxy (TRUSTED_PROXY_HOPS unset)', () => {
    it('counts the socket address, ignoring X-Forwarded-For and X-Real-IP the client made up', async () => {
      const socketAddress = '203.0.113.50';
      const errors = await spray((i) => ({
        socketAddress,
        headers: { 'x-forwarded-for': `10.1.0.${i}`, 'x-real-ip': `10.2.0.${i}` },
      }));
      expect(errors.at(-2)).toBe('CredentialsSignin');
      expect(errors.at(-1)).toMatch(/^too_many_attempts:\d+$/);
      const email = await freshOperator();
      const fromSameSocket = await signInOverHttp({
        email,
        password: PASSWORD,
        socketAddress,
        headers: { 'x-forwarded-for': '10.9.9.9' },
      });
      expect(fromSameSocket).toMatchObject({
        error: expect.stringMatching(/^too_many_attempts:/),
        sessionCookie: null,
      });
      expect(await signInOverHttp({ email, password: PASSWORD, socketAddress: '203.0.113.51' })).toMatchObject({
        error: null,
        sessionCookie: expect.any(String),
      });
    });
  });

  describe('behind one trusted proxy (TRUSTED_PROXY_HOPS=1)', () => {
    useEnv({ TRUSTED_PROXY_HOPS: '1' });
    const proxy = '10.0.0.2';

    it('counts the right-most X-Forwarded-For entry (what our proxy saw), not what the client prepended', async () => {
      const client = '198.51.100.77';
      const errors = await spray((i) => ({
        socketAddress: proxy,
        headers: { 'x-forwarded-for': `172.16.0.${i}, ${client}` },
      }));
      expect(errors.at(-1)).toMatch(/^too_many_attempts:\d+$/);
      const email = await freshOperator();
      const sameClient = await signInOverHttp({
        email,
        password: PASSWORD,
        socketAddress: proxy,
        headers: { 'x-forwarded-for': `1.2.3.4, ${client}` },
      });
      expect(sameClient.error).toMatch(/^too_many_attempts:/);
      // Another client behind the same proxy is not locked: the proxy's own address is not what counts.
      const otherClient = await signInOverHttp({
        email,
        password: PASSWORD,
        socketAddress: proxy,
        headers: { 'x-forwarded-for': '198.51.100.78' },
      });
      expect(otherClient).toMatchObject({ error: null, sessionCookie: expect.any(String) });
    });
  });
});
