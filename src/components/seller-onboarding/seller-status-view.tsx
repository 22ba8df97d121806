'use client';

import { useState } from 'react';
import { QrImage } from '@/components/ui/qr-image';
import { stepOfField } from '@/components/sub-merchants/wizard/steps';
import { sellerFieldLabel } from '@/schemas/form-data/seller-labels';
import { isFormDataField } from '@/schemas/form-data/fields';
import { useI18n } from '@/i18n/i18n-provider';
import type { MessageKey } from '@/i18n/messages/en';
import type { SellerApplication } from '@/server/services/onboarding-links/get-seller-application';
import { startSellerAuthorization } from '@/server/seller-actions/start-seller-authorization';
import { sellerCanEdit, sellerPhaseOf, type SellerPhase } from './seller-phase';

const card = 'my-4 rounded-xl border bg-card p-4';
const action =
  'inline-flex min-h-11 items-center justify-center rounded-lg bg-primary px-4 font-medium text-primary-foreground no-underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring';

const phaseKeys: Record<SellerPhase, { title: MessageKey; next: MessageKey }> = {
  draft: { title: 'onboarding.status.draft.title', next: 'onboarding.status.draft.next' },
  review: { title: 'onboarding.status.review.title', next: 'onboarding.status.review.next' },
  upstream: { title: 'onboarding.status.upstream.title', next: 'onboarding.status.upstream.next' },
  confirm: { title: 'onboarding.status.confirm.title', next: 'onboarding.status.confirm.next' },
  sign: { title: 'onboarding.status.sign.title', next: 'onboarding.status.sign.next' },
  finished: { title: 'onboarding.status.finished.title', next: 'onboarding.status.finished.next' },
  rejected: { title: 'onboarding.status.rejected.title', next: 'onboarding.status.rejected.next' },
  canceled: { title: 'onboarding.status.canceled.title', next: 'onboarding.status.canceled.next' },
};

/** The link into the form at the field the upstream refused, focused (the wizard reads step and field). */
const fixHref = (field: string) => {
  const step = stepOfField(field);
  return step ? `/onboard?step=${step}&field=${encodeURIComponent(field)}` : '/onboard';
};

/**
 * The seller's status page: where the application stands and what happens next, in a shop owner's words; the QR
 * code to scan in WeChat or Alipay when the upstream waits for the super administrator; the refused fields with
 * a way back into the form; and the mini-program authorization when the link includes it.
 */
export function SellerStatusView({ application }: { application: SellerApplication }) {
  const { t, locale } = useI18n();
  const { record, authorization, returnUrl } = application;
  const phase = sellerPhaseOf(record);
  const app = t(record.provider === 'providerB' ? 'onboarding.app.providerB' : 'onboarding.app.providerA');
  return (
    <>
      <section className={card} aria-labelledby="status-heading" data-phase={phase}>
        <h1 id="status-heading">{t(phaseKeys[phase].title, { app })}</h1>
        <p>{t(phaseKeys[phase].next, { app })}</p>
        {phase === 'rejected' && record.rejectReasons.length > 0 && (
          <ul className="grid list-none gap-3 p-0" aria-label={t('onboarding.status.reasons')}>
            {record.rejectReasons.map((reason) => (
              <li key={`${reason.field}:${reason.reason}`} className="rounded-lg border border-destructive/40 p-3">
                <p className="m-0 font-semibold">
                  {isFormDataField(reason.field) ? sellerFieldLabel(reason.field, locale) : reason.field}
                </p>
                <p className="my-1">{reason.reason}</p>
                <a className={action} href={fixHref(reason.field)}>
                  {t('onboarding.status.fix')}
                </a>
              </li>
            ))}
          </ul>
        )}
        {(phase === 'confirm' || phase === 'sign') && record.signUrl && (
          <ScanCode url={record.signUrl} who={t('onboarding.status.scanWho', { app })} />
        )}
        {sellerCanEdit(phase) && phase !== 'rejected' && (
          <a className={action} href="/onboard">
            {t(phase === 'draft' ? 'onboarding.status.continue' : 'onboarding.status.edit')}
          </a>
        )}
      </section>
      {authorization && (
        <section className={card} aria-labelledby="authorization-heading" data-authorization={authorization.step}>
          <h2 id="authorization-heading">{t('onboarding.authorization.title')}</h2>
          {authorization.step === 'done' ? (
            <p>{t('onboarding.authorization.done')}</p>
          ) : (
            <AuthorizeButton expired={authorization.step === 'expired'} />
          )}
        </section>
      )}
      {returnUrl && (
        <p>
          <a href={returnUrl}>{t('onboarding.status.return')}</a>
        </p>
      )}
    </>
  );
}

/** The sign/confirm link as a QR code (drawn in the browser) and as a link for a phone that is itself the scanner. */
function ScanCode({ url, who }: { url: string; who: string }) {
  const { t } = useI18n();
  return (
    <div className="grid justify-items-center gap-2 text-center">
      <p className="m-0 font-semibold">{who}</p>
      <QrImage value={url} label={t('onboarding.status.qrAlt')} size={220} testId="sign-qr" />
      <a className="break-all" href={url} target="_blank" rel="noreferrer">
        {t('onboarding.status.openLink')}
      </a>
    </div>
  );
}

/** Starts the mini-program authorization for this seller and opens its page. */
function AuthorizeButton({ expired }: { expired: boolean }) {
  const { t } = useI18n();
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const start = async () => {
    setBusy(true);
    setProblem(null);
    const result = await startSellerAuthorization().catch(() => null);
    if (result?.ok) {
      window.location.assign(result.sellerPageUrl);
      return;
    }
    setBusy(false);
    setProblem(t('onboarding.authorization.failed'));
  };
  return (
    <>
      <p>{t(expired ? 'onboarding.authorization.again' : 'onboarding.authorization.explain')}</p>
      <button type="button" className={action} disabled={busy} onClick={() => void start()}>
        {t('onboarding.authorization.start')}
      </button>
      {problem && (
        <p role="alert" className="text-destructive">
          {problem}
        </p>
      )}
    </>
  );
}
