import { applyFault, shouldTamper, tamperWith } from '@/sandbox/faults';
import { handleProviderAPayRequest } from '@/sandbox/providerA/pay/handler';
import { sandboxRoute } from '@/sandbox/sandbox-context';

export const dynamic = 'force-dynamic';

/** The WeChat Pay APIv3 sandbox: the upstream's own paths below /sandbox/providerA/pay. */
const handle = sandboxRoute(async (request, ctx) => {
  const tamper = await shouldTamper(ctx.store, 'providerA', request);
  const response = await handleProviderAPayRequest(request, { store: ctx.store, keys: ctx.providerAKeys, fault: (r) => applyFault(ctx.store, 'providerA', r) });
  return tamper ? tamperWith(response) : response;
});

export { handle as GET, handle as POST };
