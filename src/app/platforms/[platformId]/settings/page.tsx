import { SettingsSections } from '@/components/settings/settings-sections';
import { ConsoleClient } from '@/components/console-client';
import { TrpcProvider } from '@/trpc/react';
import { HydrateClient, serverApi } from '@/trpc/server';
import { consolePageTitle } from '@/server/console-session/console-metadata';

export const generateMetadata = consolePageTitle('nav.settings');

/**
 * Roles come from the layout's membership context; every procedure checks them again on the server. The
 * panels' first data is prefetched here and hydrated (docs/console.md); a query the role may not read (API keys
 * for a viewer) fails here without being sent, and the panel shows the role's own message.
 */
export default async function SettingsPage({ params }: { params: Promise<{ platformId: string }> }) {
  const { platformId } = await params;
  await Promise.all([
    serverApi.me.get.prefetch(),
    serverApi.apiKeys.list.prefetch({ platformId }),
    serverApi.members.list.prefetch({ platformId }),
    serverApi.members.invitations.prefetch({ platformId }),
    serverApi.platformConfig.get.prefetch({ platformId }),
    serverApi.miniPrograms.manualTemplates.list.prefetch({ platformId }),
    // The same inputs as the panels' first query (deliveries: first page, no status filter).
    serverApi.events.listDeliveries.prefetch({ platformId, limit: 20 }),
  ]);
  return (
    <ConsoleClient namespaces={['settings', 'auditLog']}>
      <TrpcProvider>
        <HydrateClient>
          <SettingsSections />
        </HydrateClient>
      </TrpcProvider>
    </ConsoleClient>
  );
}
