'use client';

import Link from 'next/link';
import { Card } from '@/components/ui/card';
import { formDataFields, isFormDataField, type FormDataField } from '@/schemas/form-data/fields';
import { cn } from '@/components/ui/cn';
import { useI18n } from '@/i18n/i18n-provider';
import type { SubMerchantRecord } from '../record-types';
import { CODED_FIELDS, CodeValue } from '../code-value';
import { useSubMerchantLabels } from '../use-sub-merchant-labels';
import { toWizardValues } from '../wizard/form-model';
import { mediaUrl } from '../wizard/fields/upload-media';
import { fieldSteps, stepTitleKeys, visibleFieldsOf } from '../wizard/steps';
import { fixHref } from './fix-link';

// A reason the upstream gave, set off from the value it refers to.
const rejectedClass = 'mt-1 mb-0 border-l-3 border-warning bg-warning-soft px-2.5 py-1.5 text-sm text-warning';

/**
 * The onboarding form as the API returns it (personal values masked), step by step. A field the upstream
 * rejected carries its reason and a "fix" link into the wizard at that step.
 */
export function FormDataView({ platformId, record }: { platformId: string; record: SubMerchantRecord }) {
  const { t } = useI18n();
  const labels = useSubMerchantLabels();
  const values = toWizardValues(record.formData);
  const reasons = record.chApplymentState === 'rejected' ? record.rejectReasons : [];
  const reasonOf = (field: FormDataField) => reasons.filter((r) => r.field === field).map((r) => r.reason);
  const shown = (field: FormDataField) => {
    const value = values[field];
    const def = formDataFields[field];
    if (def.kind === 'mediaId' || def.kind === 'mediaIdList') {
      const ids = Array.isArray(value) ? value : value ? [value] : [];
      if (ids.length === 0) return '—';
      return (
        <span className="flex flex-wrap gap-2">
          {ids.map((mediaId, i) => (
            <img
              key={mediaId}
              src={mediaUrl(platformId, mediaId)}
              alt={`${labels.field(field)} ${i + 1}`}
              width={96}
              height={72}
              className="h-18 w-24 rounded-md border bg-muted object-cover"
            />
          ))}
        </span>
      );
    }
    if (Array.isArray(value))
      return value.length ? value.map((v) => labels.enumValue(v, record.provider)).join('、') : '—';
    if (!value) return '—';
    if (CODED_FIELDS.has(field)) return <CodeValue field={field} code={value} />;
    return def.kind === 'enum' ? labels.enumValue(value, record.provider) : value;
  };
  const unplaced = reasons.filter((r) => !isFormDataField(r.field));
  return (
    <Card aria-labelledby="form-heading" className="gap-2">
      <h2 id="form-heading" className="m-0">
        {t('subMerchants.detail.formData')}
      </h2>
      {unplaced.map((r, i) => (
        <p key={i} className={rejectedClass}>
          {t('subMerchants.field.rejectedBecause', { reason: r.reason })}
        </p>
      ))}
      {fieldSteps.map((step) => (
        <section key={step} aria-labelledby={`group-${step}`}>
          <h3 id={`group-${step}`} className="mt-4 mb-1 text-base">
            {t(stepTitleKeys[step])}
          </h3>
          <dl className="m-0">
            {visibleFieldsOf(step, values, record.provider).map((field) => {
              const why = reasonOf(field);
              return (
                <div
                  key={field}
                  data-field={field}
                  className={cn(
                    'grid grid-cols-1 gap-0.5 border-b py-1.5 sm:grid-cols-[minmax(8rem,2fr)_3fr] sm:gap-3',
                    why.length > 0 && 'bg-warning-soft',
                  )}
                >
                  <dt className="text-muted-foreground">{labels.field(field)}</dt>
                  <dd className="m-0 break-all">
                    {shown(field)}
                    {why.map((reason, i) => (
                      <p key={i} className={rejectedClass} data-testid={`detail-rejected-${field}`}>
                        {t('subMerchants.field.rejectedBecause', { reason })}{' '}
                        <Link href={fixHref(platformId, record.id, field)}>
                          {t('subMerchants.detail.fix', { field: labels.field(field) })}
                        </Link>
                      </p>
                    ))}
                  </dd>
                </div>
              );
            })}
          </dl>
        </section>
      ))}
    </Card>
  );
}
