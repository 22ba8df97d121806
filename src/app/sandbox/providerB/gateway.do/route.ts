import '@/sandbox/providerB';
import { applyFault, shouldTamper, tamperWith } from '@/sandbox/faults';
import { handleProviderBGatewayRequest } from '@/sandbox/providerB/gateway/handler';
import { sandboxContext } from '@/sandbox/sandbox-context';

export const dynamic = 'force-dynamic';

/** The Alipay gateway sandbox (ZFT and, later, mini-program methods register on it). */
export async function POST(request: Request) {
  let ctx;
  try {
    ctx = sandboxContext();
  } catch {
    return new Response('Not Found', { status: 404 });
  }
  const injected = await applyFault(ctx.store, 'providerB', request);
  if (injected) return injected;
  const tamper = await shouldTamper(ctx.store, 'providerB', request);
  const response = await handleProviderBGatewayRequest(request, { store: ctx.store, keys: ctx.providerBKeys });
  return tamper ? tamperWith(response) : response;
}
