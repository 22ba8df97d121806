import { answerWithFaults } from '@/sandbox/faults';
import { handleProviderAPayRequest, sandboxApiV3Key } from '@/sandbox/providerA/pay/handler';
import { namespaceKeys, sandboxRoute } from '@/sandbox/sandbox-context';

export const dynamic = 'force-dynamic';

/** The WeChat Pay APIv3 sandbox: the upstream's own paths below /sandbox/t/<namespace>/providerA/pay. */
const handle = sandboxRoute(async (request, ctx) => {
  const keys = (await namespaceKeys(ctx.namespace)).providerAPay;
  // Made on first use only: a request that is refused must not create sandbox state.
  const apiV3Key = () => sandboxApiV3Key(ctx.store);
  return answerWithFaults(ctx.store, 'providerA', request, (r) =>
    handleProviderAPayRequest(r, { store: ctx.store, keys, apiV3Key }),
  );
});

export { handle as GET, handle as POST };
