import '@/sandbox/providerB';
import { applyFault, shouldTamper, tamperWith } from '@/sandbox/faults';
import { handleProviderBGatewayRequest } from '@/sandbox/providerB/gateway/handler';
import { sandboxRoute } from '@/sandbox/sandbox-context';

export const dynamic = 'force-dynamic';

/** The Alipay gateway sandbox (ZFT and mini-program methods register on it). */
export const POST = sandboxRoute(async (request, ctx) => {
  const injected = await applyFault(ctx.store, 'providerB', request);
  if (injected) return injected;
  const tamper = await shouldTamper(ctx.store, 'providerB', request);
  const response = await handleProviderBGatewayRequest(request, { store: ctx.store, keys: ctx.providerBKeys });
  return tamper ? tamperWith(response) : response;
});
