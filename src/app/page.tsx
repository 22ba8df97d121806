import { redirect } from 'next/navigation';
import { currentOperatorId } from '@/server/auth/current-operator';
import { getDb } from '@/server/db';
import { listOperatorPlatforms } from '@/server/services/operators/list-operator-platforms';
import { changePasswordPath, passwordMustChange } from '@/server/services/operators/password-must-change';

export const dynamic = 'force-dynamic';

export default async function Home() {
  const operatorId = await currentOperatorId();
  if (!operatorId) redirect('/sign-in');
  const ctx = { db: await getDb(), actor: `operator:${operatorId}` };
  if (await passwordMustChange(ctx, { operatorId })) redirect(changePasswordPath);
  const [first] = await listOperatorPlatforms(ctx, { operatorId });
  if (first) redirect(`/platforms/${first.platformId}/sub-merchants`);
  return (
    <main className="auth-card panel">
      <h1>No platform yet</h1>
      <p>
        Your account is not a member of any platform. Ask an admin for an invitation link, or create one with the CLI.
      </p>
    </main>
  );
}
