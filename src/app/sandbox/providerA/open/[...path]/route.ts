import { publicBaseUrl } from '@/server/config/secrets';
import { applyFault } from '@/sandbox/faults';
import { deliverComponentPush } from '@/sandbox/mini-program-pushes';
import { createProviderAComponentSandboxConfig, handleProviderAComponentRequest } from '@/sandbox/providerA/component';
import { sandboxRoute } from '@/sandbox/sandbox-context';

export const dynamic = 'force-dynamic';

/** The WeChat Open Platform API sandbox (api.weixin.qq.com paths below /sandbox/providerA/open). */
const handle = sandboxRoute((request, ctx) =>
  handleProviderAComponentRequest(request, {
    store: ctx.store,
    config: createProviderAComponentSandboxConfig(),
    publicBaseUrl: `${publicBaseUrl()}/sandbox/providerA/open`,
    deliverPush: async (push) => void (await deliverComponentPush(push)),
    fault: (r) => applyFault(ctx.store, 'providerA', r),
  }),
);

export { handle as GET, handle as POST };
