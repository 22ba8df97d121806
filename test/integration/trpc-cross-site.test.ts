/**
 * Cross-site request forgery against the console's tRPC endpoint, through the real /api/trpc route with a real
 * next-auth session cookie: only a same-origin JSON POST may run a mutation.
 */
import { eq } from 'drizzle-orm';
import { beforeAll, beforeEach, expect, it } from 'vitest';
import * as trpcRoute from '@/app/api/trpc/[trpc]/route';
import { resetEnvForTests } from '@/env';
import { operators } from '@/server/db/schema';
import { createOperator } from '@/server/services/operators/create-operator';
import { describeEachDatabase } from '../support/databases';
import { inRequestScope, sessionCookie, useRequestScope } from '../support/next-request-scope';

const SITE = 'http://localhost:3000';

describeEachDatabase('tRPC mutations refuse cross-site requests', (database) => {
  useRequestScope();
  let operatorId: string;
  let cookie: string;
  beforeAll(async () => {
    operatorId = (
      await createOperator(
        { db: database().db, actor: 'test' },
        {
          email: `csrf-${Date.now()}@example.com`,
          password: 'a long enough password',
          name: 'CSRF',
        },
      )
    ).operatorId;
    cookie = await sessionCookie(operatorId);
  });
  beforeEach(async () => {
    await database().db.update(operators).set({ locale: 'zh-CN' }).where(eq(operators.id, operatorId));
  });
  const locale = async () =>
    (await database().db.select({ locale: operators.locale }).from(operators).where(eq(operators.id, operatorId)))[0]!
      .locale;

  /** POST me.setLocale (batched, as @trpc/client sends it) with the given headers and body. */
  async function setLocale(headers: Record<string, string>, body = JSON.stringify({ 0: { locale: 'en' } })) {
    const request = new Request(`${SITE}/api/trpc/me.setLocale?batch=1`, {
      method: 'POST',
      headers: { cookie, host: 'localhost:3000', ...headers },
      body,
    });
    const response = await inRequestScope(trpcRoute.POST)(request);
    return { status: response.status, body: (await response.json()) as unknown };
  }

  it('runs a same-origin JSON mutation (what the console sends)', async () => {
    const response = await setLocale({
      'content-type': 'application/json',
      origin: SITE,
      'sec-fetch-site': 'same-origin',
    });
    expect(response.status).toBe(200);
    expect(await locale()).toBe('en');
  });

  it('runs it for non-browser callers too (no Origin, no Sec-Fetch-Site)', async () => {
    expect((await setLocale({ 'content-type': 'application/json' })).status).toBe(200);
  });

  it('believes X-Forwarded-Host only from the proxies TRUSTED_PROXY_HOPS declares', async () => {
    const proxied = (forwardedHost: string) =>
      setLocale({
        'content-type': 'application/json; charset=utf-8',
        origin: 'https://console.example.com',
        'x-forwarded-host': forwardedHost,
      });
    // No proxy declared (the default): any client could have sent the header, so the Host header decides.
    const forged = await proxied('console.example.com');
    expect(forged.status).toBe(403);
    expect(await locale()).toBe('zh-CN');
    try {
      process.env.TRUSTED_PROXY_HOPS = '1';
      resetEnvForTests();
      expect((await proxied('console.example.com')).status).toBe(200);
      // One trusted proxy appends the host it was asked for; an entry before it came from the client.
      expect((await proxied('console.example.com, evil.example')).status).toBe(403);
      expect((await proxied('evil.example, console.example.com')).status).toBe(200);
    } finally {
      delete process.env.TRUSTED_PROXY_HOPS;
      resetEnvForTests();
    }
  });

  it('refuses a foreign Origin or a cross-site / same-site Sec-Fetch-Site with 403, changing nothing', async () => {
    const crossSite: Record<string, string>[] = [
      { origin: 'https://evil.example' },
      { origin: 'http://localhost:3001' },
      { origin: 'null' },
      { 'sec-fetch-site': 'cross-site' },
      { 'sec-fetch-site': 'same-site', origin: SITE },
    ];
    for (const headers of crossSite) {
      const response = await setLocale({ 'content-type': 'application/json', ...headers });
      expect(response.status, JSON.stringify(headers)).toBe(403);
      expect(response.body).toMatchObject({
        error: { data: { code: 'FORBIDDEN', httpStatus: 403, appCode: 'forbidden' } },
      });
    }
    expect(await locale()).toBe('zh-CN');
  });

  it('refuses what an HTML form can send without a preflight (urlencoded, multipart, text/plain, none) with 415', async () => {
    const forms: [Record<string, string>, string][] = [
      [{ 'content-type': 'application/x-www-form-urlencoded' }, '0=%7B%22locale%22%3A%22en%22%7D'],
      [
        { 'content-type': 'multipart/form-data; boundary=x' },
        '--x\r\nContent-Disposition: form-data; name="locale"\r\n\r\nen\r\n--x--\r\n',
      ],
      [{ 'content-type': 'text/plain' }, JSON.stringify({ 0: { locale: 'en' } })],
      [{}, JSON.stringify({ 0: { locale: 'en' } })],
    ];
    for (const [headers, body] of forms) {
      const response = await setLocale(headers, body);
      expect(response.status, JSON.stringify(headers)).toBe(415);
      expect(response.body).toMatchObject({
        error: { data: { code: 'UNSUPPORTED_MEDIA_TYPE', appCode: 'unsupported_media_type' } },
      });
    }
    expect(await locale()).toBe('zh-CN');
  });
});
