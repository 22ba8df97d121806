import { answerWithFaults } from '@/sandbox/faults';
import { handleProviderAPayRequest } from '@/sandbox/providerA/pay/handler';
import { sandboxRoute } from '@/sandbox/sandbox-context';

export const dynamic = 'force-dynamic';

/** The WeChat Pay APIv3 sandbox: the upstream's own paths below /sandbox/t/<namespace>/providerA/pay. */
const handle = sandboxRoute((request, ctx) =>
  answerWithFaults(ctx.store, 'providerA', request, (r) =>
    handleProviderAPayRequest(r, { store: ctx.store, keys: ctx.providerAKeys }),
  ),
);

export { handle as GET, handle as POST };
