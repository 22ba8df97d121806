/**
 * A throw-away PostgreSQL database per bench run, so numbers never depend on what an earlier run left behind.
 */
import { randomBytes } from 'node:crypto';
import postgres from 'postgres';

export const defaultAdminUrl = 'postgres://postgres@127.0.0.1:5432/postgres';

export async function createBenchDatabase(adminUrl = defaultAdminUrl, prefix = 'bench') {
  const name = `${prefix}_${randomBytes(5).toString('hex')}`;
  const admin = postgres(adminUrl, { max: 1, onnotice: () => {} });
  try {
    await admin.unsafe(`create database ${name}`);
  } finally {
    await admin.end({ timeout: 5 });
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    name,
    url: url.toString(),
    drop: async () => {
      const cleanup = postgres(adminUrl, { max: 1, onnotice: () => {} });
      try {
        await cleanup.unsafe(`drop database if exists ${name} with (force)`);
      } finally {
        await cleanup.end({ timeout: 5 });
      }
    },
  };
}
