/**
 * The control API's mini-program side (docs/product/decisions.md §7): grant authorizations as the seller would, decide audits
 * as the reviewers would, expire tokens, and push the matching upstream events to the service.
 */
import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import { getDb } from '@/server/db';
import { mpAuthorizations } from '@/server/db/schema';
import { AppError, notFound } from '@/server/errors';
import { hashState, openAuthorizationLink } from '@/server/services/mini-programs/authorization-state';
import { deliverAlipayMessage, deliverComponentPush } from '../mini-program-pushes';
import { assertAuthorizerAppIdFree, claimAuthorizerAppId } from '../namespace';
import {
  buildPush,
  decideAudit,
  expireTokens,
  grantAuthorization,
  readAuthUrl,
  revokeAuthorization,
} from '../providerA/component';
import { KIND as PROVIDER_A_KIND } from '../providerA/component/state';
import { getApp } from '../providerB/mini/mini-store';
import {
  buildMiniAuditMessage,
  cancelAppAuthorization,
  decideMiniAudit,
  expireAppAuthTokens,
  grantAppAuthorization,
  type GrantAppAuthorizationInput,
} from '../providerB/mini';
import type { SandboxProvider } from '../control-applyments';
import { listKeyedNamespaces } from '../instance-keys';
import {
  namespacedSandbox,
  namespaceKeys,
  providerAComponentSandboxConfig,
  pushVerifyTicket,
  sandboxContext,
  type NamespacedSandbox,
} from '../sandbox-context';
import type { SandboxStore } from '../store';

export const grantSchema = z
  .object({
    state: z.string().max(256).optional(),
    authUrl: z.string().max(4000).optional(),
    appId: z.string().max(64).optional(),
    nickname: z.string().max(64).optional(),
  })
  .strict()
  .refine((b) => b.state || b.authUrl, 'send state or authUrl');
export const auditDecisionSchema = z
  .object({ decision: z.enum(['approve', 'reject', 'delay']), reason: z.string().max(500).optional() })
  .strict();
export const expireSchema = z.object({ authorizerAppId: z.string().max(64).optional() }).strict();

/** A pending authorization of this platform only: another platform's state is as unknown as a wrong one. */
async function authUrlOf(platformId: string, state: string) {
  const [row] = await (
    await getDb()
  )
    .select()
    .from(mpAuthorizations)
    .where(and(eq(mpAuthorizations.stateHash, hashState(state)), eq(mpAuthorizations.platformId, platformId)));
  if (!row) throw new AppError('not_found', 'No authorization with that state.');
  return openAuthorizationLink(row.authUrl);
}

/**
 * The seller pressed Authorize (sandbox page or control API) in one namespace: the grant is kept there, its
 * app id is claimed for that namespace, and the upstream's push to the service follows.
 */
export async function grantInNamespace(
  sandbox: NamespacedSandbox,
  provider: SandboxProvider,
  input: GrantAppAuthorizationInput,
) {
  const named =
    input.appId ?? (provider === 'providerA' && input.authUrl ? readAuthUrl(input.authUrl).bizAppId : undefined);
  await assertAuthorizerAppIdFree(sandbox.shared, sandbox.namespace, provider, named);
  if (provider === 'providerA') {
    const config = await providerAComponentSandboxConfig(sandbox.namespace);
    if (!input.authUrl) throw new AppError('invalid_request', 'Give the authorization link.');
    const granted = await grantAuthorization(
      sandbox.store,
      { authUrl: input.authUrl, appId: input.appId, nickname: input.nickname },
      { config },
    );
    await claimAuthorizerAppId(sandbox.shared, sandbox.namespace, provider, granted.authorizerAppId);
    await deliverComponentPush(buildPush(config, granted.event));
    return { redirectUrl: granted.redirectUrl, authorizerAppId: granted.authorizerAppId };
  }
  const granted = await grantAppAuthorization(sandbox.store, input, {
    keys: (await namespaceKeys(sandbox.namespace)).providerB,
  });
  await claimAuthorizerAppId(sandbox.shared, sandbox.namespace, provider, granted.authAppId);
  if (granted.notification) await deliverAlipayMessage(granted.notification);
  return { redirectUrl: granted.redirectUrl, authorizerAppId: granted.authAppId };
}

/** The seller scanned and pressed Authorize: returns where the upstream sends the browser. */
export async function grantAsSeller(
  sandbox: NamespacedSandbox,
  platformId: string,
  provider: SandboxProvider,
  body: z.infer<typeof grantSchema>,
) {
  const authUrl = body.authUrl ?? (await authUrlOf(platformId, body.state!));
  return grantInNamespace(sandbox, provider, { authUrl, appId: body.appId, nickname: body.nickname });
}

/** The reviewers decided; the upstream's push to the service follows. */
export async function decideAsReviewer(
  sandbox: NamespacedSandbox,
  provider: SandboxProvider,
  auditId: string,
  body: z.infer<typeof auditDecisionSchema>,
) {
  const { store } = sandbox;
  if (provider === 'providerA') {
    // The decision first: an audit of another namespace is a 404 before anything else is read or written.
    const decided = await decideAudit(store, { auditId, decision: body.decision, reason: body.reason });
    const config = await providerAComponentSandboxConfig(sandbox.namespace);
    await deliverComponentPush(buildPush(config, decided.event, { authorizerAppId: decided.authorizerAppId }));
    return { auditId, decision: body.decision };
  }
  const summary = await decideMiniAudit(store, { auditId, decision: body.decision, reason: body.reason });
  if (body.decision !== 'delay')
    await deliverAlipayMessage(
      await buildMiniAuditMessage(store, { auditId }, { keys: (await namespaceKeys(sandbox.namespace)).providerB }),
    );
  return { ...summary, auditId, decision: body.decision };
}

/**
 * The seller revokes its authorization upstream (of this namespace only: any other app id is a 404). WeChat
 * pushes `unauthorized` to the service (C.10); Alipay refuses the app's tokens from then on (B.5, no message sent).
 */
export async function revokeAsSeller(sandbox: NamespacedSandbox, provider: SandboxProvider, appId: string) {
  // Looked up before anything else is read or written (the namespace's WeChat config is created on first use).
  const authorizer =
    provider === 'providerA'
      ? await sandbox.store.get<{ status: string }>(PROVIDER_A_KIND.authorizer, appId)
      : await getApp(sandbox.store, appId);
  if (authorizer?.status !== 'authorized') throw notFound('Authorizer');
  if (provider === 'providerA') {
    const config = await providerAComponentSandboxConfig(sandbox.namespace);
    const event = await revokeAuthorization(sandbox.store, { authorizerAppId: appId }, { config });
    await deliverComponentPush(buildPush(config, event));
  } else await cancelAppAuthorization(sandbox.store, { authAppId: appId });
  return { authorizerAppId: appId, status: 'unauthorized' as const };
}

/** Tokens expire upstream: one authorizer's (of this namespace only: any other is a 404), or all of them. */
export async function expireAsUpstream(
  store: SandboxStore,
  provider: SandboxProvider,
  body: z.infer<typeof expireSchema>,
) {
  const appId = body.authorizerAppId;
  if (
    appId &&
    !(await (provider === 'providerA' ? store.get(PROVIDER_A_KIND.authorizer, appId) : getApp(store, appId)))
  )
    throw notFound('Authorizer');
  return provider === 'providerA' ? expireTokens(store, body) : expireAppAuthTokens(store, { authAppId: appId });
}

/** The ten-minute push to every platform's component; one that fails does not hold back the others. */
export async function pushVerifyTicketsToAll() {
  const namespaces = await listKeyedNamespaces(sandboxContext().store);
  const delivered = await Promise.all(
    namespaces.map((namespace) => pushVerifyTicket(namespacedSandbox(namespace)).catch(() => false)),
  );
  return { namespaces: namespaces.length, delivered: delivered.filter(Boolean).length };
}
