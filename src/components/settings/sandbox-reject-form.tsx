'use client';

import { useState } from 'react';
import { useI18n } from '@/i18n/i18n-provider';
import { baseRequiredFields, formDataFields } from '@/schemas/form-data/fields';
import styles from './settings.module.css';

/** The reviewer's rejection: which of our fields (in the upstream's own words) and why. */
export function SandboxRejectForm(props: {
  idPrefix: string;
  busy: boolean;
  onReject: (field: string, reason: string) => void;
  onCancel: () => void;
}) {
  const { t, locale } = useI18n();
  const [field, setField] = useState<string>('idCardCopy');
  const [reason, setReason] = useState('');
  const [missing, setMissing] = useState(false);
  const id = props.idPrefix;
  return (
    <form
      className={styles.inlineForm}
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        setMissing(reason.trim() === '');
        if (reason.trim()) props.onReject(field, reason.trim());
      }}
    >
      <div>
        <label htmlFor={`${id}-field`}>{t('settings.sandbox.rejectField')}</label>
        <select id={`${id}-field`} value={field} onChange={(e) => setField(e.target.value)}>
          {baseRequiredFields.map((f) => (
            <option key={f} value={f}>
              {formDataFields[f].label[locale]}
            </option>
          ))}
        </select>
      </div>
      <div>
        <label htmlFor={`${id}-reason`}>{t('settings.sandbox.rejectReason')}</label>
        <input
          id={`${id}-reason`}
          value={reason}
          maxLength={500}
          onChange={(e) => setReason(e.target.value)}
          aria-invalid={missing ? true : undefined}
          aria-describedby={missing ? `${id}-reason-error` : undefined}
        />
        {missing && (
          <small id={`${id}-reason-error`} className={`error ${styles.help}`}>
            {t('settings.sandbox.reasonRequired')}
          </small>
        )}
      </div>
      <div className={styles.actions}>
        <button type="submit" className="danger" disabled={props.busy}>
          {t('settings.sandbox.confirmReject')}
        </button>
        <button type="button" className="secondary" onClick={props.onCancel}>
          {t('common.cancel')}
        </button>
      </div>
    </form>
  );
}
