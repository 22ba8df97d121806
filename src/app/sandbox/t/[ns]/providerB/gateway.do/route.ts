import '@/sandbox/providerB';
import { answerWithFaults } from '@/sandbox/faults';
import { handleProviderBGatewayRequest } from '@/sandbox/providerB/gateway/handler';
import { sandboxKeys, sandboxRoute } from '@/sandbox/sandbox-context';

export const dynamic = 'force-dynamic';

/** The Alipay gateway sandbox (ZFT and mini-program methods register on it), one per namespace. */
export const POST = sandboxRoute(async (request, ctx) => {
  const keys = (await sandboxKeys()).providerB;
  return answerWithFaults(ctx.store, 'providerB', request, (r) =>
    handleProviderBGatewayRequest(r, { store: ctx.store, keys }),
  );
});
