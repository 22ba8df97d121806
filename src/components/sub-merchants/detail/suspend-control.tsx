'use client';

import { useState } from 'react';
import { useI18n } from '@/i18n/i18n-provider';
import { api } from '@/trpc/react';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { toast } from '@/components/ui/toast';
import type { SubMerchantRecord } from '../record-types';

/**
 * Suspending a live merchant stops its payments: the admin types the merchant's name and gives a reason first
 * (both kept in the history and the audit log). Resuming asks too, with an optional reason.
 */
export function SuspendControl({
  platformId,
  record,
  name,
}: {
  platformId: string;
  record: SubMerchantRecord;
  name: string;
}) {
  const { t } = useI18n();
  const utils = api.useUtils();
  const [error, setError] = useState<string | null>(null);
  const update = api.subMerchants.update.useMutation({
    onSuccess: (fresh) => {
      utils.subMerchants.get.setData({ platformId, id: record.id }, fresh);
      void utils.subMerchants.history.invalidate({ platformId, id: record.id });
      void utils.subMerchantConsole.invalidate();
    },
  });
  const run =
    (status: 'suspended' | 'active', done: string) =>
    async ({ reason }: { reason?: string }) => {
      setError(null);
      try {
        await update.mutateAsync({ platformId, id: record.id, patch: { status, ...(reason && { reason }) } });
        toast.success(done);
      } catch (failure) {
        setError((failure as Error).message);
        throw failure;
      }
    };
  if (record.status === 'active') {
    return (
      <ConfirmDialog
        trigger={<Button variant="dangerOutline">{t('workQueue.suspend')}</Button>}
        title={t('workQueue.suspendTitle', { name })}
        description={t('workQueue.suspendDescription')}
        confirmLabel={t('workQueue.suspend')}
        destructive
        reason="required"
        confirmText={name}
        onConfirm={run('suspended', t('workQueue.suspendDone'))}
        error={error}
      />
    );
  }
  if (record.status === 'suspended') {
    return (
      <ConfirmDialog
        trigger={<Button variant="outline">{t('workQueue.resume')}</Button>}
        title={t('workQueue.resumeTitle', { name })}
        description={t('workQueue.resumeDescription')}
        confirmLabel={t('workQueue.resume')}
        reason="optional"
        onConfirm={run('active', t('workQueue.resumeDone'))}
        error={error}
      />
    );
  }
  return null;
}
