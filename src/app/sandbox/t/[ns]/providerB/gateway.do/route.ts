import '@/sandbox/providerB';
import { answerWithFaults } from '@/sandbox/faults';
import { deliverAlipayMessage } from '@/sandbox/mini-program-pushes';
import { handleProviderBGatewayRequest } from '@/sandbox/providerB/gateway/handler';
import { providerBSigningMode } from '@/sandbox/providerB/signing-mode';
import { namespaceKeys, sandboxProviderBCertificates, sandboxRoute } from '@/sandbox/sandbox-context';

export const dynamic = 'force-dynamic';

/** The Alipay gateway sandbox (ZFT and mini-program methods register on it), one per namespace. */
export const POST = sandboxRoute(async (request, ctx) => {
  const keys = (await namespaceKeys(ctx.namespace)).providerB;
  const certificates =
    (await providerBSigningMode(ctx.store)) === 'certificate'
      ? await sandboxProviderBCertificates(ctx.namespace)
      : undefined;
  return answerWithFaults(ctx.store, 'providerB', request, (r) =>
    handleProviderBGatewayRequest(r, { store: ctx.store, keys, certificates, deliverMessage: deliverAlipayMessage }),
  );
});
