/**
 * Signing in and out through the real next-auth route (/api/auth/[...nextauth]) in process, the way the
 * sign-in form and the sign-out button do it over HTTP: CSRF token first, then the form POST. The test file
 * must `useRequestScope()`. `socketAddress` stands for the TCP peer that the server writes into each request
 * (src/server/http/socket-address.ts); forwarding headers go in `headers`.
 */
import { NextRequest } from 'next/server';
import * as authRoute from '@/app/api/auth/[...nextauth]/route';
import { SOCKET_ADDRESS_HEADER } from '@/server/http/trusted-proxy';
import { inRequestScope } from './next-request-scope';

const SITE = 'http://localhost:3000';

type Call = {
  cookie?: string;
  form?: Record<string, string>;
  socketAddress?: string;
  headers?: Record<string, string>;
};

async function callAuth(action: string[], call: Call = {}) {
  const headers = new Headers({
    host: 'localhost:3000',
    [SOCKET_ADDRESS_HEADER]: call.socketAddress ?? '127.0.0.1',
    ...call.headers,
  });
  if (call.cookie) headers.set('cookie', call.cookie);
  if (call.form) headers.set('content-type', 'application/x-www-form-urlencoded');
  const request = new NextRequest(`${SITE}/api/auth/${action.join('/')}`, {
    method: call.form ? 'POST' : 'GET',
    headers,
    body: call.form ? new URLSearchParams(call.form).toString() : undefined,
  });
  const handler = call.form ? authRoute.POST : authRoute.GET;
  return inRequestScope((r: Request) => handler(r, { params: Promise.resolve({ nextauth: action }) }))(request);
}

/** "name=value" of every cookie a response sets (values empty when it clears them). */
const setCookies = (response: Response) => response.headers.getSetCookie().map((c) => c.split(';')[0]!);

async function csrf(socketAddress?: string) {
  const response = await callAuth(['csrf'], { socketAddress });
  const { csrfToken } = (await response.json()) as { csrfToken: string };
  return { csrfToken, cookie: setCookies(response).join('; ') };
}

export type SignInAnswer = { sessionCookie: string | null; error: string | null; url: string };

/** POST /api/auth/callback/credentials as the sign-in form sends it (`json: true`: the answer names the next URL). */
export async function signInOverHttp(
  input: { email: string; password: string; callbackUrl?: string } & Omit<Call, 'cookie' | 'form'>,
): Promise<SignInAnswer> {
  const { csrfToken, cookie } = await csrf(input.socketAddress);
  const form = {
    csrfToken,
    email: input.email,
    password: input.password,
    json: 'true',
    ...(input.callbackUrl ? { callbackUrl: input.callbackUrl } : {}),
  };
  const response = await callAuth(['callback', 'credentials'], { ...input, cookie, form });
  const session = setCookies(response).find((c) => /^next-auth\.session-token=./.test(c)) ?? null;
  const { url } = (await response.json()) as { url: string };
  return { sessionCookie: session, error: new URL(url).searchParams.get('error'), url };
}

/** What the sign-out button does with this session cookie. */
export async function signOutOverHttp(sessionCookie: string) {
  const { csrfToken, cookie } = await csrf();
  const response = await callAuth(['signout'], {
    cookie: `${cookie}; ${sessionCookie}`,
    form: { csrfToken, callbackUrl: '/sign-in', json: 'true' },
  });
  return { status: response.status, cleared: setCookies(response).includes('next-auth.session-token=') };
}

/** GET /api/auth/session with this cookie: the operator it stands for, or undefined. */
export async function sessionOperatorId(sessionCookie: string): Promise<string | undefined> {
  const response = await callAuth(['session'], { cookie: sessionCookie });
  return ((await response.json()) as { operatorId?: string }).operatorId;
}
