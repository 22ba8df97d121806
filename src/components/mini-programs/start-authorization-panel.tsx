'use client';

import { useI18n } from '@/i18n/i18n-provider';
import { useMembership } from '@/components/membership';
import { api } from '@/trpc/react';
import { providerLabel } from './provider-label';
import { providers } from '@/domain/providers';
import { startAuthorizationForm } from '@/schemas/mini-program-requests';
import { SellerLinkCard } from './seller-link-card';
import { ErrorMessage, fieldErrorsOf, type ClientError } from '@/components/ui/error-message';
import { Button } from '@/components/ui/button';
import { Form, FormControl, FormField, useZodForm } from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import { NativeSelect } from '@/components/ui/native-select';

/**
 * "Authorize a mini program": the seller returns to this service's own /authorize/done page, which completes
 * the binding; the operator gets the seller page link (never the OAuth state) to send.
 */
export function StartAuthorizationPanel({ onLinkIssued }: { onLinkIssued?: (expiresAt: number) => void }) {
  const { t } = useI18n();
  const { platformId } = useMembership();
  const utils = api.useUtils();
  const form = useZodForm(startAuthorizationForm, { defaultValues: { platform: 'providerA', tenantId: '' } });
  const start = api.sellerAuthorization.startAuthorizationWithSellerPage.useMutation({
    onSuccess: (data) => {
      onLinkIssued?.(Date.parse(data.expiresAt));
      void utils.miniPrograms.authorizers.invalidate();
    },
  });
  const sellerRefused = Boolean(fieldErrorsOf(start.error).tenantId);
  return (
    <section
      className="mb-4 grid gap-3 rounded-lg border bg-card p-4 sm:p-5 [&_h2]:m-0"
      aria-labelledby="start-heading"
    >
      <h2 id="start-heading">{t('miniPrograms.start.heading')}</h2>
      <p className="text-muted-foreground">{t('miniPrograms.start.intro')}</p>
      <Form
        form={form}
        className="flex flex-wrap items-start gap-3"
        onSubmit={async (values) => {
          const redirectUri = `${window.location.origin}/authorize/done`;
          await start.mutateAsync({ platformId, redirectUri, ...values }).catch((error: ClientError) => {
            if (fieldErrorsOf(error).tenantId) form.setError('tenantId', { type: 'server' });
          });
        }}
      >
        <FormField
          control={form.control}
          name="platform"
          label={t('miniPrograms.start.provider')}
          render={({ field }) => (
            <FormControl>
              <NativeSelect {...field}>
                {providers.map((p) => (
                  <option key={p} value={p}>
                    {t(providerLabel(p))}
                  </option>
                ))}
              </NativeSelect>
            </FormControl>
          )}
        />
        <FormField
          control={form.control}
          name="tenantId"
          label={t('miniPrograms.start.seller')}
          description={t('miniPrograms.start.sellerHint')}
          className="min-w-48 flex-1"
          render={({ field }) => (
            <FormControl>
              <Input maxLength={128} {...field} value={field.value ?? ''} />
            </FormControl>
          )}
        />
        <Button type="submit" className="sm:mt-7" disabled={form.formState.isSubmitting}>
          {form.formState.isSubmitting ? t('miniPrograms.start.busy') : t('miniPrograms.start.submit')}
        </Button>
      </Form>
      {!sellerRefused && <ErrorMessage error={start.error} />}
      {start.data && <SellerLinkCard url={start.data.sellerPageUrl} expiresAt={start.data.expiresAt} />}
    </section>
  );
}
