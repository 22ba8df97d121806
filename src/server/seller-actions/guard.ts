import type { TRPCError } from '@trpc/server';
import { cookies } from 'next/headers';
import type { z } from 'zod';
import { getDb } from '@/server/db';
import { AppError, notFound, type FieldError } from '@/server/errors';
import { textFaultAt, textFaultError } from '@/server/http/parse-request';
import { enforceSellerSessionRateLimit } from '@/server/http/seller-rate-limit';
import { newRequestId, requestContext } from '@/server/request-context';
import type { ServiceContext } from '@/server/services/context';
import { resolveSellerSession, type SellerSession } from '@/server/services/onboarding-links/resolve-seller-session';
import { SELLER_ACTOR } from '@/server/services/onboarding-links/seller-scope';
import { SELLER_SESSION_COOKIE } from '@/server/services/onboarding-links/seller-session';
import { toTRPCError } from '@/server/trpc/errors';

/** A refused seller action, as plain data the seller's form renders (the same shape as the console's). */
export type SellerActionFailure = { ok: false; code: TRPCError['code']; message: string; errors: FieldError[] };

/**
 * The seller's one way from a server action into a use case. The seller session's cookie is the only credential
 * (no operator session counts), and the session names the record: the input carries no ids at all. Past the
 * session's request limit: TOO_MANY_REQUESTS. No session, an idle or revoked one: NOT_FOUND, one answer for all.
 * Then no control characters in any text, the input schema, the service; every refusal becomes a
 * SellerActionFailure here, once.
 */
export const sellerAction =
  <S extends z.ZodType, T>(
    schema: S,
    run: (ctx: ServiceContext, session: SellerSession, input: z.output<S>) => Promise<T>,
  ) =>
  async (raw: z.input<S>): Promise<T | SellerActionFailure> => {
    const requestId = newRequestId();
    try {
      return await requestContext.run({ requestId }, async () => {
        const ctx = { db: await getDb(), actor: SELLER_ACTOR };
        const token = (await cookies()).get(SELLER_SESSION_COOKIE)?.value;
        enforceSellerSessionRateLimit(token);
        const session = token ? await resolveSellerSession(ctx, { sessionToken: token }) : null;
        if (!session) throw notFound('Onboarding session');
        const fault = textFaultAt(raw, '');
        if (fault) throw textFaultError(fault);
        return run(ctx, session, schema.parse(raw));
      });
    } catch (error) {
      const refusal = toTRPCError(error);
      const cause = refusal.cause instanceof AppError ? refusal.cause : undefined;
      return { ok: false, code: refusal.code, message: refusal.message, errors: cause?.errors ?? [] };
    }
  };
