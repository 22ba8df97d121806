import type { Locale } from '@/i18n/locales';
import { translator } from '@/i18n/translate';
import type { SellerCompletion } from '@/server/services/mini-programs/complete-seller-authorization';
import { providerLabel } from '../provider-label';
import { SellerFrame, SellerNotice } from './seller-frame';

const failure = {
  invalid: ['miniPrograms.seller.invalid.title', 'miniPrograms.seller.invalid.body'],
  expired: ['miniPrograms.seller.expired.title', 'miniPrograms.seller.expired.body'],
  used: ['miniPrograms.seller.used.title', 'miniPrograms.seller.used.body'],
  upstream: ['miniPrograms.seller.failed.title', 'miniPrograms.seller.failed.body'],
} as const;

/** Where the upstream sends the seller back: the binding's outcome in the seller's language. */
export function SellerDoneView({ result, locale }: { result: SellerCompletion; locale: Locale }) {
  const t = translator(locale);
  const names = {
    platform: result.platformName ?? '',
    provider: result.provider ? t(providerLabel(result.provider)) : '',
  };
  if (result.status === 'done') {
    return (
      <SellerFrame t={t} locale={locale}>
        <SellerNotice
          tone="ok"
          title={t('miniPrograms.seller.done.title')}
          body={t('miniPrograms.seller.done.body', names)}
          extra={<p className="text-muted-foreground">{t('miniPrograms.seller.appId', { appId: result.appId })}</p>}
        />
      </SellerFrame>
    );
  }
  const [title, body] = failure[result.reason];
  return (
    <SellerFrame t={t} locale={locale}>
      <SellerNotice tone="bad" title={t(title)} body={t(body, names)} />
    </SellerFrame>
  );
}
