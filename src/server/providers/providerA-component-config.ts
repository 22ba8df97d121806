import { getEnv } from '@/env';
import { createProviderAComponentSandboxConfig } from '@/sandbox/providerA/component/config';
import type { UpstreamHosts } from './upstream-hosts';

/**
 * The WeChat third-party platform ("component") credentials for the configured mode: one component for the
 * whole instance, so its pushes (ticket, authorization changes, audit results) are verified with these alone.
 */
export function providerAComponentCredentials() {
  const env = getEnv();
  if (env.UPSTREAM_MODE === 'sandbox') {
    const sandbox = createProviderAComponentSandboxConfig();
    return {
      componentAppId: sandbox.componentAppId,
      componentAppSecret: sandbox.componentAppSecret,
      token: sandbox.token,
      encodingAesKey: sandbox.encodingAesKey,
    };
  }
  return {
    componentAppId: env.PROVIDER_A_COMPONENT_APPID!,
    componentAppSecret: env.PROVIDER_A_COMPONENT_SECRET!,
    token: env.PROVIDER_A_COMPONENT_TOKEN!,
    encodingAesKey: env.PROVIDER_A_COMPONENT_AES_KEY!,
  };
}

/** The component's credentials with the hosts one platform's calls and authorization links go to. */
export function providerAComponentConfig(hosts: UpstreamHosts) {
  return {
    ...providerAComponentCredentials(),
    baseUrl: hosts.providerAOpen,
    authBaseUrls: hosts.providerAAuthorizePages,
  };
}
