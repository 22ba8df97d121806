import { ConsoleClient } from '@/components/console-client';
import { WizardScreen } from '@/components/sub-merchants/wizard/wizard-screen';
import { consolePageTitle } from '@/server/console-session/console-metadata';
import { TrpcProvider } from '@/trpc/react';
import { HydrateClient, serverApi } from '@/trpc/server';

export const generateMetadata = consolePageTitle('subMerchants.wizard.title');

type Props = { params: Promise<{ platformId: string; id: string }> };

/**
 * The onboarding wizard: the draft is prefetched here with the operator's own tRPC context and hydrated into the
 * screen (docs/console.md), so the first HTML holds the titled form and its steps' counts (the inputs take their
 * values as react-hook-form hydrates). A refused read (unknown id, no membership) is not hydrated; the screen shows
 * the procedure's message.
 */
export default async function OnboardingWizardPage({ params }: Props) {
  const { platformId, id } = await params;
  await serverApi.subMerchants.get.prefetch({ platformId, id });
  return (
    <ConsoleClient namespaces={['subMerchants']}>
      <TrpcProvider>
        <HydrateClient>
          <WizardScreen platformId={platformId} id={id} />
        </HydrateClient>
      </TrpcProvider>
    </ConsoleClient>
  );
}
