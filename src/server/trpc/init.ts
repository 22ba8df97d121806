import { initTRPC, TRPCError } from '@trpc/server';
import { z } from 'zod';
import { hasRole } from '@/server/auth/roles';
import { getDb, type Database } from '@/server/db';
import type { OperatorRole } from '@/server/db/schema';
import { AppError } from '@/server/errors';
import { textFaultAt, textFaultError } from '@/server/http/parse-request';
import { listOperatorPlatforms } from '@/server/services/operators/list-operator-platforms';
import { passwordChangeRequired, passwordMustChange } from '@/server/services/operators/password-must-change';
import { toTRPCError } from './errors';

/** `clientAddress`: the caller's address as the trusted proxies tell it (throttles of public mutations); absent for server callers. */
export type TrpcContext = {
  operatorId: string | null;
  db: Database;
  requestId: string;
  clientAddress?: string | null;
  /** The zone the operator's browser reported (i18n/browser-time-zone.ts), for times of an operator without one. */
  browserTimeZone?: string;
};

const t = initTRPC.context<TrpcContext>().create({
  errorFormatter({ shape, error }) {
    const cause = error.cause instanceof AppError ? error.cause : undefined;
    return { ...shape, data: { ...shape.data, stack: undefined, appCode: cause?.code, errors: cause?.errors ?? [] } };
  },
});

const mapErrors = t.middleware(async ({ next }) => {
  const result = await next();
  if (!result.ok)
    throw toTRPCError(
      result.error.code === 'INTERNAL_SERVER_ERROR' && result.error.cause ? result.error.cause : result.error,
    );
  return result;
});

// The same rule as parseJsonBody on /v1: no control characters and no lone surrogates in any input text
// (PostgreSQL cannot even compare NUL, and no UTF-8 encodes a lone surrogate).
const refuseFaultyText = t.middleware(async ({ getRawInput, next }) => {
  const fault = textFaultAt(await getRawInput(), '');
  if (fault) throw textFaultError(fault);
  return next();
});

/**
 * Each procedure's top-level input fields: the union of its input schemas' (platformProcedure's `platformId` plus
 * the procedure's own). tRPC parses each schema against the whole input, so no one schema can be `.strict()`;
 * the check happens here instead, once for every procedure, as REST's strict schemas do. Filled by strictInputs.
 */
const inputFields = new Map<string, ReadonlySet<string>>();

type BuiltProcedures = Record<string, { _def: { inputs: unknown[] } }>;

/** Registers the router's procedures for refuseUnknownFields; procedures with a non-object input stay as they are. */
export function strictInputs<R extends { _def: { procedures: object } }>(built: R): R {
  for (const [path, procedure] of Object.entries(built._def.procedures as BuiltProcedures)) {
    const shapes = procedure._def.inputs.map((schema) => (schema as { shape?: object }).shape);
    if (shapes.every((shape) => shape !== undefined)) inputFields.set(path, new Set(shapes.flatMap(Object.keys)));
  }
  return built;
}

const refuseUnknownFields = t.middleware(async ({ path, getRawInput, next }) => {
  const known = inputFields.get(path);
  const raw = known ? await getRawInput() : undefined;
  if (known && raw !== null && typeof raw === 'object' && !Array.isArray(raw)) {
    const unknown = Object.keys(raw).filter((key) => !known.has(key));
    if (unknown.length) {
      throw new AppError('invalid_request', 'The input does not match the expected schema.', {
        errors: unknown.map((key) => ({
          pointer: `/${key.replace(/~/g, '~0').replace(/\//g, '~1')}`,
          code: 'unrecognized_keys',
          message: `Unknown field "${key}".`,
        })),
      });
    }
  }
  return next();
});

// A session still on a password someone else chose (first run, CLI) may do nothing until it is changed.
const refuseUntilPasswordChanged = t.middleware(async ({ ctx, next }) => {
  if (ctx.operatorId) await refuseUntilPasswordChange(ctx.db, ctx.operatorId);
  return next();
});

const requireOperator = t.middleware(({ ctx, next }) => {
  if (!ctx.operatorId) throw new TRPCError({ code: 'UNAUTHORIZED', message: 'Sign in first.' });
  return next({ ctx: { ...ctx, operatorId: ctx.operatorId } });
});

const baseProcedure = t.procedure.use(mapErrors).use(refuseFaultyText);

export const router = t.router;
export const createCallerFactory = t.createCallerFactory;
// Who may call comes before what was sent: a session that must change its password is refused whatever its input.
export const publicProcedure = baseProcedure.use(refuseUntilPasswordChanged).use(refuseUnknownFields);
export const operatorProcedure = publicProcedure.use(requireOperator);
/** Signed in, even with a password that must change: only `me.get` and `me.changePassword` use it. */
export const passwordChangeProcedure = baseProcedure.use(requireOperator).use(refuseUnknownFields);

/**
 * A procedure on one platform's data: input carries platformId; the operator must be a member with at least
 * `role`. Non-members get NOT_FOUND, like another platform's API key on /v1: existence is not leaked.
 */
export const platformProcedure = (role: OperatorRole) =>
  operatorProcedure
    .input(z.object({ platformId: z.string().min(1).max(64) }))
    .use(async ({ ctx, input, next }) => next({ ctx: await platformContext(ctx, input.platformId, role) }));

/**
 * The operator's role on the platform, refused below `role`: the one rule of platformProcedure and of the server
 * actions' guard (src/server/console-actions/guard.ts).
 */
export async function platformContext<C extends { db: Database; operatorId: string }>(
  ctx: C,
  platformId: string,
  role: OperatorRole,
) {
  const actor = `operator:${ctx.operatorId}`;
  const membership = (await listOperatorPlatforms({ db: ctx.db, actor }, { operatorId: ctx.operatorId })).find(
    (m) => m.platformId === platformId,
  );
  if (!membership) throw new TRPCError({ code: 'NOT_FOUND', message: 'Platform was not found.' });
  if (!hasRole(membership.role, role)) {
    throw new TRPCError({ code: 'FORBIDDEN', message: `This needs the ${role} role; you are ${membership.role}.` });
  }
  return { ...ctx, platformId, role: membership.role, actor };
}

/** Refuses a session that must change its password first (publicProcedure and the server actions' guard). */
export async function refuseUntilPasswordChange(db: Database, operatorId: string) {
  if (await passwordMustChange({ db, actor: `operator:${operatorId}` }, { operatorId })) throw passwordChangeRequired();
}

/**
 * The input of a platformProcedure that hands a service its request: the fields of the service's request schema
 * (with `extra` fields the procedure reads itself, such as a mini program's `platform`) beside platformId. The
 * service schemas are strict and tRPC parses each input schema against the whole input, so only the fields are
 * taken over: refuseUnknownFields refuses what the strict schema would, once for every procedure.
 */
export function platformRequest<S extends z.ZodRawShape, E extends z.ZodRawShape = Record<never, never>>(
  schema: { shape: S },
  extra?: E,
) {
  return z.object({ ...extra, ...schema.shape } as E & S);
}

/** The service's request out of a platformProcedure's input: everything but platformId (the context carries it). */
export const withoutPlatformId = <T extends { platformId: string }>({ platformId: _platformId, ...request }: T) =>
  request;

export const createContext = async (
  operatorId: string | null,
  requestId: string,
  clientAddress: string | null = null,
  browserTimeZone?: string,
): Promise<TrpcContext> => ({
  operatorId,
  db: await getDb(),
  requestId,
  clientAddress,
  browserTimeZone,
});
