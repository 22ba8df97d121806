import { Wizard } from '@/components/onboarding/wizard/wizard';

export default async function OnboardingWizardPage({ params }: { params: Promise<{ platformId: string; id: string }> }) {
  const { platformId, id } = await params;
  return <Wizard platformId={platformId} id={id} />;
}
