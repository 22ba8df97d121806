import { TRPCError } from '@trpc/server';
import type { z } from 'zod';
import { currentOperatorId } from '@/server/auth/current-operator';
import { getDb } from '@/server/db';
import type { OperatorRole } from '@/server/db/schema';
import { AppError, type FieldError } from '@/server/errors';
import { textFaultAt, textFaultError } from '@/server/http/parse-request';
import { newRequestId, requestContext } from '@/server/request-context';
import { toTRPCError } from '@/server/trpc/errors';
import { platformContext, refuseUntilPasswordChange } from '@/server/trpc/init';

/** What a server action answers when it is refused: plain data the client can render (the tRPC error code). */
export type ActionFailure = { ok: false; code: TRPCError['code']; message: string; errors: FieldError[] };

type OperatorContext = Awaited<ReturnType<typeof operatorContext>>;
type PlatformActionContext = Awaited<ReturnType<typeof platformContext<OperatorContext>>>;

async function operatorContext(requestId: string) {
  const operatorId = await currentOperatorId();
  if (!operatorId) throw new TRPCError({ code: 'UNAUTHORIZED', message: 'Sign in first.' });
  const db = await getDb();
  await refuseUntilPasswordChange(db, operatorId);
  return { db, operatorId, actor: `operator:${operatorId}`, requestId };
}

/**
 * The console's one way from a server action into a use case: the rules a tRPC procedure applies, in its order (no
 * control characters in any text, a session whose password need not change first, with a platform the operator's
 * role on it, the input schema), then the service. Every refusal becomes an ActionFailure here, once.
 */
async function guarded<C, S extends z.ZodType, T>(
  access: (ctx: OperatorContext) => Promise<C>,
  schema: S,
  raw: unknown,
  run: (ctx: C, input: z.output<S>) => Promise<T>,
): Promise<T | ActionFailure> {
  const requestId = newRequestId();
  try {
    return await requestContext.run({ requestId }, async () => {
      const fault = textFaultAt(raw, '');
      if (fault) throw textFaultError(fault);
      const ctx = await access(await operatorContext(requestId));
      return run(ctx, schema.parse(raw));
    });
  } catch (error) {
    const refusal = toTRPCError(error);
    const cause = refusal.cause instanceof AppError ? refusal.cause : undefined;
    return { ok: false, code: refusal.code, message: refusal.message, errors: cause?.errors ?? [] };
  }
}

/** A signed-in operator's action that is not about one platform (the console language). */
export const operatorAction =
  <S extends z.ZodType, T>(schema: S, run: (ctx: OperatorContext, input: z.output<S>) => Promise<T>) =>
  (raw: z.input<S>) =>
    guarded(async (ctx) => ctx, schema, raw, run);

/** An action on one platform's data, for operators with at least `role` on it (others: NOT_FOUND / FORBIDDEN). */
export const platformAction =
  <S extends z.ZodType, T>(
    role: OperatorRole,
    schema: S,
    run: (ctx: PlatformActionContext, input: z.output<S>) => Promise<T>,
  ) =>
  (platformId: string, raw: z.input<S>) =>
    guarded((ctx) => platformContext(ctx, platformId, role), schema, raw, run);
