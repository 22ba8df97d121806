'use client';

import { formDataFields, type FormDataField } from '@/schemas/form-data/fields';
import { useI18n } from '@/i18n/i18n-provider';
import { useSubMerchantLabels } from '../../use-sub-merchant-labels';
import { fieldSteps, stepOfField, stepTitleKeys, visibleFieldsOf } from '../steps';
import { useWizard } from '../wizard-context';
import styles from '../wizard.module.css';

/** Review: what the server still misses (links to each field), then everything entered, step by step. */
export function ReviewStep() {
  const { t } = useI18n();
  const labels = useSubMerchantLabels();
  const { currentlyDue, values, goTo, provider } = useWizard();
  const display = (field: FormDataField): string => {
    const value = values[field];
    const def = formDataFields[field];
    if (Array.isArray(value)) {
      if (value.length === 0) return '—';
      return def.kind === 'mediaIdList'
        ? t('subMerchants.review.images', { count: value.length })
        : value.map(labels.enumValue).join('、');
    }
    if (!value) return '—';
    if (def.kind === 'mediaId') return t('subMerchants.review.images', { count: 1 });
    return def.kind === 'enum' ? labels.enumValue(value) : value;
  };
  return (
    <>
      <section aria-labelledby="missing-heading" className={styles.missing} data-testid="review-missing">
        <h3 id="missing-heading">{t('subMerchants.review.missing')}</h3>
        {currentlyDue.length === 0 ? (
          <p className={styles.ok}>{t('subMerchants.review.complete')}</p>
        ) : (
          <ul>
            {currentlyDue.map((field) => {
              const step = stepOfField(field) ?? 'license';
              return (
                <li key={field}>
                  <a
                    href={`?step=${step}`}
                    onClick={(e) => {
                      e.preventDefault();
                      goTo(step, field);
                    }}
                  >
                    {labels.field(field)}
                  </a>{' '}
                  <span className="muted">({t(stepTitleKeys[step])})</span>
                </li>
              );
            })}
          </ul>
        )}
      </section>
      {fieldSteps.map((step) => (
        <section key={step} aria-labelledby={`review-${step}`} className={styles.reviewGroup}>
          <div className={styles.reviewHead}>
            <h3 id={`review-${step}`}>{t(stepTitleKeys[step])}</h3>
            <a
              href={`?step=${step}`}
              onClick={(e) => {
                e.preventDefault();
                goTo(step);
              }}
            >
              {t('subMerchants.review.edit', { step: t(stepTitleKeys[step]) })}
            </a>
          </div>
          <dl className={styles.review}>
            {visibleFieldsOf(step, values, provider).map((field) => (
              <div key={field}>
                <dt>{labels.field(field)}</dt>
                <dd>{display(field)}</dd>
              </div>
            ))}
          </dl>
        </section>
      ))}
    </>
  );
}
