'use client';

import { cn } from '@/components/ui/cn';
import { useState } from 'react';
import { useI18n } from '@/i18n/i18n-provider';
import { api } from '@/trpc/react';
import { problemText } from '@/components/ui/error-message';
import { OneTimeSecret } from './one-time-secret';
import { TestEventButtons } from './test-event-buttons';
import { Button } from '@/components/ui/button';

/**
 * The webhook signing secret (admins): reveal it to copy into the receiver, or rotate it. During a rotation
 * every delivery carries two `v1=` signatures, so the receiver keeps verifying while it switches secrets.
 */
export function WebhookSecretPanel({ platformId }: { platformId: string }) {
  const { t, format } = useI18n();
  const [shown, setShown] = useState<{ secret: string; rotating: boolean; rotatedAt?: string } | null>(null);
  const [confirming, setConfirming] = useState(false);
  const reveal = api.events.revealWebhookSecret.useMutation({
    onSuccess: (r) => setShown({ secret: r.webhookSecret, rotating: r.rotating }),
  });
  const rotate = api.events.rotateWebhookSecret.useMutation({
    onSuccess: (r) => {
      setConfirming(false);
      setShown({ secret: r.webhookSecret, rotating: true, rotatedAt: r.rotatedAt });
    },
  });
  const failure = reveal.error ?? rotate.error;
  return (
    <section
      className="mb-4 grid gap-3 rounded-lg border bg-card p-4 sm:p-5 [&_h2]:m-0"
      aria-labelledby="webhook-secret-heading"
      id="webhook-secret"
    >
      <h2 id="webhook-secret-heading">{t('settings.webhook.heading')}</h2>
      <p className="text-muted-foreground">{t('settings.webhook.intro')}</p>
      {shown && (
        <>
          <OneTimeSecret
            title={shown.rotatedAt ? t('settings.webhook.newSecret') : t('settings.webhook.currentSecret')}
            hint={t('settings.webhook.keepPrivate')}
            value={shown.secret}
            testId="webhook-secret"
            onDone={() => setShown(null)}
          />
          <p
            role="status"
            data-testid="webhook-rotation"
            className={cn(
              'm-0 w-fit rounded-md px-2 py-1 text-sm',
              shown.rotating ? 'bg-warning-soft text-warning' : 'bg-success-soft text-success',
            )}
          >
            {shown.rotating ? t('settings.webhook.bothSign') : t('settings.webhook.oneSigns')}
          </p>
          {shown.rotatedAt && (
            <p className="text-muted-foreground">
              {t('settings.webhook.rotatedAt', { at: format.dateTime(shown.rotatedAt) })}
            </p>
          )}
        </>
      )}
      <div className="flex flex-wrap items-end gap-3">
        <Button
          variant="secondary"
          type="button"
          disabled={reveal.isPending}
          onClick={() => reveal.mutate({ platformId })}
        >
          {t('settings.webhook.reveal')}
        </Button>
        {!confirming ? (
          <Button variant="dangerOutline" type="button" onClick={() => setConfirming(true)}>
            {t('settings.webhook.rotate')}
          </Button>
        ) : (
          <div role="group" aria-labelledby="rotate-confirm-text" className="flex flex-wrap items-end gap-3">
            <p id="rotate-confirm-text">{t('settings.webhook.rotateConfirmText')}</p>
            <Button
              variant="dangerOutline"
              type="button"
              disabled={rotate.isPending}
              onClick={() => rotate.mutate({ platformId })}
            >
              {t('settings.webhook.rotateConfirm')}
            </Button>
            <Button variant="secondary" type="button" onClick={() => setConfirming(false)}>
              {t('common.cancel')}
            </Button>
          </div>
        )}
      </div>
      {failure && (
        <p role="alert" className="text-destructive">
          {problemText(t, failure)}
        </p>
      )}
      <TestEventButtons platformId={platformId} />
    </section>
  );
}
