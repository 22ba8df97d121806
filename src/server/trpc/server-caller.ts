import { TRPCError } from '@trpc/server';
import { currentOperatorId } from '@/server/auth/current-operator';
import { AppError, type FieldError } from '@/server/errors';
import { newRequestId, requestContext } from '@/server/request-context';
import { appRouter } from './app-router';
import { createCallerFactory, createContext } from './init';

const createCaller = createCallerFactory(appRouter);
export type OperatorCaller = ReturnType<typeof createCaller>;

/**
 * The signed-in operator's tRPC caller for server components and server actions. It runs the very procedures
 * the browser reaches through /api/trpc (session, platform membership, role, input schema), so rendering on
 * the server never skips a rule; only the HTTP hop is gone.
 */
export async function callAsOperator<T>(use: (caller: OperatorCaller) => Promise<T>): Promise<T> {
  const requestId = newRequestId();
  const ctx = await createContext(await currentOperatorId(), requestId);
  return requestContext.run({ requestId }, () => use(createCaller(ctx)));
}

/** What a server action answers when a procedure refused: plain data the client can render. */
export type ActionFailure = { ok: false; code: TRPCError['code']; message: string; errors: FieldError[] };

/** A refusal from a procedure becomes an ActionFailure; anything else is a bug and keeps propagating. */
export function toActionFailure(error: unknown): ActionFailure {
  if (!(error instanceof TRPCError)) throw error;
  const cause = error.cause instanceof AppError ? error.cause : undefined;
  return { ok: false, code: error.code, message: error.message, errors: cause?.errors ?? [] };
}
