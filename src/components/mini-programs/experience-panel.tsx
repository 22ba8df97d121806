'use client';

import { useState } from 'react';
import { useI18n } from '@/i18n/i18n-provider';
import { api } from '@/trpc/react';
import styles from './mini-programs.module.css';
import type { Provider } from '@/domain/providers';
import { ErrorAlert } from './trpc-error';

/** The experience version's QR code (体验版), as the upstream draws it: a PNG sent as base64. */
export function ExperiencePanel(props: { platformId: string; platform: Provider; appId: string }) {
  const { t } = useI18n();
  const [path, setPath] = useState('');
  const experience = api.miniPrograms.experience.useMutation();
  const data = experience.data;
  return (
    <section className="panel" aria-labelledby="experience-heading">
      <h2 id="experience-heading">{t('miniPrograms.experience.heading')}</h2>
      <form
        className="row"
        onSubmit={(e) => {
          e.preventDefault();
          experience.mutate({
            platformId: props.platformId,
            platform: props.platform,
            authorizerAppId: props.appId,
            path: path.trim() || undefined,
          });
        }}
      >
        <div style={{ flex: 1, minWidth: '10rem' }}>
          <label htmlFor="experience-path">{t('miniPrograms.experience.path')}</label>
          <input
            id="experience-path"
            value={path}
            maxLength={255}
            placeholder="pages/index/index"
            onChange={(e) => setPath(e.target.value)}
          />
        </div>
        <button type="submit" disabled={experience.isPending}>
          {experience.isPending ? t('miniPrograms.experience.busy') : t('miniPrograms.experience.submit')}
        </button>
      </form>
      <ErrorAlert error={experience.error} />
      {data?.qrCodePngBase64 && (
        <img
          className={styles.qr}
          style={{ marginTop: '.75rem' }}
          src={`data:image/png;base64,${data.qrCodePngBase64}`}
          alt={t('miniPrograms.experience.qr', { version: data.version ?? '' })}
          width={200}
          height={200}
        />
      )}
      {data?.qrCodeUrl && (
        <p>
          <a href={data.qrCodeUrl} target="_blank" rel="noreferrer noopener">
            {t('miniPrograms.experience.link')}
          </a>
        </p>
      )}
    </section>
  );
}
