'use client';

import { useI18n } from '@/i18n/i18n-provider';
import type { SaveStatus } from './use-wizard-actions';
import styles from './wizard.module.css';

/** Where the draft stands: 已保存 · 保存中… · 保存失败（重试）, or another tab's save came first (reload). */
export function SaveStatusLine({ status, onRetry }: { status: SaveStatus; onRetry: () => void }) {
  const { t } = useI18n();
  if (status === 'conflict') {
    return (
      <div role="alert" className={`error ${styles.saveStatus}`} data-testid="save-status" data-status={status}>
        {t('subMerchants.autosave.conflict')}{' '}
        <button type="button" className="secondary" onClick={() => window.location.reload()}>
          {t('subMerchants.autosave.reload')}
        </button>
      </div>
    );
  }
  return (
    <div role="status" className={styles.saveStatus} data-testid="save-status" data-status={status}>
      {status === 'failed' ? (
        <button type="button" className="secondary" onClick={onRetry}>
          {t('subMerchants.autosave.failed')}
        </button>
      ) : (
        <span className="muted">
          {t(status === 'saved' ? 'subMerchants.autosave.saved' : 'subMerchants.autosave.saving')}
        </span>
      )}
    </div>
  );
}
