'use client';

import { useState } from 'react';
import { errorText } from '@/components/settings/error-text';
import { OneTimeSecret } from '@/components/settings/one-time-secret';
import styles from '@/components/settings/settings.module.css';
import { useI18n } from '@/i18n/i18n-provider';
import { api } from '@/trpc/react';
import { DataTable } from '@/components/settings/data-table';

const allServices = ['payments', 'miniprogram'] as const;
type Service = (typeof allServices)[number];

/** Admins only (the procedures are admin-only too): create a key (shown once), list, revoke. */
export function ApiKeysPanel({ platformId }: { platformId: string }) {
  const { t, format } = useI18n();
  const utils = api.useUtils();
  const keys = api.apiKeys.list.useQuery({ platformId });
  const [name, setName] = useState('');
  const [services, setServices] = useState<Service[]>([...allServices]);
  const [revealed, setRevealed] = useState<string | null>(null);
  const create = api.apiKeys.create.useMutation({
    onSuccess: (key) => {
      setRevealed(key.secret);
      setName('');
      void utils.apiKeys.list.invalidate();
    },
  });
  const revoke = api.apiKeys.revoke.useMutation({ onSuccess: () => void utils.apiKeys.list.invalidate() });
  const failure = create.error ?? revoke.error ?? keys.error;

  return (
    <section className="panel" aria-labelledby="api-keys-heading" id="api-keys">
      <h2 id="api-keys-heading">{t('settings.apiKeys')}</h2>
      <p className="muted">{t('settings.apiKeys.intro')}</p>
      {revealed && (
        <OneTimeSecret
          title={t('settings.copyNow')}
          hint={t('settings.shownOnce')}
          value={revealed}
          testId="new-api-key"
          onDone={() => setRevealed(null)}
        />
      )}
      <form
        className="row"
        onSubmit={(e) => {
          e.preventDefault();
          create.mutate({ platformId, name: name.trim() || 'API key', services });
        }}
      >
        <div className={styles.field}>
          <label htmlFor="key-name">{t('settings.keyName')}</label>
          <input
            id="key-name"
            value={name}
            maxLength={80}
            onChange={(e) => setName(e.target.value)}
            placeholder={t('settings.keyNamePlaceholder')}
          />
        </div>
        <fieldset className={styles.fieldset}>
          <legend>{t('settings.services')}</legend>
          {allServices.map((s) => (
            <label key={s} className={styles.inlineCheck}>
              <input
                type="checkbox"
                checked={services.includes(s)}
                onChange={(e) => setServices((cur) => (e.target.checked ? [...cur, s] : cur.filter((x) => x !== s)))}
              />
              {t(`settings.service.${s}`)}
            </label>
          ))}
        </fieldset>
        <button type="submit" disabled={create.isPending || services.length === 0}>
          {t('settings.createKey')}
        </button>
      </form>
      {failure && (
        <p role="alert" className="error">
          {errorText(t, failure)}
        </p>
      )}
      <DataTable
        labelledBy="api-keys-heading"
        columns={[
          t('settings.col.name'),
          t('settings.col.key'),
          t('settings.col.services'),
          t('settings.col.lastUsed'),
          t('settings.col.status'),
        ]}
        actions
        spaced
      >
        {keys.data?.map((key) => (
          <tr key={key.id}>
            <td>{key.name}</td>
            <td>
              <code>{key.displayPrefix}</code>
            </td>
            <td>{key.services.map((s) => t(`settings.service.${s as Service}`)).join(', ')}</td>
            <td>{key.lastUsedAt ? format.dateTime(key.lastUsedAt) : t('common.never')}</td>
            <td>
              {key.revokedAt ? (
                <span className="badge">{t('common.revoked')}</span>
              ) : (
                <span className="badge ok">{t('common.active')}</span>
              )}
            </td>
            <td>
              {!key.revokedAt && (
                <button
                  type="button"
                  className="danger"
                  aria-label={t('settings.revokeNamed', { name: key.name })}
                  disabled={revoke.isPending}
                  onClick={() => revoke.mutate({ platformId, keyId: key.id })}
                >
                  {t('settings.revoke')}
                </button>
              )}
            </td>
          </tr>
        ))}
      </DataTable>
    </section>
  );
}
