import { SettingsSections } from './settings-sections';
import { ConsoleClient } from '@/components/console-client';
import { TrpcProvider } from '@/trpc/react';
import { consolePageTitle } from '@/server/console-session/console-metadata';

export const generateMetadata = consolePageTitle('nav.settings');

/** Roles come from the layout's membership context; every procedure checks them again on the server. */
export default function SettingsPage() {
  return (
    <ConsoleClient namespaces={['settings', 'auditLog']}>
      <TrpcProvider>
        <SettingsSections />
      </TrpcProvider>
    </ConsoleClient>
  );
}
