/**
 * The control API's mini-program side (decisions §7): grant authorizations as the seller would, decide audits
 * as the reviewers would, expire tokens, and push the matching upstream events to the service.
 */
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { getDb } from '@/server/db';
import { mpAuthorizations } from '@/server/db/schema';
import { AppError } from '@/server/errors';
import { hashState, openAuthorizationLink } from '@/server/services/mini-programs/authorization-state';
import { deliverAlipayMessage, deliverComponentPush } from './mini-program-pushes';
import { buildPush, createProviderAComponentSandboxConfig, decideAudit, expireTokens, grantAuthorization, issueVerifyTicket } from './providerA/component';
import { loadProviderBSandboxKeys } from './providerB/keys';
import { buildMiniAuditMessage, decideMiniAudit, expireAppAuthTokens, grantAppAuthorization } from './providerB/mini';
import type { SandboxProvider } from './control-applyments';
import type { SandboxStore } from './store';

export const grantSchema = z
  .object({ state: z.string().max(256).optional(), authUrl: z.string().max(4000).optional(), appId: z.string().max(64).optional(), nickname: z.string().max(64).optional() })
  .strict()
  .refine((b) => b.state || b.authUrl, 'send state or authUrl');
export const auditDecisionSchema = z.object({ decision: z.enum(['approve', 'reject', 'delay']), reason: z.string().max(500).optional() }).strict();
export const expireSchema = z.object({ authorizerAppId: z.string().max(64).optional() }).strict();

async function authUrlOf(state: string) {
  const [row] = await (await getDb()).select().from(mpAuthorizations).where(eq(mpAuthorizations.stateHash, hashState(state)));
  if (!row) throw new AppError('not_found', 'No authorization with that state.');
  return openAuthorizationLink(row.authUrl);
}

/** The seller scanned and pressed Authorize: returns where the upstream sends the browser. */
export async function grantAsSeller(store: SandboxStore, provider: SandboxProvider, body: z.infer<typeof grantSchema>) {
  const authUrl = body.authUrl ?? (await authUrlOf(body.state!));
  if (provider === 'providerA') {
    const config = createProviderAComponentSandboxConfig();
    const granted = await grantAuthorization(store, { authUrl, appId: body.appId, nickname: body.nickname }, { config });
    await deliverComponentPush(buildPush(config, granted.event));
    return { redirectUrl: granted.redirectUrl, authorizerAppId: granted.authorizerAppId };
  }
  const granted = await grantAppAuthorization(store, { authUrl, appId: body.appId, nickname: body.nickname }, { keys: loadProviderBSandboxKeys() });
  if (granted.notification) await deliverAlipayMessage(granted.notification);
  return { redirectUrl: granted.redirectUrl, authorizerAppId: granted.authAppId };
}

/** The reviewers decided; the upstream's push to the service follows. */
export async function decideAsReviewer(store: SandboxStore, provider: SandboxProvider, auditId: string, body: z.infer<typeof auditDecisionSchema>) {
  if (provider === 'providerA') {
    const config = createProviderAComponentSandboxConfig();
    const decided = await decideAudit(store, { auditId, decision: body.decision, reason: body.reason });
    await deliverComponentPush(buildPush(config, decided.event, { authorizerAppId: decided.authorizerAppId }));
    return { auditId, decision: body.decision };
  }
  const summary = await decideMiniAudit(store, { auditId, decision: body.decision, reason: body.reason });
  if (body.decision !== 'delay') await deliverAlipayMessage(await buildMiniAuditMessage(store, { auditId }, { keys: loadProviderBSandboxKeys() }));
  return { ...summary, auditId, decision: body.decision };
}

export async function expireAsUpstream(store: SandboxStore, provider: SandboxProvider, body: z.infer<typeof expireSchema>) {
  return provider === 'providerA' ? expireTokens(store, body) : expireAppAuthTokens(store, { authAppId: body.authorizerAppId });
}

/** WeChat pushes a fresh component_verify_ticket every ten minutes; the sandbox does the same (and on demand). */
export async function pushVerifyTicket(store: SandboxStore) {
  const config = createProviderAComponentSandboxConfig();
  return deliverComponentPush(buildPush(config, await issueVerifyTicket(store, config)));
}
