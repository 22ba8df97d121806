import { createHash } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { getFieldCipher } from '@/server/config/field-cipher';
import type { Db } from '@/server/db';
import { BatchedLookup } from '@/server/db/read-coalescing';
import { sandboxObjects } from '@/server/db/schema';
import type { SandboxStore } from './store';

/**
 * The sandbox's state in its own table, so it survives restarts like a real upstream would. Values are
 * sealed with the field cipher: the emulated upstream keeps plain ID and account numbers (as Alipay does),
 * and they must not sit in plain text in our database. Ids are stored as their SHA-256: many of them are the
 * emulated upstream's bearer secrets (access and refresh tokens, auth codes, tickets), all high-entropy.
 */
const seal = (value: unknown) => ({ sealed: getFieldCipher().encrypt(JSON.stringify(value)) });
const idOf = (id: string) => createHash('sha256').update(id).digest('hex');

/** One object as the store keeps it (hashed id, sealed value): for writers that insert many rows at once. */
export const sandboxObjectRow = (kind: string, id: string, value: unknown) => ({
  kind,
  id: idOf(id),
  value: seal(value),
});

export function createDbSandboxStore(db: () => Promise<Db>): SandboxStore {
  const open = <T>(stored: unknown) => JSON.parse(getFieldCipher().decrypt((stored as { sealed: string }).sealed)) as T;
  // Every emulated call reads two or three objects (its faults, the merchant's state, the application): reads of
  // concurrent calls share one query, each started after the read was asked for (read-coalescing.ts), so a read
  // still sees every write committed before it.
  const reads = new BatchedLookup<unknown>(async (keys) => {
    const pairs = keys.map((key) => key.split('\n') as [string, string]);
    const rows = await (
      await db()
    )
      .select({ kind: sandboxObjects.kind, id: sandboxObjects.id, value: sandboxObjects.value })
      .from(sandboxObjects)
      .where(
        sql`(${sandboxObjects.kind}, ${sandboxObjects.id}) in (${sql.join(
          pairs.map(([kind, id]) => sql`(${kind}, ${id})`),
          sql`, `,
        )})`,
      );
    return new Map(rows.map((row) => [`${row.kind}\n${row.id}`, row.value]));
  });
  const store: SandboxStore = {
    async get<T>(kind: string, id: string) {
      const value = await reads.load(`${kind}\n${idOf(id)}`);
      return value === undefined ? undefined : open<T>(value);
    },
    async put<T>(kind: string, id: string, value: T) {
      await (
        await db()
      )
        .insert(sandboxObjects)
        .values(sandboxObjectRow(kind, id, value))
        .onConflictDoUpdate({
          target: [sandboxObjects.kind, sandboxObjects.id],
          set: { value: sql`excluded.value`, updatedAt: new Date() },
        });
    },
    async list<T>(kind: string) {
      const rows = await (
        await db()
      )
        .select({ value: sandboxObjects.value })
        .from(sandboxObjects)
        .where(eq(sandboxObjects.kind, kind));
      return rows.map((r) => open<T>(r.value));
    },
    async create<T>(kind: string, id: string, value: T) {
      await (
        await db()
      )
        .insert(sandboxObjects)
        .values(sandboxObjectRow(kind, id, value))
        .onConflictDoNothing({ target: [sandboxObjects.kind, sandboxObjects.id] });
      return (await store.get<T>(kind, id))!;
    },
  };
  return store;
}
