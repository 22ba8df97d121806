'use client';

import { useI18n } from '@/i18n/i18n-provider';
import { api } from '@/trpc/react';
import type { Provider } from '@/domain/providers';
import { experienceForm } from '@/schemas/mini-program-requests';
import { ErrorMessage } from '@/components/ui/error-message';
import { Button } from '@/components/ui/button';
import { Form, FormControl, FormField, useZodForm } from '@/components/ui/form';
import { Input } from '@/components/ui/input';

/** The experience version's QR code (体验版), as the upstream draws it: a PNG sent as base64. */
export function ExperiencePanel(props: { platformId: string; platform: Provider; appId: string }) {
  const { t } = useI18n();
  const form = useZodForm(experienceForm, { defaultValues: { path: '' } });
  const experience = api.miniPrograms.experience.useMutation();
  const data = experience.data;
  return (
    <section
      className="mb-4 grid gap-3 rounded-lg border bg-card p-4 sm:p-5 [&_h2]:m-0"
      aria-labelledby="experience-heading"
    >
      <h2 id="experience-heading">{t('miniPrograms.experience.heading')}</h2>
      <Form
        form={form}
        className="flex flex-wrap items-end gap-3"
        onSubmit={({ path }) =>
          experience
            .mutateAsync({
              platformId: props.platformId,
              platform: props.platform,
              authorizerAppId: props.appId,
              path,
            })
            .catch(() => undefined)
        }
      >
        <FormField
          control={form.control}
          name="path"
          label={t('miniPrograms.experience.path')}
          className="min-w-40 flex-1"
          render={({ field }) => (
            <FormControl>
              <Input maxLength={255} placeholder={t('miniPrograms.pathPlaceholder')} {...field} />
            </FormControl>
          )}
        />
        <Button type="submit" disabled={form.formState.isSubmitting}>
          {form.formState.isSubmitting ? t('miniPrograms.experience.busy') : t('miniPrograms.experience.submit')}
        </Button>
      </Form>
      <ErrorMessage error={experience.error} />
      {data?.qrCodePngBase64 && (
        <img
          className="mt-3 block rounded-md border bg-white [image-rendering:pixelated]"
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
