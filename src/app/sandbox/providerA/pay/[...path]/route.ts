import { applyFault, shouldTamper, tamperWith } from '@/sandbox/faults';
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
  const tamper = await shouldTamper(ctx.store, 'providerA', request);
  const response = await handleProviderAPayRequest(request, { store: ctx.store, keys: ctx.providerAKeys, fault: (r) => applyFault(ctx.store, 'providerA', r) });
  return tamper ? tamperWith(response) : response;
}

export { handle as GET, handle as POST };
