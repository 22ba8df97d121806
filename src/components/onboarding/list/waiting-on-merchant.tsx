'use client';

import { useI18n } from '@/i18n/i18n-provider';
import { api } from '@/trpc/react';
import styles from './list.module.css';

/** How many records wait on the merchant (confirm / sign), each a shortcut to that filter. */
export function WaitingOnMerchant({ platformId, onPick }: { platformId: string; onPick: (state: 'to_be_confirmed' | 'to_be_signed') => void }) {
  const { t, format } = useI18n();
  const waiting = api.onboardingConsole.waiting.useQuery({ platformId }, { refetchInterval: 60_000 });
  if (!waiting.data) return null;
  const { total, toBeConfirmed, toBeSigned } = waiting.data;
  return (
    <section className={`panel ${styles.waiting}`} aria-labelledby="waiting-heading">
      <h2 id="waiting-heading" className={styles.waitingHeading}>
        {t('onboarding.list.waitingOnMerchant', { count: format.number(total) })}
      </h2>
      <div className="row">
        <button type="button" className="secondary" onClick={() => onPick('to_be_confirmed')} data-testid="waiting-to-confirm">
          {t('onboarding.state.to_be_confirmed')}: {format.number(toBeConfirmed)}
        </button>
        <button type="button" className="secondary" onClick={() => onPick('to_be_signed')} data-testid="waiting-to-sign">
          {t('onboarding.state.to_be_signed')}: {format.number(toBeSigned)}
        </button>
      </div>
    </section>
  );
}
