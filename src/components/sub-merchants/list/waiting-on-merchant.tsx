import Link from 'next/link';
import type { formatters, Translate } from '@/i18n/format';
import styles from './list.module.css';

type Waiting = { total: number; toBeConfirmed: number; toBeSigned: number };

/** How many records wait on the merchant (confirm / sign), each a link to the list filtered that way. */
export function WaitingOnMerchant(props: {
  waiting: Waiting;
  hrefFor: (state: 'to_be_confirmed' | 'to_be_signed') => string;
  t: Translate;
  format: ReturnType<typeof formatters>;
}) {
  const { waiting, hrefFor, t, format } = props;
  return (
    <section className={`panel ${styles.waiting}`} aria-labelledby="waiting-heading">
      <h2 id="waiting-heading" className={styles.waitingHeading}>
        {t('subMerchants.list.waitingOnMerchant', { count: format.number(waiting.total) })}
      </h2>
      <div className="row">
        <Link className="button secondary" href={hrefFor('to_be_confirmed')} data-testid="waiting-to-confirm">
          {t('subMerchants.state.to_be_confirmed')}: {format.number(waiting.toBeConfirmed)}
        </Link>
        <Link className="button secondary" href={hrefFor('to_be_signed')} data-testid="waiting-to-sign">
          {t('subMerchants.state.to_be_signed')}: {format.number(waiting.toBeSigned)}
        </Link>
      </div>
    </section>
  );
}
