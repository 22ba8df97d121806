import { redirect } from 'next/navigation';
import { currentOperatorId } from '@/server/auth/current-operator';
import { getDb } from '@/server/db';
import { listOperatorPlatforms } from '@/server/services/operators/list-operator-platforms';

export const dynamic = 'force-dynamic';

export default async function Home() {
  const operatorId = await currentOperatorId();
  if (!operatorId) redirect('/sign-in');
  const [first] = await listOperatorPlatforms(await getDb(), operatorId);
  if (first) redirect(`/platforms/${first.platformId}/sub-merchants`);
  return (
    <main className="auth-card panel">
      <h1>No platform yet</h1>
      <p>Your account is not a member of any platform. Ask an admin to add you, or create one with the CLI.</p>
    </main>
  );
}
