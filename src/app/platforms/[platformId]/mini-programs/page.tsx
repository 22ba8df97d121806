import { MiniProgramsScreen } from '@/components/mini-programs/mini-programs-screen';
import { ConsoleClient } from '@/components/console-client';
import { TrpcProvider } from '@/trpc/react';
import { consolePageTitle } from '@/server/console-session/console-metadata';

export const generateMetadata = consolePageTitle('nav.miniPrograms');

export default function MiniProgramsPage() {
  return (
    <ConsoleClient namespaces={['miniPrograms']}>
      <TrpcProvider>
        <MiniProgramsScreen />
      </TrpcProvider>
    </ConsoleClient>
  );
}
