/**
 * Starts the app's own sandbox routes (the same route handlers Next.js serves under /sandbox) on a real HTTP
 * port and points the provider clients at it, so every upstream call in a test crosses HTTP with real
 * signatures, exactly as in sandbox mode. The same server carries the service's /callbacks routes, so the
 * sandbox's pushes reach the service under test.
 */
import { afterAll, beforeAll } from 'vitest';
import { resetMiniProgramProvidersForTests } from '@/server/upstreams/mini-programs';
import { resetEnvForTests } from '@/env';
import { resetOnboardingProvidersForTests } from '@/server/upstreams/onboarding';
import { platformSandbox } from '@/sandbox/sandbox-context';
import { serveOverHttp, type FetchHandler } from './http-adapter';
import { listRouteFiles } from './route-files';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
type Handler = (r: Request, c: { params: Promise<Record<string, string>> }) => Promise<Response>;
type Route = [RegExp, Partial<Record<Method, Handler>>];

/**
 * Every route file under /sandbox, and the service's inbound /callbacks so the sandbox's pushes reach the
 * service under test, read from src/app as Next.js reads it; static paths before dynamic ones, as Next.js does.
 */
async function loadRoutes(): Promise<Route[]> {
  const files = listRouteFiles().filter((r) => /^\/(sandbox|callbacks)\//.test(r.template));
  const dynamicSegments = (template: string) => template.split('{').length;
  const routes = await Promise.all(
    files
      .sort((a, b) => dynamicSegments(a.template) - dynamicSegments(b.template))
      .map(async (r): Promise<Route> => {
        const pattern = r.template
          .split('/')
          .map((segment) =>
            segment
              .replace(/^\{\.\.\.(\w+)\}$/, '(?<$1>.+)')
              .replace(/^\{(\w+)\}$/, '(?<$1>[^/]+)')
              .replace(/^[^(]*$/, (s) => s.replaceAll('.', '\\.')),
          )
          .join('/');
        return [new RegExp(`^${pattern}$`), (await r.load()) as Route[1]];
      }),
  );
  return routes;
}

let routes: Promise<Route[]> | undefined;

export const sandboxHandler: FetchHandler = async (request) => {
  const { pathname } = new URL(request.url);
  for (const [pattern, handlers] of await (routes ??= loadRoutes())) {
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
  // Paths of the emulated upstream's API the service called (not the control API or pushes), in order.
  const upstreamCalls: string[] = [];
  beforeAll(async () => {
    const server = await serveOverHttp((request) => {
      const { pathname } = new URL(request.url);
      const upstream = /^\/sandbox\/t\/[^/]+\/(.+)$/.exec(pathname);
      if (upstream) upstreamCalls.push(upstream[1]!);
      return sandboxHandler(request);
    });
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
  /** Calls the sandbox control API over HTTP as the platform of `apiKey` (or with other `headers`). */
  const control = async (apiKey: string | Record<string, string>, method: Method, path: string, body?: unknown) => {
    const credentials = typeof apiKey === 'string' ? { authorization: `Bearer ${apiKey}` } : apiKey;
    const response = await fetch(`${state.baseUrl}/control${path}`, {
      method,
      headers: { ...credentials, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return {
      status: response.status,
      body: response.status === 204 ? null : ((await response.json()) as Record<string, unknown>),
    };
  };
  return {
    get baseUrl() {
      return state.baseUrl;
    },
    control,
    /** How many calls to the emulated upstream's API path `path` (e.g. `providerA/open/wxa/submit_audit`) so far. */
    upstreamCallCount: (path: string) => upstreamCalls.filter((p) => p === path).length,
    /** `control` bound to one platform's key. */
    controlAs: (apiKey: string) => (method: Method, path: string, body?: unknown) =>
      control(apiKey, method, path, body),
    /** The emulators' state in one platform's namespace, as its adapters and control calls see it. */
    store: (platformId: string) => platformSandbox(platformId).store,
  };
}
