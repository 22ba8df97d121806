import { buildPush, issueVerifyTicket } from '@/sandbox/providerA/component';
import { startComponentSandbox } from './providerA-component-sandbox';
import { createCodeClient } from '@/server/providers/providerA/component/code-client';
import { createComponentClient } from '@/server/providers/providerA/component/component-client';
import type { CachedToken } from '@/server/providers/providerA/component/component-token';
import { parseComponentPush } from '@/server/providers/providerA/component/parse-push';

/**
 * For tests: the component emulator over real HTTP plus clients pointed at it, wired like the app wires
 * them: the ticket comes from an emulator-built push that went through parseComponentPush, and the token
 * cache is a plain variable standing in for the app's table.
 */
export async function startClientsAgainstSandbox(
  options: Parameters<typeof startComponentSandbox>[0] & {
    retry?: { attempts?: number; baseDelayMs?: number };
    timeoutMs?: number;
  } = {},
) {
  const sandbox = await startComponentSandbox(options);
  const { config, clock, store } = sandbox;
  const credentials = {
    token: config.token,
    encodingAesKey: config.encodingAesKey,
    componentAppId: config.componentAppId,
  };
  let ticket: string | undefined;
  let cached: CachedToken | null = null;
  const tokenFetches = { count: 0 };

  /** "WeChat pushes a ticket" → the app's push route parses it and keeps the ticket. */
  async function pushTicket() {
    const push = buildPush(config, await issueVerifyTicket(store, config, clock.now), { now: clock.now });
    const parsed = await parseComponentPush({ body: push.body, query: push.query, credentials, now: clock.now });
    if (parsed.event.type === 'component_verify_ticket') ticket = parsed.event.ticket;
    return parsed;
  }

  const transport = {
    baseUrl: sandbox.apiBaseUrl,
    retry: options.retry ?? { attempts: 3, baseDelayMs: 5 },
    timeoutMs: options.timeoutMs ?? 5000,
  };
  const component = createComponentClient({
    ...transport,
    componentAppId: config.componentAppId,
    componentAppSecret: config.componentAppSecret,
    getVerifyTicket: async () => ticket,
    tokenCache: {
      get: async () => cached,
      set: async (value) => {
        tokenFetches.count++;
        cached = value;
      },
    },
    now: clock.now,
    authBaseUrls: {
      pc: `${sandbox.baseUrl}/sandbox/providerA/authorize`,
      mobile: `${sandbox.baseUrl}/sandbox/providerA/authorize/mobile`,
    },
  });
  const code = createCodeClient({ ...transport, componentAccessToken: component.componentAccessToken });
  return { sandbox, component, code, credentials, pushTicket, tokenFetches, cachedToken: () => cached };
}
