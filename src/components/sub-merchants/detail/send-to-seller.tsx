'use client';

import { useState, type FormEvent } from 'react';
import { Badge, type BadgeVariant } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { ErrorMessage, problemText, type ClientError } from '@/components/ui/error-message';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import { toast } from '@/components/ui/toast';
import { useMembership } from '@/components/membership';
import { useI18n } from '@/i18n/i18n-provider';
import type { MessageKey } from '@/i18n/messages/en';
import { ONBOARDING_LINK_DEFAULT_SECONDS } from '@/schemas/onboarding-link-requests';
import { api, type RouterOutputs } from '@/trpc/react';
import { MintedLink } from './minted-link';

type Link = RouterOutputs['onboardingLinks']['list']['data'][number];

const expiries: [seconds: number, label: MessageKey][] = [
  [3600, 'subMerchants.sendToSeller.hour'],
  [ONBOARDING_LINK_DEFAULT_SECONDS, 'subMerchants.sendToSeller.day'],
  [3 * 86_400, 'subMerchants.sendToSeller.threeDays'],
  [7 * 86_400, 'subMerchants.sendToSeller.week'],
];

const statusLabel: Record<Link['status'], MessageKey> = {
  active: 'subMerchants.sendToSeller.status.active',
  used: 'subMerchants.sendToSeller.status.used',
  expired: 'subMerchants.sendToSeller.status.expired',
  revoked: 'subMerchants.sendToSeller.status.revoked',
};
const statusVariant: Record<Link['status'], BadgeVariant> = {
  active: 'success',
  used: 'primary',
  expired: 'default',
  revoked: 'destructive',
};

/**
 * "Send to seller": an operator mints a hosted onboarding link for this record (the seller fills in the form on
 * their phone), shown once with its QR code; everyone sees the record's links and their state, operators revoke.
 */
export function SendToSeller({ platformId, subMerchantId }: { platformId: string; subMerchantId: string }) {
  const { t } = useI18n();
  const { can } = useMembership();
  const utils = api.useUtils();
  const links = api.onboardingLinks.list.useQuery({ platformId, subMerchantId });
  const [expiresIn, setExpiresIn] = useState(ONBOARDING_LINK_DEFAULT_SECONDS);
  const create = api.onboardingLinks.create.useMutation({
    onSuccess: () => void utils.onboardingLinks.list.invalidate({ platformId, subMerchantId }),
  });
  const mint = (event: FormEvent) => {
    event.preventDefault();
    create.mutate({ platformId, subMerchantId, expiresIn });
  };
  return (
    <Card aria-labelledby="send-to-seller-heading" data-testid="send-to-seller">
      <h2 id="send-to-seller-heading" className="m-0">
        {t('subMerchants.sendToSeller.title')}
      </h2>
      <p className="m-0">{t('subMerchants.sendToSeller.explain')}</p>
      {can('operator') && (
        <form className="flex flex-wrap items-end gap-3" onSubmit={mint}>
          <div className="grid min-w-40 gap-1">
            <Label htmlFor="seller-link-expiry">{t('subMerchants.sendToSeller.expiry')}</Label>
            <NativeSelect
              id="seller-link-expiry"
              value={expiresIn}
              onChange={(event) => setExpiresIn(Number(event.target.value))}
            >
              {expiries.map(([seconds, label]) => (
                <option key={seconds} value={seconds}>
                  {t(label)}
                </option>
              ))}
            </NativeSelect>
          </div>
          <Button type="submit" disabled={create.isPending}>
            {create.isPending ? t('subMerchants.sendToSeller.creating') : t('subMerchants.sendToSeller.create')}
          </Button>
        </form>
      )}
      {create.error && <ErrorMessage error={create.error} />}
      {create.data && (
        <MintedLink key={create.data.id} link={create.data} subMerchantId={subMerchantId} onDone={create.reset} />
      )}
      <h3 className="m-0 text-base">{t('subMerchants.sendToSeller.links')}</h3>
      {links.error && <ErrorMessage error={links.error} />}
      {links.data && links.data.data.length === 0 && (
        <p className="m-0 text-muted-foreground">{t('subMerchants.sendToSeller.none')}</p>
      )}
      {links.data && links.data.data.length > 0 && (
        <ul className="m-0 grid list-none gap-2 p-0" aria-label={t('subMerchants.sendToSeller.links')}>
          {links.data.data.map((link) => (
            <LinkRow key={link.id} platformId={platformId} link={link} canRevoke={can('operator')} />
          ))}
        </ul>
      )}
    </Card>
  );
}

/** One link: its state, when it was made, when it stops (or stopped) working, and revoke while it still opens. */
function LinkRow({ platformId, link, canRevoke }: { platformId: string; link: Link; canRevoke: boolean }) {
  const { t, format } = useI18n();
  const utils = api.useUtils();
  const [error, setError] = useState<string | null>(null);
  const revoke = api.onboardingLinks.revoke.useMutation({
    onSuccess: () => void utils.onboardingLinks.list.invalidate({ platformId, subMerchantId: link.subMerchantId }),
  });
  const time = (value: string) => <time dateTime={value}>{format.dateTimeWithZone(value)}</time>;
  const ends =
    link.status === 'revoked' && link.revokedAt
      ? t('subMerchants.sendToSeller.revokedAt', { time: format.dateTimeWithZone(link.revokedAt) })
      : link.status === 'expired'
        ? t('subMerchants.sendToSeller.expiredAt', { time: format.dateTimeWithZone(link.expiresAt) })
        : t('subMerchants.sendToSeller.expiresAt', { time: format.dateTimeWithZone(link.expiresAt) });
  return (
    <li
      className="flex flex-wrap items-center gap-x-4 gap-y-2 rounded-md border p-3"
      data-testid="seller-link-row"
      data-status={link.status}
    >
      <Badge variant={statusVariant[link.status]}>{t(statusLabel[link.status])}</Badge>
      <span className="text-sm">
        {t('subMerchants.sendToSeller.created')} {time(link.createdAt)}
      </span>
      {link.usedAt && (
        <span className="text-sm">
          {t('subMerchants.sendToSeller.usedAt')} {time(link.usedAt)}
        </span>
      )}
      <span className="text-sm text-muted-foreground">{ends}</span>
      {canRevoke && (link.status === 'active' || link.status === 'used') && (
        <ConfirmDialog
          trigger={
            <Button variant="dangerOutline" size="sm" className="ml-auto">
              {t('subMerchants.sendToSeller.revoke')}
            </Button>
          }
          title={t('subMerchants.sendToSeller.revokeTitle')}
          description={t('subMerchants.sendToSeller.revokeDescription')}
          confirmLabel={t('subMerchants.sendToSeller.revoke')}
          destructive
          error={error}
          onConfirm={async () => {
            setError(null);
            try {
              await revoke.mutateAsync({ platformId, subMerchantId: link.subMerchantId, linkId: link.id });
              toast.success(t('subMerchants.sendToSeller.revokedDone'));
            } catch (failure) {
              setError(problemText(t, failure as ClientError));
              throw failure;
            }
          }}
        />
      )}
    </li>
  );
}
