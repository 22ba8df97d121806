import { TRPCError } from '@trpc/server';
import { expect } from 'vitest';
import type { Db } from '@/server/db';
import type { AppError } from '@/server/errors';
import { createOperator } from '@/server/services/operators/create-operator';
import { appRouter } from '@/server/trpc/app-router';
import { createCallerFactory } from '@/server/trpc/init';
import { createPlatformWithKey } from './fixtures';
import { operatorRoles } from '@/domain/roles';

const createCaller = createCallerFactory(appRouter);
export type Role = 'admin' | 'operator' | 'viewer';
let seq = 0;

/** A platform with an API key and one operator per role, with tRPC callers acting as each; unique per call. */
export async function createConsoleTeam(db: Db) {
  const platform = await createPlatformWithKey(db);
  const ids = {} as Record<Role, string>;
  for (const role of operatorRoles) {
    const email = `${role}-${Date.now()}-${++seq}@example.com`;
    ids[role] = (
      await createOperator(
        { db, actor: 'test' },
        { email, password: 'a-long-password-1', platformId: platform.platformId, role },
      )
    ).operatorId;
  }
  const asOperator = (operatorId: string) => createCaller({ operatorId, db: db as never, requestId: 'req_test' });
  return { ...platform, ids, asOperator, as: (role: Role) => asOperator(ids[role]) };
}

/** The tRPC error code of a call, and the AppError code behind it ('OK' when it succeeded). */
export async function trpcFailure(promise: Promise<unknown>) {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(TRPCError);
    return { code: (error as TRPCError).code, appCode: ((error as TRPCError).cause as AppError | undefined)?.code };
  }
  return { code: 'OK', appCode: undefined };
}
