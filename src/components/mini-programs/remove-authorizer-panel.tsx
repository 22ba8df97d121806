'use client';

import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { useI18n } from '@/i18n/i18n-provider';
import { api } from '@/trpc/react';
import { ErrorAlert } from './trpc-error';

/**
 * Admins remove a mini program from the platform (the binding and its tokens; the seller revokes the upstream
 * authorization on their side). Two steps, so a slip of the finger removes nothing.
 */
export function RemoveAuthorizerPanel({ platformId, appId }: { platformId: string; appId: string }) {
  const { t } = useI18n();
  const router = useRouter();
  const [confirming, setConfirming] = useState(false);
  const remove = api.miniPrograms.deleteAuthorizer.useMutation({
    onSuccess: () => router.push(`/platforms/${platformId}/mini-programs`),
  });
  return (
    <section className="panel" aria-labelledby="remove-authorizer-heading">
      <h2 id="remove-authorizer-heading">{t('miniPrograms.remove.heading')}</h2>
      <p className="muted">{t('miniPrograms.remove.explain')}</p>
      <ErrorAlert error={remove.error} />
      {confirming ? (
        <div className="row">
          <button
            type="button"
            className="danger"
            disabled={remove.isPending}
            onClick={() => remove.mutate({ platformId, appId })}
          >
            {t('miniPrograms.remove.confirm', { appId })}
          </button>
          <button type="button" className="secondary" autoFocus onClick={() => setConfirming(false)}>
            {t('common.cancel')}
          </button>
        </div>
      ) : (
        <button type="button" className="danger" onClick={() => setConfirming(true)}>
          {t('miniPrograms.remove.start')}
        </button>
      )}
    </section>
  );
}
