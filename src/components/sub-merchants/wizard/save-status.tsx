'use client';

import { Button } from '@/components/ui/button';
import { useI18n } from '@/i18n/i18n-provider';
import type { AutosaveStatus } from '@/components/ui/use-autosave';

/** Where the draft stands: 已保存 · 保存中… · 保存失败（重试）, or another tab's save came first (reload). */
export function SaveStatusLine({ status, onRetry }: { status: AutosaveStatus; onRetry: () => void }) {
  const { t } = useI18n();
  if (status === 'conflict') {
    return (
      <div role="alert" className="text-sm text-destructive" data-testid="save-status" data-status={status}>
        {t('subMerchants.autosave.conflict')}{' '}
        <Button variant="secondary" size="sm" onClick={() => window.location.reload()}>
          {t('subMerchants.autosave.reload')}
        </Button>
      </div>
    );
  }
  return (
    <div role="status" className="text-sm" data-testid="save-status" data-status={status}>
      {status === 'failed' ? (
        <Button variant="dangerOutline" size="sm" onClick={onRetry}>
          {t('subMerchants.autosave.failed')}
        </Button>
      ) : (
        <span className="text-muted-foreground">
          {t(status === 'saved' ? 'subMerchants.autosave.saved' : 'subMerchants.autosave.saving')}
        </span>
      )}
    </div>
  );
}
