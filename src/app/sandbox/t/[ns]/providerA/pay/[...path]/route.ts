import { answerWithFaults } from '@/sandbox/faults';
import { handleProviderAPayRequest, readAhead, sandboxApiV3Key } from '@/sandbox/providerA/pay/handler';
import { namespaceKeys, sandboxRoute } from '@/sandbox/sandbox-context';

export const dynamic = 'force-dynamic';

/** The WeChat Pay APIv3 sandbox: the upstream's own paths below /sandbox/t/<namespace>/providerA/pay. */
const handle = sandboxRoute(async (request, ctx) => {
  const keys = (await namespaceKeys(ctx.namespace)).providerAPay;
  // Made on first use only: a request that is refused must not create sandbox state.
  const apiV3Key = () => sandboxApiV3Key(ctx.store);
  // The call's own reads start with the fault list's, so all travel in one query.
  const ahead = readAhead(request, ctx.store, keys);
  return answerWithFaults(ctx.store, 'providerA', request, (r, held) =>
    handleProviderAPayRequest(r, { store: ctx.store, keys, apiV3Key, ahead: held ? undefined : ahead }),
  );
});

export { handle as GET, handle as POST };
