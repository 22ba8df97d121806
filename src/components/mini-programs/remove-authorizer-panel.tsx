'use client';

import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { useI18n } from '@/i18n/i18n-provider';
import { api } from '@/trpc/react';
import { ErrorMessage } from '@/components/ui/error-message';
import { Button } from '@/components/ui/button';

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
    <section
      className="mb-4 grid gap-3 rounded-lg border bg-card p-4 sm:p-5 [&_h2]:m-0"
      aria-labelledby="remove-authorizer-heading"
    >
      <h2 id="remove-authorizer-heading">{t('miniPrograms.remove.heading')}</h2>
      <p className="text-muted-foreground">{t('miniPrograms.remove.explain')}</p>
      <ErrorMessage error={remove.error} />
      {confirming ? (
        <div className="flex flex-wrap items-end gap-3">
          <Button
            variant="dangerOutline"
            type="button"
            disabled={remove.isPending}
            onClick={() => remove.mutate({ platformId, appId })}
          >
            {t('miniPrograms.remove.confirm', { appId })}
          </Button>
          <Button variant="secondary" type="button" autoFocus onClick={() => setConfirming(false)}>
            {t('common.cancel')}
          </Button>
        </div>
      ) : (
        <Button variant="dangerOutline" type="button" onClick={() => setConfirming(true)}>
          {t('miniPrograms.remove.start')}
        </Button>
      )}
    </section>
  );
}
