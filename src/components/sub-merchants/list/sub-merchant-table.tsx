import Link from 'next/link';
import type { formatters, Translate } from '@/i18n/format';
import { stateTone, type statusLabels } from '../status-labels';
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

type Texts = { t: Translate; format: ReturnType<typeof formatters>; labels: ReturnType<typeof statusLabels> };

/**
 * One row per record; the record id opens the detail page. Scrolls sideways on narrow screens. Rendered on
 * the server (no JavaScript for the rows).
 */
export function SubMerchantTable({ platformId, rows, texts }: { platformId: string; rows: ListRow[]; texts: Texts }) {
  const { t, format, labels } = texts;
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
            <th scope="col">{t('subMerchants.list.col.missing')}</th>
            <th scope="col">{t('subMerchants.col.updated')}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((sm) => (
            <tr key={sm.id}>
              <td>
                <Link href={`/platforms/${platformId}/sub-merchants/${sm.id}`}>
                  <code>{sm.id}</code>
                </Link>
              </td>
              <td>{sm.distributorExternalUserId ?? <span className="muted">{t('subMerchants.platformOwn')}</span>}</td>
              <td>{labels.provider(sm.provider)}</td>
              <td>
                <span className={`badge ${sm.status === 'active' ? 'ok' : ''}`}>{labels.status(sm.status)}</span>
              </td>
              <td>
                <span className={`badge ${stateTone(sm.chApplymentState)}`}>{labels.state(sm.chApplymentState)}</span>
              </td>
              <td>{sm.missingCount === 0 ? '—' : format.number(sm.missingCount)}</td>
              <td>{format.dateTime(sm.updatedAt)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
