'use client';

import { useActionState, useState } from 'react';
import { startSubMerchant } from '@/server/console-actions/start-sub-merchant';
import styles from './list.module.css';

export type NewSubMerchantTexts = {
  new: string;
  provider: string;
  distributor: string;
  distributorHint: string;
  create: string;
  cancel: string;
};

/** Operators create a record (provider, optional distributor id) and land in the wizard's first step. */
export function NewSubMerchant(props: {
  platformId: string;
  providers: { value: string; label: string }[];
  texts: NewSubMerchantTexts;
}) {
  const { platformId, providers, texts } = props;
  const [open, setOpen] = useState(false);
  // The opening button disappears with the click, so the form's first control takes the focus (autoFocus).
  // Controlled, so a refused attempt keeps what was typed (React resets uncontrolled fields after an action).
  const [provider, setProvider] = useState(providers[0]?.value ?? '');
  const [distributor, setDistributor] = useState('');
  const [failure, create, pending] = useActionState(startSubMerchant.bind(null, platformId), null);
  if (!open) {
    return (
      <button type="button" onClick={() => setOpen(true)} aria-expanded={false}>
        {texts.new}
      </button>
    );
  }
  return (
    <form className={`panel ${styles.newForm}`} aria-labelledby="new-heading" action={create}>
      <h2 id="new-heading">{texts.new}</h2>
      <div className="row">
        <div>
          <label htmlFor="new-provider">{texts.provider}</label>
          <select
            id="new-provider"
            name="provider"
            autoFocus
            value={provider}
            onChange={(e) => setProvider(e.target.value)}
          >
            {providers.map((p) => (
              <option key={p.value} value={p.value}>
                {p.label}
              </option>
            ))}
          </select>
        </div>
        <div className={styles.grow}>
          <label htmlFor="new-distributor">{texts.distributor}</label>
          <input
            id="new-distributor"
            name="distributor"
            value={distributor}
            onChange={(e) => setDistributor(e.target.value)}
            maxLength={128}
            aria-describedby="new-distributor-hint"
          />
          <small id="new-distributor-hint" className="muted">
            {texts.distributorHint}
          </small>
        </div>
      </div>
      {failure && (
        <p role="alert" className="error">
          {failure.message}
        </p>
      )}
      <div className="row">
        <button type="submit" disabled={pending}>
          {texts.create}
        </button>
        <button type="button" className="secondary" onClick={() => setOpen(false)}>
          {texts.cancel}
        </button>
      </div>
    </form>
  );
}
