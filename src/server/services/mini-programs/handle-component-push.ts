import { and, desc, eq } from 'drizzle-orm';
import { mpAudits, mpAuthorizers } from '@/server/db/schema';
import { AppError } from '@/server/errors';
import { logger } from '@/server/logger';
import { parseComponentPush, PushRejectedError } from '@/server/providers/providerA/component';
import { providerAPushCredentials } from '@/server/upstreams/credentials';
import { storeVerifyTicket } from '@/server/upstreams/component-store';
import { recordAuditDecision } from './record-audit-decision';
import { seenPush } from './seen-push';
import type { ServiceContext } from '../context';

/**
 * A WeChat push to either URL: verified (msg_signature, appid, timestamp window) and decrypted before use.
 * Tickets are stored, revoked authorizations marked, audit results recorded. `appId` is the authorizer from the
 * message URL (WeChat fills in $APPID$). An exact replay (same nonce) of a push already handled changes nothing
 * and resolves `replayed`, so the route answers `success`: WeChat retries anything else for hours. Recording the
 * nonce and handling the push share one transaction, so a push whose handling failed is not taken for handled.
 */
export async function handleComponentPush(
  ctx: ServiceContext,
  input: { body: string; query: URLSearchParams; appId?: string },
) {
  // Read before the transaction: in sandbox mode they come from the database, and on PGlite's single connection a
  // read outside the open transaction would wait for it forever.
  const config = await providerAPushCredentials(await addressee(ctx, input));
  if (!config) throw new AppError('unauthenticated', 'Push refused: it is addressed to no component of this service.');
  return ctx.db.transaction((tx) => handleInTransaction({ ...ctx, db: tx }, input, config));
}

/**
 * Who the push is for, before anything is trusted (used in sandbox mode, where each platform has its own
 * component): the platform holding the authorizer of the message URL, or the component appid the envelope names
 * (the AppId that WeChat puts in clear beside Encrypt). Verification with that addressee's keys follows.
 */
async function addressee(ctx: ServiceContext, input: { body: string; appId?: string }) {
  if (input.appId !== undefined) {
    // Anything that cannot be an app id (WeChat's are ASCII letters and digits) is addressed to nobody, and never
    // reaches the database, where a NUL or a lone surrogate is an error rather than a miss.
    if (!APP_ID.test(input.appId)) return { authorizerPlatformId: undefined };
    const [holder] = await ctx.db
      .select({ platformId: mpAuthorizers.platformId })
      .from(mpAuthorizers)
      .where(and(eq(mpAuthorizers.provider, 'providerA'), eq(mpAuthorizers.appId, input.appId)))
      .limit(1);
    return { authorizerPlatformId: holder?.platformId };
  }
  const named = /<AppId>\s*(?:<!\[CDATA\[([^\]<]{1,64})\]\]>|([^<]{1,64}))\s*<\/AppId>/.exec(input.body);
  return { componentAppId: named?.[1] ?? named?.[2] };
}

const APP_ID = /^[A-Za-z0-9_-]{1,64}$/;

async function handleInTransaction(
  ctx: ServiceContext,
  input: { body: string; query: URLSearchParams; appId?: string },
  config: NonNullable<Awaited<ReturnType<typeof providerAPushCredentials>>>,
) {
  const { db } = ctx;
  let parsed;
  try {
    parsed = await parseComponentPush({
      body: input.body,
      query: input.query,
      credentials: {
        token: config.token,
        encodingAesKey: config.encodingAesKey,
        componentAppId: config.componentAppId,
      },
      seenNonce: (push) =>
        seenPush(ctx, { provider: 'providerA', pushId: `${push.timestamp}:${push.nonce}:${push.msgSignature}` }),
    });
  } catch (error) {
    if (error instanceof PushRejectedError) {
      if (error.reason === 'replayed') return 'replayed';
      throw new AppError('unauthenticated', `Push refused: ${error.reason}.`);
    }
    throw error;
  }
  const event = parsed.event;
  // Sandbox: a push changes only the platform whose component it came from.
  const ofPlatform = config.platformId === undefined ? [] : [eq(mpAuthorizers.platformId, config.platformId)];
  switch (event.type) {
    case 'component_verify_ticket':
      await storeVerifyTicket(db, event.ticket, config.platformId);
      break;
    case 'unauthorized':
      await db
        .update(mpAuthorizers)
        .set({ status: 'unauthorized', updatedAt: new Date() })
        .where(
          and(eq(mpAuthorizers.provider, 'providerA'), eq(mpAuthorizers.appId, event.authorizerAppId), ...ofPlatform),
        );
      break;
    case 'authorized':
    case 'updateauthorized':
      // The binding is completed by the integrator's callback (it carries our state); re-grants revive it.
      await db
        .update(mpAuthorizers)
        .set({ status: 'authorized', updatedAt: new Date() })
        .where(
          and(eq(mpAuthorizers.provider, 'providerA'), eq(mpAuthorizers.appId, event.authorizerAppId), ...ofPlatform),
        );
      break;
    case 'weapp_audit_success':
    case 'weapp_audit_fail':
    case 'weapp_audit_delay': {
      if (!input.appId)
        throw new AppError('invalid_request', 'Audit pushes arrive on the message URL with the authorizer appid.');
      const pending = await db
        .select()
        .from(mpAudits)
        .where(
          and(
            eq(mpAudits.provider, 'providerA'),
            eq(mpAudits.appId, input.appId),
            eq(mpAudits.status, 'pending'),
            ...(config.platformId === undefined ? [] : [eq(mpAudits.platformId, config.platformId)]),
          ),
        )
        .orderBy(desc(mpAudits.submittedAt));
      for (const audit of pending.slice(0, 1)) {
        if (event.type === 'weapp_audit_success')
          await recordAuditDecision(ctx, { audit, decision: { status: 'approved' } });
        else if (event.type === 'weapp_audit_fail')
          await recordAuditDecision(ctx, { audit, decision: { status: 'rejected', reason: event.reason } });
        else
          await recordAuditDecision(ctx, {
            audit,
            decision: { status: 'pending', delayed: true, reason: event.reason },
          });
      }
      break;
    }
    default:
      logger.info({ event: event.name }, 'providerA push ignored');
  }
  return event.type;
}
