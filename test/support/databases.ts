/**
 * Real databases for integration tests: an in-memory PGlite always, and a fresh PostgreSQL database per suite
 * when TEST_DATABASE_URL is set (CI sets it). Nothing here mocks the database.
 */
import { randomBytes } from 'node:crypto';
import postgres from 'postgres';
import { afterAll, beforeAll, describe } from 'vitest';
import { useDatabaseHandle, type DatabaseHandle } from '@/server/db';
import { openDatabase } from '@/server/db/open-database';

export type DriverName = 'pglite' | 'postgres';

export const testDrivers = (): DriverName[] => (process.env.TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite']);

export async function openTestDatabase(driver: DriverName): Promise<DatabaseHandle> {
  if (driver === 'pglite') return openDatabase({ driver: 'pglite' });
  const adminUrl = process.env.TEST_DATABASE_URL!;
  const name = `t_${randomBytes(6).toString('hex')}`;
  const admin = postgres(adminUrl, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const handle = await openDatabase({ driver: 'postgres', url: url.toString(), poolSize: 20 });
  return {
    ...handle,
    close: async () => {
      await handle.close();
      const cleanup = postgres(adminUrl, { max: 1, onnotice: () => {} });
      await cleanup.unsafe(`drop database if exists ${name} with (force)`);
      await cleanup.end();
    },
  };
}

/**
 * Runs a suite once per available driver, with the database installed as the process database so route
 * handlers and services under test use it.
 */
export function describeEachDatabase(title: string, body: (db: () => DatabaseHandle, driver: DriverName) => void) {
  for (const driver of testDrivers()) {
    describe(`${title} [${driver}]`, () => {
      let handle: DatabaseHandle;
      beforeAll(async () => {
        handle = await openTestDatabase(driver);
        useDatabaseHandle(handle);
      });
      afterAll(async () => {
        useDatabaseHandle(undefined);
        await handle.close();
      });
      body(() => handle, driver);
    });
  }
}
