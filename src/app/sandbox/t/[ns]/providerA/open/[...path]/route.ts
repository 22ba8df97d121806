import { publicBaseUrl } from '@/server/config/secrets';
import { answerWithFaults } from '@/sandbox/faults';
import { deliverComponentPush } from '@/sandbox/mini-program-pushes';
import { handleProviderAComponentRequest } from '@/sandbox/providerA/component';
import { providerAComponentSandboxConfig, sandboxRoute } from '@/sandbox/sandbox-context';

export const dynamic = 'force-dynamic';

/** The WeChat Open Platform API sandbox (api.weixin.qq.com paths below /sandbox/t/<namespace>/providerA/open). */
const handle = sandboxRoute(async (request, ctx) => {
  const config = await providerAComponentSandboxConfig(ctx.namespace);
  return answerWithFaults(ctx.store, 'providerA', request, (r) =>
    handleProviderAComponentRequest(r, {
      store: ctx.store,
      config,
      publicBaseUrl: `${publicBaseUrl()}/sandbox/t/${ctx.namespace}/providerA/open`,
      deliverPush: async (push) => void (await deliverComponentPush(push)),
    }),
  );
});

export { handle as GET, handle as POST };
