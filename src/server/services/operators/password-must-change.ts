import { eq } from 'drizzle-orm';
import { operators } from '@/server/db/schema';
import { AppError } from '@/server/errors';
import type { ServiceContext } from '../context';

/** Where a session whose password must change is sent, whatever console page it asked for. */
export const changePasswordPath = '/change-password';

/**
 * Whether the operator still signs in with a password somebody else chose (the first-run admin's, a CLI
 * operator's): such a session may only read `me` and change the password. One indexed read, made by the tRPC
 * procedures, the /admin session check and the console layout; the flag clears when the password changes.
 */
export async function passwordMustChange(
  ctx: ServiceContext,
  { operatorId }: { operatorId: string },
): Promise<boolean> {
  const { db } = ctx;
  const [row] = await db
    .select({ mustChange: operators.passwordMustChange })
    .from(operators)
    .where(eq(operators.id, operatorId));
  return row?.mustChange ?? false;
}

export const passwordChangeRequired = () =>
  new AppError(
    'password_change_required',
    'Choose your own password first: this one was set by someone else and must be changed.',
  );
