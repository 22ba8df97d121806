import { getServerSession } from 'next-auth';
import { authOptions } from './auth-options';

/** The signed-in operator's id, or null. */
export async function currentOperatorId(): Promise<string | null> {
  const session = (await getServerSession(authOptions())) as { operatorId?: string } | null;
  return session?.operatorId ?? null;
}
