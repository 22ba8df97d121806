/**
 * The process-wide database. Kept on globalThis because Next.js may evaluate this module once per bundle
 * (route handlers, instrumentation, tRPC): a second PGlite on the same directory would diverge silently.
 */
import { getEnv } from '@/env';
import { openDatabase, type DatabaseHandle } from './open-database';

export type { Database, Db, Transaction, DatabaseHandle } from './open-database';

const slot = globalThis as typeof globalThis & {
  __database?: Promise<DatabaseHandle>;
  __openedDatabase?: DatabaseHandle;
};

export function getDatabaseHandle(): Promise<DatabaseHandle> {
  if (!slot.__database) {
    const env = getEnv();
    slot.__database = env.DATABASE_URL
      ? openDatabase({ driver: 'postgres', url: env.DATABASE_URL, poolSize: env.DATABASE_POOL_SIZE })
      : openDatabase({ driver: 'pglite', dataDir: env.dataDir, holder: 'server' });
    const opening = slot.__database;
    opening.then(
      (handle) => {
        if (slot.__database === opening) slot.__openedDatabase = handle;
      },
      () => {
        if (slot.__database === opening) slot.__database = undefined;
      },
    );
  }
  return slot.__database;
}

export async function getDb() {
  return (await getDatabaseHandle()).db;
}

/** The database when it is already open, without a promise (hot request paths); otherwise use getDb. */
export const openedDb = () => slot.__openedDatabase?.db;

/** The open handle, or undefined before the database has opened (readiness). */
export const openedDatabaseHandle = () => slot.__openedDatabase;

/** Tests (and the CLI) install the handle they opened themselves. */
export function useDatabaseHandle(handle: DatabaseHandle | undefined) {
  slot.__database = handle ? Promise.resolve(handle) : undefined;
  slot.__openedDatabase = handle;
}
