import { createMemorySandboxStore, type SandboxStore } from '@/sandbox/store';
import { createProviderBGateway } from '@/server/providers/providerB/gateway/gateway-client';
import { createProviderBMiniClient, type ProviderBMiniClient } from '@/server/providers/providerB/mini';
import { serveOverHttp as serveFetchHandler } from './http-adapter';
import { handleProviderBGatewayRequest, type ProviderBSandboxKeys } from '@/sandbox/providerB/index';
import { loadProviderBSandboxKeys } from './fixture-keys';
import { grantAppAuthorization } from '@/sandbox/providerB/mini/app-auth';

export interface MiniSandboxHarness {
  store: SandboxStore;
  keys: ProviderBSandboxKeys;
  gatewayUrl: string;
  authBaseUrl: string;
  /** The sandbox's clock; tests move it forward. */
  clock: { now: Date };
  mini: ProviderBMiniClient;
  /** Authorises a new merchant mini program and exchanges the code: its id and tokens. */
  authorizeMerchant(nickname?: string): Promise<{ authAppId: string; appAuthToken: string; appRefreshToken: string }>;
  close(): Promise<void>;
}

/** Test support: the providerB sandbox (mini programs) on a loopback HTTP server, with a mini client pointed at it. */
export async function startMiniSandbox(): Promise<MiniSandboxHarness> {
  const store = createMemorySandboxStore();
  const keys = loadProviderBSandboxKeys();
  const clock = { now: new Date() };
  const server = await serveFetchHandler((request) =>
    handleProviderBGatewayRequest(request, { store, keys, now: () => clock.now }),
  );
  const gatewayUrl = `${server.url}/sandbox/providerB/gateway.do`;
  const authBaseUrl = `${server.url}/sandbox/providerB/authorize`;
  const gateway = createProviderBGateway({
    baseUrl: gatewayUrl,
    appId: keys.appId,
    appPrivateKeyPem: keys.appPrivateKeyPem,
    alipayPublicKeyPem: keys.alipayPublicKeyPem,
    retry: { attempts: 2, baseDelayMs: 1 },
  });
  const mini = createProviderBMiniClient(gateway, { authBaseUrl });
  return {
    store,
    keys,
    gatewayUrl,
    authBaseUrl,
    clock,
    mini,
    async authorizeMerchant(nickname) {
      const authUrl = mini.authUrl({ redirectUri: 'https://isv.example.com/alipay/callback', state: 'st' });
      const grant = await grantAppAuthorization(store, { authUrl, nickname }, { keys, now: () => clock.now });
      const code = new URL(grant.redirectUrl).searchParams.get('app_auth_code')!;
      const tokens = await mini.exchangeAuthCode(code);
      return {
        authAppId: tokens.authAppId,
        appAuthToken: tokens.appAuthToken,
        appRefreshToken: tokens.appRefreshToken,
      };
    },
    close: server.close,
  };
}

/** ≥ 30 weighted characters, as audit.apply requires. */
export const VERSION_DESC = '首次提交审核：上线点餐、会员与订单查询功能，修复若干已知问题。';
export const EXT_JSON = JSON.stringify({
  extEnable: true,
  extAppid: '2021004100000101',
  ext: { shopId: 'S1' },
  window: { defaultTitle: '示例小店' },
});
export const TEMPLATE_ID = '2021004100000101';

/** Commit (upload) and submit one version for audit. */
export async function submitVersion(h: MiniSandboxHarness, token: string, appVersion: string): Promise<void> {
  await h.mini.uploadVersion({ appAuthToken: token, templateId: TEMPLATE_ID, appVersion, extJson: EXT_JSON });
  await h.mini.applyAudit({ appAuthToken: token, appVersion, versionDesc: VERSION_DESC });
}
