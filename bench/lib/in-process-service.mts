/**
 * The service's own modules in this process against a fresh PostgreSQL database, in sandbox mode: what the
 * sync benchmarks need before they seed records. The environment is set before the first app import because
 * the app reads it lazily and the logger reads it at import.
 */
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { createBenchDatabase } from './pg-database.mjs';

type Cleanup = () => Promise<unknown> | void;

export async function startInProcessService(options: {
  adminUrl: string;
  databasePrefix: string;
  runDir: string;
  pool: number;
  env: Record<string, string>;
  cleanups: Cleanup[];
  say: (line: string) => void;
}) {
  const database = await createBenchDatabase(options.adminUrl, options.databasePrefix);
  options.cleanups.push(database.drop);
  options.say(`database ${database.name} (logs in ${options.runDir})`);
  Object.assign(process.env, {
    NODE_ENV: 'production',
    DATABASE_URL: database.url,
    DATA_DIR: path.join(options.runDir, 'data'),
    LOG_FILE: path.join(options.runDir, 'app.log'),
    UPSTREAM_MODE: 'sandbox',
    SESSION_SECRET: randomBytes(36).toString('base64url'),
    DATA_ENCRYPTION_KEY: `k1:${randomBytes(32).toString('base64')}`,
    ...options.env,
  });

  const { openDatabase } = await import('@/server/db/open-database');
  const { useDatabaseHandle } = await import('@/server/db');
  const handle = await openDatabase({ driver: 'postgres', url: database.url, poolSize: options.pool });
  useDatabaseHandle(handle);
  options.cleanups.push(async () => {
    useDatabaseHandle(undefined);
    await handle.close();
  });
  return { database, handle };
}
