import '@/sandbox/providerB';
import { applyFault } from '@/sandbox/faults';
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
  return handleProviderBGatewayRequest(request, { store: ctx.store, keys: ctx.providerBKeys });
}
