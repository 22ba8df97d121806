import { ApiKeysPanel } from './api-keys-panel';
import { PlatformConfigPanel } from './platform-config-panel';

export default async function SettingsPage({ params }: { params: Promise<{ platformId: string }> }) {
  const { platformId } = await params;
  return (
    <>
      <h1>Settings</h1>
      <ApiKeysPanel platformId={platformId} />
      <PlatformConfigPanel platformId={platformId} />
    </>
  );
}
