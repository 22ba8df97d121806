'use client';

import { useState } from 'react';
import { useI18n } from '@/i18n/i18n-provider';
import { api } from '@/trpc/react';
import type { Provider } from '@/domain/providers';
import { ErrorAlert } from './trpc-error';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';

/** The experience version's QR code (体验版), as the upstream draws it: a PNG sent as base64. */
export function ExperiencePanel(props: { platformId: string; platform: Provider; appId: string }) {
  const { t } = useI18n();
  const [path, setPath] = useState('');
  const experience = api.miniPrograms.experience.useMutation();
  const data = experience.data;
  return (
    <section
      className="mb-4 grid gap-3 rounded-lg border bg-card p-4 sm:p-5 [&_h2]:m-0"
      aria-labelledby="experience-heading"
    >
      <h2 id="experience-heading">{t('miniPrograms.experience.heading')}</h2>
      <form
        className="flex flex-wrap items-end gap-3"
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
          <Label className="mt-3 mb-1" htmlFor="experience-path">
            {t('miniPrograms.experience.path')}
          </Label>
          <Input
            id="experience-path"
            value={path}
            maxLength={255}
            placeholder="pages/index/index"
            onChange={(e) => setPath(e.target.value)}
          />
        </div>
        <Button type="submit" disabled={experience.isPending}>
          {experience.isPending ? t('miniPrograms.experience.busy') : t('miniPrograms.experience.submit')}
        </Button>
      </form>
      <ErrorAlert error={experience.error} />
      {data?.qrCodePngBase64 && (
        <img
          className="block rounded-md border bg-white [image-rendering:pixelated]"
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
