'use client';

import Link from 'next/link';
import { formDataFields, isFormDataField, type FormDataField } from '@/schemas/form-data/fields';
import { useI18n } from '@/i18n/i18n-provider';
import type { SubMerchantRecord } from '../record-types';
import { useSubMerchantLabels } from '../use-sub-merchant-labels';
import { toWizardValues } from '../wizard/form-model';
import { mediaUrl } from '../wizard/fields/upload-media';
import { fieldSteps, stepTitleKeys, visibleFieldsOf } from '../wizard/steps';
import styles from './detail.module.css';
import { fixHref } from './fix-link';

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
        <span className={styles.thumbs}>
          {ids.map((mediaId, i) => (
            <img
              key={mediaId}
              src={mediaUrl(platformId, mediaId)}
              alt={`${labels.field(field)} ${i + 1}`}
              width={96}
              height={72}
            />
          ))}
        </span>
      );
    }
    if (Array.isArray(value)) return value.length ? value.map(labels.enumValue).join('、') : '—';
    if (!value) return '—';
    return def.kind === 'enum' ? labels.enumValue(value) : value;
  };
  const unplaced = reasons.filter((r) => !isFormDataField(r.field));
  return (
    <section className="panel" aria-labelledby="form-heading">
      <h2 id="form-heading" className={styles.first}>
        {t('subMerchants.detail.formData')}
      </h2>
      {unplaced.map((r, i) => (
        <p key={i} className={styles.rejected}>
          {t('subMerchants.field.rejectedBecause', { reason: r.reason })}
        </p>
      ))}
      {fieldSteps.map((step) => (
        <section key={step} aria-labelledby={`group-${step}`}>
          <h3 id={`group-${step}`} className={styles.groupHeading}>
            {t(stepTitleKeys[step])}
          </h3>
          <dl className={styles.formData}>
            {visibleFieldsOf(step, values).map((field) => {
              const why = reasonOf(field);
              return (
                <div key={field} data-field={field} className={why.length ? styles.rejectedRow : undefined}>
                  <dt>{labels.field(field)}</dt>
                  <dd>
                    {shown(field)}
                    {why.map((reason, i) => (
                      <p key={i} className={styles.rejected} data-testid={`detail-rejected-${field}`}>
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
    </section>
  );
}
