/**
 * Starts the app's own sandbox routes (the same route handlers Next.js serves under /sandbox) on a real HTTP
 * port and points the provider clients at it, so every upstream call in a test crosses HTTP with real
 * signatures, exactly as in sandbox mode. The same server carries the service's /callbacks routes, so the
 * sandbox's pushes reach the service under test.
 */
import { afterAll, beforeAll } from 'vitest';
import * as faultsRoute from '@/app/sandbox/control/faults/route';
import * as applymentRoute from '@/app/sandbox/control/[provider]/applyments/[applymentId]/route';
import * as applymentsRoute from '@/app/sandbox/control/[provider]/applyments/route';
import * as providerARoute from '@/app/sandbox/providerA/pay/[...path]/route';
import * as providerBRoute from '@/app/sandbox/providerB/gateway.do/route';
import * as providerBCallbackRoute from '@/app/callbacks/providerB/route';
import * as providerAAuthEventRoute from '@/app/callbacks/providerA/auth-event/route';
import * as providerAMessageRoute from '@/app/callbacks/providerA/message/[appId]/route';
import * as providerAOpenRoute from '@/app/sandbox/providerA/open/[...path]/route';
import * as providerAAuthorizePage from '@/app/sandbox/providerA/authorize/[kind]/route';
import * as providerBAuthorizePage from '@/app/sandbox/providerB/authorize/route';
import * as grantRoute from '@/app/sandbox/control/[provider]/authorizations/route';
import * as auditControlRoute from '@/app/sandbox/control/[provider]/audits/[auditId]/route';
import * as expireRoute from '@/app/sandbox/control/[provider]/tokens/expire/route';
import * as ticketRoute from '@/app/sandbox/control/providerA/ticket/route';
import { resetMiniProgramProvidersForTests } from '@/server/providers/mini-program-providers';
import { resetEnvForTests } from '@/env';
import { resetOnboardingProvidersForTests } from '@/server/providers/onboarding-providers';
import { serveOverHttp, type FetchHandler } from './http-adapter';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
type Route = [RegExp, Partial<Record<Method, (r: Request, c: { params: Promise<Record<string, string>> }) => Promise<Response>>>];

const routes: Route[] = [
  [/^\/sandbox\/providerA\/pay\/(?<path>.+)$/, providerARoute],
  [/^\/sandbox\/providerB\/gateway\.do$/, providerBRoute],
  [/^\/sandbox\/providerA\/open\/(?<path>.+)$/, providerAOpenRoute],
  [/^\/sandbox\/providerA\/authorize\/(?<kind>[^/]+)$/, providerAAuthorizePage],
  [/^\/sandbox\/providerB\/authorize$/, providerBAuthorizePage],
  [/^\/sandbox\/control\/providerA\/ticket$/, ticketRoute],
  [/^\/sandbox\/control\/(?<provider>[^/]+)\/authorizations$/, grantRoute],
  [/^\/sandbox\/control\/(?<provider>[^/]+)\/audits\/(?<auditId>[^/]+)$/, auditControlRoute],
  [/^\/sandbox\/control\/(?<provider>[^/]+)\/tokens\/expire$/, expireRoute],
  [/^\/sandbox\/control\/faults$/, faultsRoute],
  [/^\/sandbox\/control\/(?<provider>[^/]+)\/applyments\/(?<applymentId>[^/]+)$/, applymentRoute],
  [/^\/sandbox\/control\/(?<provider>[^/]+)\/applyments$/, applymentsRoute],
  // The service's inbound endpoints, so the sandbox's pushes reach the service under test.
  [/^\/callbacks\/providerB$/, providerBCallbackRoute],
  [/^\/callbacks\/providerA\/auth-event$/, providerAAuthEventRoute],
  [/^\/callbacks\/providerA\/message\/(?<appId>[^/]+)$/, providerAMessageRoute],
];

export const sandboxHandler: FetchHandler = async (request) => {
  const { pathname } = new URL(request.url);
  for (const [pattern, handlers] of routes) {
    const match = pattern.exec(pathname);
    const handler = match && handlers[request.method as Method];
    // Next.js hands route handlers decoded segments.
    const params = Object.fromEntries(Object.entries(match?.groups ?? {}).map(([k, v]) => [k, decodeURIComponent(v)]));
    if (handler) return handler(request, { params: Promise.resolve(params) });
  }
  return new Response('Not Found', { status: 404 });
};

/** Use inside a describe: starts the sandbox before the suite and returns its base URL (…/sandbox). */
export function useSandboxOverHttp() {
  const state = { baseUrl: '', close: async () => {} };
  beforeAll(async () => {
    const server = await serveOverHttp(sandboxHandler);
    state.baseUrl = `${server.url}/sandbox`;
    state.close = server.close;
    process.env.SANDBOX_BASE_URL = state.baseUrl;
    process.env.SANDBOX_SERVICE_URL = server.url;
    // Browser-facing sandbox pages (authorization links) live on the same test server.
    process.env.PUBLIC_BASE_URL = server.url;
    resetEnvForTests();
    resetOnboardingProvidersForTests();
    resetMiniProgramProvidersForTests();
  });
  afterAll(async () => {
    await state.close();
    delete process.env.SANDBOX_BASE_URL;
    delete process.env.SANDBOX_SERVICE_URL;
    delete process.env.PUBLIC_BASE_URL;
    resetEnvForTests();
    resetOnboardingProvidersForTests();
    resetMiniProgramProvidersForTests();
  });
  return {
    get baseUrl() {
      return state.baseUrl;
    },
    /** Calls the sandbox control API over HTTP. */
    control: async (method: Method, path: string, body?: unknown) => {
      const response = await fetch(`${state.baseUrl}/control${path}`, {
        method,
        headers: body === undefined ? {} : { 'content-type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return { status: response.status, body: response.status === 204 ? null : ((await response.json()) as Record<string, unknown>) };
    },
  };
}
