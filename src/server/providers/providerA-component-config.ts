import { getEnv } from '@/env';
import { publicBaseUrl } from '@/server/config/secrets';
import { createProviderAComponentSandboxConfig } from '@/sandbox/providerA/component/config';
import { sandboxBaseUrl } from './onboarding-providers';

/** The WeChat third-party platform ("component") credentials and hosts for the configured mode. */
export function providerAComponentConfig() {
  const env = getEnv();
  if (env.UPSTREAM_MODE === 'sandbox') {
    const sandbox = createProviderAComponentSandboxConfig();
    const pages = `${publicBaseUrl()}/sandbox/providerA/authorize`;
    return {
      baseUrl: `${sandboxBaseUrl()}/providerA/open`,
      componentAppId: sandbox.componentAppId,
      componentAppSecret: sandbox.componentAppSecret,
      token: sandbox.token,
      encodingAesKey: sandbox.encodingAesKey,
      authBaseUrls: { pc: `${pages}/pc`, mobile: `${pages}/mobile` },
    };
  }
  return {
    baseUrl: 'https://api.weixin.qq.com',
    componentAppId: env.PROVIDER_A_COMPONENT_APPID!,
    componentAppSecret: env.PROVIDER_A_COMPONENT_SECRET!,
    token: env.PROVIDER_A_COMPONENT_TOKEN!,
    encodingAesKey: env.PROVIDER_A_COMPONENT_AES_KEY!,
    authBaseUrls: undefined,
  };
}
