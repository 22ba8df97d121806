'use client';

import { useRouter } from 'next/navigation';
import { Suspense } from 'react';
import { WizardForm } from '@/components/sub-merchants/wizard/wizard-form';
import type { WizardRecord } from '@/components/sub-merchants/wizard/wizard-backend';
import { useI18n } from '@/i18n/i18n-provider';
import { sellerBackend } from './seller-backend';

/**
 * The seller's form: the operator's wizard (same steps, pickers, rules, autosave) in seller mode. The record is
 * the server's current draft, so a reload resumes where the seller was; personal values arrive masked.
 */
export function SellerFormScreen({ record }: { record: WizardRecord }) {
  const { t } = useI18n();
  const router = useRouter();
  return (
    <>
      <p className="text-muted-foreground">{t('onboarding.form.intro')}</p>
      <Suspense fallback={<p>{t('common.loading')}</p>}>
        <WizardForm backend={sellerBackend} record={record} onSubmitted={() => router.push('/onboard/status')} />
      </Suspense>
    </>
  );
}
