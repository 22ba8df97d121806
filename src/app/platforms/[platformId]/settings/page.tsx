import { currentOperatorId } from '@/server/auth/current-operator';
import { getDb } from '@/server/db';
import { listOperatorPlatforms } from '@/server/services/operators/list-operator-platforms';
import { ApiKeysPanel } from './api-keys-panel';
import { PlatformConfigPanel } from './platform-config-panel';

export default async function SettingsPage({ params }: { params: Promise<{ platformId: string }> }) {
  const { platformId } = await params;
  const operatorId = await currentOperatorId();
  const memberships = operatorId ? await listOperatorPlatforms(await getDb(), operatorId) : [];
  const isAdmin = memberships.some((m) => m.platformId === platformId && m.role === 'admin');
  return (
    <>
      <h1>Settings</h1>
      {isAdmin ? (
        <ApiKeysPanel platformId={platformId} />
      ) : (
        <section className="panel">
          <h2>API keys</h2>
          <p className="muted">Only admins manage API keys.</p>
        </section>
      )}
      <PlatformConfigPanel platformId={platformId} canEdit={isAdmin} />
    </>
  );
}
