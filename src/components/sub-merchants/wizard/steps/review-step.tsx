'use client';

import type { ReactNode } from 'react';
import { formDataFields, type FormDataField } from '@/schemas/form-data/fields';
import { useI18n } from '@/i18n/i18n-provider';
import { CODED_FIELDS, CodeValue } from '../../code-value';
import { useSubMerchantLabels } from '../../use-sub-merchant-labels';
import { useFieldLabel, useStepTitle } from '../use-field-label';
import { fieldSteps, stepOfField, visibleFieldsOf } from '../steps';
import { useWizard } from '../wizard-context';

/** Review: what the server still misses (links to each field), then everything entered, step by step. */
export function ReviewStep() {
  const { t } = useI18n();
  const labels = useSubMerchantLabels();
  const fieldLabel = useFieldLabel();
  const stepTitle = useStepTitle();
  const { currentlyDue, values, goTo, provider } = useWizard();
  const display = (field: FormDataField): ReactNode => {
    const value = values[field];
    const def = formDataFields[field];
    if (Array.isArray(value)) {
      if (value.length === 0) return '—';
      return def.kind === 'mediaIdList'
        ? t('subMerchants.review.images', { count: value.length })
        : value.map((v) => labels.enumValue(v, provider)).join('、');
    }
    if (!value) return '—';
    if (def.kind === 'mediaId') return t('subMerchants.review.images', { count: 1 });
    if (CODED_FIELDS.has(field)) return <CodeValue field={field} code={value} />;
    return def.kind === 'enum' ? labels.enumValue(value, provider) : value;
  };
  return (
    <>
      <section
        aria-labelledby="missing-heading"
        className="mb-4 rounded-lg border border-border px-4 py-2 [&_h3]:my-2 [&_h3]:text-base"
        data-testid="review-missing"
      >
        {/* One heading that says the state: "still missing" only when something is. */}
        {currentlyDue.length === 0 ? (
          <h3 id="missing-heading" className="text-success">
            {t('subMerchants.review.complete')}
          </h3>
        ) : (
          <>
            <h3 id="missing-heading">{t('subMerchants.review.missing')}</h3>
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
                      {fieldLabel(field)}
                    </a>{' '}
                    <span className="text-muted-foreground">({stepTitle(step)})</span>
                  </li>
                );
              })}
            </ul>
          </>
        )}
      </section>
      {fieldSteps.map((step) => (
        <section key={step} aria-labelledby={`review-${step}`} className="mb-4 [&_h3]:my-2 [&_h3]:text-base">
          <div className="flex flex-wrap items-baseline justify-between gap-2">
            <h3 id={`review-${step}`}>{stepTitle(step)}</h3>
            <a
              href={`?step=${step}`}
              onClick={(e) => {
                e.preventDefault();
                goTo(step);
              }}
            >
              {t('subMerchants.review.edit', { step: stepTitle(step) })}
            </a>
          </div>
          <dl className="m-0 grid grid-cols-1 [&>div]:grid [&>div]:grid-cols-1 [&>div]:gap-0.5 [&>div]:border-b [&>div]:border-border [&>div]:py-1.5 sm:[&>div]:grid-cols-[minmax(8rem,2fr)_3fr] sm:[&>div]:gap-3 [&_dd]:m-0 [&_dd]:break-all [&_dt]:text-muted-foreground">
            {visibleFieldsOf(step, values, provider).map((field) => (
              <div key={field}>
                <dt>{fieldLabel(field)}</dt>
                <dd>{display(field)}</dd>
              </div>
            ))}
          </dl>
        </section>
      ))}
    </>
  );
}
