'use client';

import { useI18n } from '@/i18n/i18n-provider';
import { stepIds, stepOfField, stepTitleKeys, type StepId } from './steps';
import { useWizard } from './wizard-context';
import styles from './wizard.module.css';

/** The steps as links (the current one marked), each with how many required fields it still misses. */
export function StepNav({ current, onNavigate }: { current: StepId; onNavigate: (step: StepId) => void }) {
  const { t, format } = useI18n();
  const { currentlyDue } = useWizard();
  return (
    <nav aria-label={t('subMerchants.wizard.steps')}>
      <ol className={styles.stepper}>
        {stepIds.map((step, index) => {
          const missing = currentlyDue.filter((field) => stepOfField(field) === step).length;
          return (
            <li key={step}>
              <a
                href={`?step=${step}`}
                aria-current={step === current ? 'step' : undefined}
                onClick={(event) => {
                  event.preventDefault();
                  onNavigate(step);
                }}
              >
                <span className={styles.stepNumber} aria-hidden="true">
                  {index + 1}
                </span>
                <span>{t(stepTitleKeys[step])}</span>
                {missing > 0 && (
                  <span className="badge warn">
                    {t('subMerchants.wizard.missingCount', { count: format.number(missing) })}
                  </span>
                )}
              </a>
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
