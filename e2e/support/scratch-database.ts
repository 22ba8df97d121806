/**
 * A PostgreSQL database of its own for one e2e test, on the server of TEST_DATABASE_URL (as the vitest suites)
 * or the local default; dropped (with its connections) when the test is done.
 */
import { randomBytes } from 'node:crypto';
import postgres from 'postgres';

export const postgresAdminUrl = () => process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/** A new empty database named `<prefix>_<random>`, made from `template` (a database name) when given. */
export async function createScratchDatabase(prefix: string, template?: string) {
  const name = `${prefix}_${randomBytes(5).toString('hex')}`;
  const admin = postgres(postgresAdminUrl(), { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database ${name}${template ? ` template ${template}` : ''}`);
  await admin.end();
  const url = new URL(postgresAdminUrl());
  url.pathname = `/${name}`;
  return url.toString();
}

export async function dropScratchDatabase(url: string) {
  const admin = postgres(postgresAdminUrl(), { max: 1, onnotice: () => {} });
  await admin.unsafe(`drop database if exists ${new URL(url).pathname.slice(1)} with (force)`);
  await admin.end();
}
