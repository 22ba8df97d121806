import http from 'node:http';
import { expect, test } from '@playwright/test';
import { admin } from '../support/provision';

type Answer = { status: number; cookies: string[]; body: string };

/**
 * An HTTP request whose TCP connection comes from another loopback address (127.0.0.0/8 all reach this
 * machine), so the address limit it runs into is not the one the rest of the run signs in from (127.0.0.1).
 */
function fromAddress(
  localAddress: string,
  path: string,
  init: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<Answer> {
  const url = new URL(path, test.info().project.use.baseURL);
  return new Promise((resolve, reject) => {
    const request = http.request(
      {
        host: '127.0.0.1',
        port: url.port,
        path: url.pathname + url.search,
        method: init.method ?? 'GET',
        headers: init.headers,
        localAddress,
      },
      (response) => {
        let body = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (body += chunk));
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            cookies: (response.headers['set-cookie'] ?? []).map((c) => c.split(';')[0]!),
            body,
          }),
        );
      },
    );
    request.on('error', reject);
    request.end(init.body);
  });
}

/** The sign-in form's two requests, from `localAddress`, with a made-up X-Forwarded-For; the error code or null. */
async function signInFrom(localAddress: string, email: string, password: string, forwardedFor: string) {
  const csrf = await fromAddress(localAddress, '/api/auth/csrf');
  const { csrfToken } = JSON.parse(csrf.body) as { csrfToken: string };
  const answer = await fromAddress(localAddress, '/api/auth/callback/credentials', {
    method: 'POST',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      cookie: csrf.cookies.join('; '),
      'x-forwarded-for': forwardedFor,
      'x-real-ip': forwardedFor,
    },
    body: new URLSearchParams({ csrfToken, email, password, json: 'true' }).toString(),
  });
  return new URL((JSON.parse(answer.body) as { url: string }).url).searchParams.get('error');
}

test('the production server throttles sign-in by the TCP peer, not by the X-Forwarded-For a client makes up', async ({
  request,
}) => {
  const sprayer = '127.0.0.2';
  const errors: (string | null)[] = [];
  for (let i = 0; i < 20; i++)
    errors.push(await signInFrom(sprayer, `victim-${Date.now()}-${i}@e2e.test`, 'guess', `10.20.30.${i}`));
  expect(errors.slice(0, 19).every((e) => e === 'CredentialsSignin')).toBe(true);
  expect(errors.at(-1)).toMatch(/^too_many_attempts:\d+$/);
  // The right password from the same socket, claiming yet another address: refused without counting against the account.
  expect(await signInFrom(sprayer, admin.email, admin.password, '10.99.99.99')).toMatch(/^too_many_attempts:\d+$/);
  // From another address the account signs in as usual.
  const { csrfToken } = (await (await request.get('/api/auth/csrf')).json()) as { csrfToken: string };
  const signedIn = await request.post('/api/auth/callback/credentials', {
    form: { csrfToken, email: admin.email, password: admin.password, json: 'true' },
  });
  expect(new URL(((await signedIn.json()) as { url: string }).url).searchParams.get('error')).toBeNull();
});
