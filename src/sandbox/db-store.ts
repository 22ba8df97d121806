import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '@/server/db';
import { sandboxObjects } from '@/server/db/schema';
import type { SandboxStore } from './store';

/** The sandbox's state in its own table, so it survives restarts like a real upstream would. */
export function createDbSandboxStore(db: () => Promise<Db>): SandboxStore {
  return {
    async get<T>(kind: string, id: string) {
      const [row] = await (await db())
        .select({ value: sandboxObjects.value })
        .from(sandboxObjects)
        .where(and(eq(sandboxObjects.kind, kind), eq(sandboxObjects.id, id)));
      return row?.value as T | undefined;
    },
    async put<T>(kind: string, id: string, value: T) {
      await (await db())
        .insert(sandboxObjects)
        .values({ kind, id, value: value as object })
        .onConflictDoUpdate({ target: [sandboxObjects.kind, sandboxObjects.id], set: { value: sql`excluded.value`, updatedAt: new Date() } });
    },
    async list<T>(kind: string) {
      const rows = await (await db()).select({ value: sandboxObjects.value }).from(sandboxObjects).where(eq(sandboxObjects.kind, kind));
      return rows.map((r) => r.value as T);
    },
  };
}
