/**
 * Opens the service database on either driver and applies the committed migrations. The two drivers share one
 * Drizzle type: PGlite speaks the same SQL, so services never know which one they run on.
 */
import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePostgres, type PostgresJsDatabase } from 'drizzle-orm/postgres-js';
import { migrate as migratePostgres } from 'drizzle-orm/postgres-js/migrator';
import postgres from 'postgres';
import * as schema from './schema';
import { acquireDataDirLock } from './data-dir-lock';

export type Database = PostgresJsDatabase<typeof schema>;
export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];
/** What services accept: the database or a transaction a caller opened, so use cases compose. */
export type Db = Database | Transaction;

export type SqlExecutor = (text: string, values?: unknown[]) => Promise<{ rows: unknown[] }>;

export type DatabaseHandle = {
  kind: 'pglite' | 'postgres';
  db: Database;
  /** Raw SQL for pg-boss and tests; PGlite needs exec for multi-statement scripts without parameters. */
  executeSql: SqlExecutor;
  connectionString?: string;
  /** Embedded only: a gzip tarball of the data directory, taken while this process keeps serving (backups). */
  dumpDataDir?: () => Promise<Blob>;
  close(): Promise<void>;
};

export const migrationsFolder = () => path.join(process.cwd(), 'drizzle');

export type OpenOptions =
  { driver: 'postgres'; url: string; poolSize?: number } | { driver: 'pglite'; dataDir?: string; holder?: string };

export async function openDatabase(options: OpenOptions): Promise<DatabaseHandle> {
  return options.driver === 'postgres' ? openPostgres(options.url, options.poolSize ?? 10) : openPglite(options);
}

// The work queue searches names by trigram (migration 0012 creates the extension; PostgreSQL ships it too).
export const pgliteExtensions = { pg_trgm };
const extensions = pgliteExtensions;

async function openPglite(options: { dataDir?: string; holder?: string }): Promise<DatabaseHandle> {
  let release = () => {};
  let client: PGlite;
  if (options.dataDir) {
    release = acquireDataDirLock(options.dataDir, { command: options.holder ?? process.argv.slice(1).join(' ') });
    const pgdata = path.join(options.dataDir, 'pglite');
    fs.mkdirSync(path.dirname(pgdata), { recursive: true });
    client = new PGlite(pgdata, { extensions });
  } else {
    client = new PGlite({ extensions }); // in memory: tests
  }
  try {
    await client.waitReady;
    const db = drizzlePglite(client, { schema }) as unknown as Database;
    await migratePglite(drizzlePglite(client), { migrationsFolder: migrationsFolder() });
    return {
      kind: 'pglite',
      db,
      executeSql: async (text, values) => {
        if (values && values.length > 0) return { rows: (await client.query(text, values)).rows };
        const results = await client.exec(text);
        return { rows: results.at(-1)?.rows ?? [] };
      },
      dumpDataDir: async () => {
        // Flushes dirty pages first, so the copy needs no WAL replay; PGlite serialises the dump with queries.
        await client.exec('checkpoint');
        return client.dumpDataDir('gzip');
      },
      close: async () => {
        await client.close();
        release();
      },
    };
  } catch (error) {
    await client.close().catch(() => {});
    release();
    throw error;
  }
}

async function openPostgres(url: string, poolSize: number): Promise<DatabaseHandle> {
  await migratePostgresOnce(url);
  const client = postgres(url, { max: poolSize, onnotice: () => {} });
  const db = drizzlePostgres(client, { schema });
  return {
    kind: 'postgres',
    db,
    connectionString: url,
    executeSql: async (text, values) => ({ rows: [...(await client.unsafe(text, (values ?? []) as never[]))] }),
    close: async () => {
      await client.end({ timeout: 5 });
    },
  };
}

/** Several instances may start together: an advisory lock lets exactly one of them migrate at a time. */
async function migratePostgresOnce(url: string) {
  const client = postgres(url, { max: 1, onnotice: () => {} });
  try {
    await client`select pg_advisory_lock(hashtext('onboarding-service:migrate'))`;
    await migratePostgres(drizzlePostgres(client), { migrationsFolder: migrationsFolder() });
    await client`select pg_advisory_unlock(hashtext('onboarding-service:migrate'))`;
  } finally {
    await client.end({ timeout: 5 });
  }
}
