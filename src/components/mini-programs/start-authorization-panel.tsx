'use client';

import { useState } from 'react';
import { useI18n } from '@/i18n/i18n-provider';
import { useMembership } from '@/components/membership';
import { api } from '@/trpc/react';
import { providerLabel } from './provider-label';
import { providers, type Provider } from '@/domain/providers';
import { SellerLinkCard } from './seller-link-card';
import { ErrorAlert, fieldErrorsOf } from './trpc-error';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { NativeSelect } from '@/components/ui/native-select';
import { Label } from '@/components/ui/label';

/**
 * "Authorize a mini program": the seller returns to this service's own /authorize/done page, which completes
 * the binding; the operator gets the seller page link (never the OAuth state) to send.
 */
export function StartAuthorizationPanel() {
  const { t } = useI18n();
  const { platformId } = useMembership();
  const utils = api.useUtils();
  const [provider, setProvider] = useState<Provider>('providerA');
  const [tenantId, setTenantId] = useState('');
  const start = api.sellerAuthorization.startAuthorizationWithSellerPage.useMutation({
    onSuccess: () => void utils.miniPrograms.authorizers.invalidate(),
  });
  const sellerError = fieldErrorsOf(start.error).tenantId;
  return (
    <section
      className="mb-4 grid gap-3 rounded-lg border bg-card p-4 sm:p-5 [&_h2]:m-0"
      aria-labelledby="start-heading"
    >
      <h2 id="start-heading">{t('miniPrograms.start.heading')}</h2>
      <p className="text-muted-foreground">{t('miniPrograms.start.intro')}</p>
      <form
        className="flex flex-wrap items-end gap-3"
        onSubmit={(event) => {
          event.preventDefault();
          const redirectUri = `${window.location.origin}/authorize/done`;
          start.mutate({ platformId, platform: provider, redirectUri, tenantId: tenantId.trim() || undefined });
        }}
      >
        <div>
          <Label className="mt-3 mb-1" htmlFor="start-provider">
            {t('miniPrograms.start.provider')}
          </Label>
          <NativeSelect id="start-provider" value={provider} onChange={(e) => setProvider(e.target.value as Provider)}>
            {providers.map((p) => (
              <option key={p} value={p}>
                {t(providerLabel(p))}
              </option>
            ))}
          </NativeSelect>
        </div>
        <div style={{ flex: 1, minWidth: '12rem' }}>
          <Label className="mt-3 mb-1" htmlFor="start-seller">
            {t('miniPrograms.start.seller')}
          </Label>
          <Input
            id="start-seller"
            value={tenantId}
            maxLength={128}
            onChange={(e) => setTenantId(e.target.value)}
            aria-invalid={sellerError ? true : undefined}
            aria-describedby={sellerError ? 'start-seller-hint start-seller-error' : 'start-seller-hint'}
          />
          <p
            id="start-seller-hint"
            className="text-muted-foreground"
            style={{ margin: '.25rem 0 0', fontSize: '.85rem' }}
          >
            {t('miniPrograms.start.sellerHint')}
          </p>
          {sellerError && (
            <p id="start-seller-error" className="text-destructive">
              {sellerError}
            </p>
          )}
        </div>
        <Button type="submit" disabled={start.isPending}>
          {start.isPending ? t('miniPrograms.start.busy') : t('miniPrograms.start.submit')}
        </Button>
      </form>
      {!sellerError && <ErrorAlert error={start.error} />}
      {start.data && <SellerLinkCard url={start.data.sellerPageUrl} expiresAt={start.data.expiresAt} />}
    </section>
  );
}
