import { defineRoute, json } from '@/server/http/define-route';
import { parseJsonBody } from '@/server/http/parse-request';
import { withSandboxControl } from '@/sandbox/control/with-sandbox-control';
import { alipayAccountControlSchema, setAlipayAccount } from '@/sandbox/providerB/zft/alipay-accounts';

export const dynamic = 'force-dynamic';

/**
 * Marks a sandbox Alipay account as real-name or not: zft.create refuses a `binding_alipay_logon_id` that is not
 * (docs/upstream/providerB.md D.6). Accounts are real-name unless marked.
 */
export const { GET, POST, PUT, PATCH, DELETE } = defineRoute({
  POST: withSandboxControl('payments', async (request, { sandbox }) =>
    json(await setAlipayAccount(sandbox.store, await parseJsonBody(request, alipayAccountControlSchema))),
  ),
});
