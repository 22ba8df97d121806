import { sql } from 'drizzle-orm';
import { operators } from '@/server/db/schema';
import { randomBase62 } from '@/server/ids';
import { createPlatform } from '../platforms/create-platform';
import { createOperator } from './create-operator';
import type { ServiceContext } from '../context';

export const firstRunAdminEmail = 'admin@example.com';

/**
 * On an empty database: a demo platform and an admin with a one-time random password, printed once by the
 * caller and stored only as a hash, which must be changed at the first sign-in (it went through a terminal and
 * maybe a log). Never a fixed default password. Returns null when operators exist.
 */
export async function ensureFirstRunAdmin(ctx: ServiceContext) {
  const { db } = ctx;
  const [{ count } = { count: 0 }] = await db.select({ count: sql<number>`count(*)::int` }).from(operators);
  if (count > 0) return null;
  const password = randomBase62(20);
  try {
    return await db.transaction(async (tx) => {
      const { platform } = await createPlatform({ ...ctx, db: tx }, { name: 'Demo platform' });
      await createOperator(
        { ...ctx, db: tx },
        {
          email: firstRunAdminEmail,
          password,
          platformId: platform.id,
          role: 'admin',
          passwordMustChange: true,
        },
      );
      return { email: firstRunAdminEmail, password, platformId: platform.id };
    });
  } catch {
    return null; // another instance created the first admin at the same moment; its transaction won
  }
}
