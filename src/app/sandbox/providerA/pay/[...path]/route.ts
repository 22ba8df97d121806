import { applyFault } from '@/sandbox/faults';
import { handleProviderAPayRequest } from '@/sandbox/providerA/pay/handler';
import { sandboxContext } from '@/sandbox/sandbox-context';

export const dynamic = 'force-dynamic';

/** The WeChat Pay APIv3 sandbox: the upstream's own paths below /sandbox/providerA/pay. */
async function handle(request: Request) {
  let ctx;
  try {
    ctx = sandboxContext();
  } catch {
    return new Response('Not Found', { status: 404 });
  }
  return handleProviderAPayRequest(request, { store: ctx.store, keys: ctx.providerAKeys, fault: (r) => applyFault(ctx.store, 'providerA', r) });
}

export { handle as GET, handle as POST };
