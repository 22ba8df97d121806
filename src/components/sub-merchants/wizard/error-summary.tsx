'use client';

import { forwardRef } from 'react';
import { useI18n } from '@/i18n/i18n-provider';
import { useFieldLabel } from './use-field-label';
import { fieldId, stepOfField } from './steps';
import { useWizard } from './wizard-context';

export type SummaryItem = { field: string; message: string };

/** Every current error at the top of the form, each a link that opens the step and focuses the field. */
export const ErrorSummary = forwardRef<HTMLDivElement, { items: SummaryItem[] }>(function ErrorSummary({ items }, ref) {
  const { t } = useI18n();
  const fieldLabel = useFieldLabel();
  const { goTo } = useWizard();
  if (items.length === 0) return null;
  return (
    <div
      ref={ref}
      role="alert"
      tabIndex={-1}
      className="mb-4 rounded-lg border-2 border-destructive bg-destructive/5 px-4 py-3 focus:outline-3 focus:outline-offset-2 focus:outline-destructive [&_a]:text-destructive [&_h2]:mt-0 [&_h2]:mb-2 [&_h2]:text-base [&_h2]:text-destructive [&_ul]:m-0 [&_ul]:pl-5"
      aria-labelledby="error-summary-title"
      data-testid="error-summary"
    >
      <h2 id="error-summary-title">{t('subMerchants.errors.title', { count: items.length })}</h2>
      <ul>
        {items.map((item) => {
          const step = stepOfField(item.field) ?? 'license';
          return (
            <li key={item.field}>
              <a
                href={`?step=${step}#${fieldId(item.field)}`}
                onClick={(event) => {
                  event.preventDefault();
                  goTo(step, item.field as Parameters<typeof goTo>[1]);
                }}
              >
                {item.message.includes(fieldLabel(item.field))
                  ? item.message
                  : `${fieldLabel(item.field)}: ${item.message}`}
              </a>
            </li>
          );
        })}
      </ul>
    </div>
  );
});
