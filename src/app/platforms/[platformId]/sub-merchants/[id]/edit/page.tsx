import Link from 'next/link';
import { ConsoleClient } from '@/components/console-client';
import { notFound } from 'next/navigation';
import { Suspense } from 'react';
import type { SubMerchantRecord } from '@/components/sub-merchants/record-types';
import { statusLabels } from '@/components/sub-merchants/status-labels';
import { WizardForm } from '@/components/sub-merchants/wizard/wizard-form';
import { defaultLocale } from '@/i18n/locales';
import { translator } from '@/i18n/translate';
import { hasRole } from '@/server/auth/roles';
import { consoleSession } from '@/server/console-session/console-session';
import { callAsOperator, toActionFailure } from '@/server/trpc/server-caller';
import { consolePageTitle } from '@/server/console-session/console-metadata';
import { editable } from '@/domain/sub-merchant-states';

export const generateMetadata = consolePageTitle('subMerchants.wizard.title');

type Props = { params: Promise<{ platformId: string; id: string }> };

/**
 * The onboarding wizard. The record (the server's current draft, so a reload resumes where the operator was)
 * is read on the server through the `subMerchants.get` procedure and the form arrives already rendered; only
 * the form itself is a client component.
 */
export default async function OnboardingWizardPage({ params }: Props) {
  const [{ platformId, id }, session] = await Promise.all([params, consoleSession()]);
  const t = translator(session?.operator.locale ?? defaultLocale);
  const labels = statusLabels(t);
  const role = session?.platforms.find((p) => p.platformId === platformId)?.role ?? 'viewer';
  const loaded = await callAsOperator((caller) => caller.subMerchants.get({ platformId, id })).catch(toActionFailure);
  if ('ok' in loaded && loaded.code === 'NOT_FOUND') notFound();
  const record: SubMerchantRecord | undefined = 'ok' in loaded ? undefined : loaded;
  const detail = `/platforms/${platformId}/sub-merchants/${id}`;
  return (
    <>
      <p>
        <Link href={detail}>← {t('subMerchants.wizard.toDetail')}</Link>
      </p>
      <h1>
        {t('subMerchants.wizard.title')}
        {record && (
          <span className="muted">
            {' '}
            · {record.distributorExternalUserId ?? t('subMerchants.platformOwn')} · {labels.provider(record.provider)}
          </span>
        )}
      </h1>
      {'ok' in loaded && (
        <p role="alert" className="error">
          {loaded.message}
        </p>
      )}
      {record && !hasRole(role, 'operator') && <p className="panel">{t('subMerchants.wizard.viewerOnly')}</p>}
      {record && hasRole(role, 'operator') && !editable(record.chApplymentState) && (
        <p className="panel">
          {t('subMerchants.wizard.notEditable', { state: labels.state(record.chApplymentState) })}
        </p>
      )}
      {record && hasRole(role, 'operator') && editable(record.chApplymentState) && (
        <ConsoleClient namespaces={['subMerchants']}>
          <Suspense fallback={<p>{t('common.loading')}</p>}>
            <WizardForm key={record.id} platformId={platformId} record={record} />
          </Suspense>
        </ConsoleClient>
      )}
    </>
  );
}
