'use client';

import Link from 'next/link';
import { useI18n } from '@/i18n/i18n-provider';
import { stateTone, useOnboardingLabels } from '../use-onboarding-labels';
import styles from './list.module.css';

export type ListRow = {
  id: string;
  distributorExternalUserId?: string;
  provider: string;
  status: string;
  chApplymentState?: string;
  missingCount: number;
  updatedAt: string;
};

/** One row per record; the record id opens the detail page. Scrolls sideways on narrow screens. */
export function SubMerchantTable({ platformId, rows }: { platformId: string; rows: ListRow[] }) {
  const { t, format } = useI18n();
  const labels = useOnboardingLabels();
  return (
    <div className={styles.tableWrap}>
      <table>
        <caption className={styles.caption}>{t('subMerchants.listHeading')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('subMerchants.col.record')}</th>
            <th scope="col">{t('subMerchants.col.distributor')}</th>
            <th scope="col">{t('subMerchants.col.provider')}</th>
            <th scope="col">{t('subMerchants.col.status')}</th>
            <th scope="col">{t('subMerchants.col.upstreamState')}</th>
            <th scope="col">{t('onboarding.list.col.missing')}</th>
            <th scope="col">{t('subMerchants.col.updated')}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((sm) => (
            <tr key={sm.id}>
              <td>
                <Link href={`/platforms/${platformId}/sub-merchants/${sm.id}`}><code>{sm.id}</code></Link>
              </td>
              <td>{sm.distributorExternalUserId ?? <span className="muted">{t('subMerchants.platformOwn')}</span>}</td>
              <td>{labels.provider(sm.provider)}</td>
              <td><span className={`badge ${sm.status === 'active' ? 'ok' : ''}`}>{labels.status(sm.status)}</span></td>
              <td><span className={`badge ${stateTone(sm.chApplymentState)}`}>{labels.state(sm.chApplymentState)}</span></td>
              <td>{sm.missingCount === 0 ? '—' : format.number(sm.missingCount)}</td>
              <td>{format.dateTime(sm.updatedAt)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
