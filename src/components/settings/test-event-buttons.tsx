'use client';

import { cn } from '@/components/ui/cn';
import { useState } from 'react';
import { useI18n } from '@/i18n/i18n-provider';
import { api } from '@/trpc/react';
import { problemText } from '@/components/ui/error-message';
import { Button } from '@/components/ui/button';

const notifyUrlKeys = ['payments.notify_url', 'miniprogram.audit_notify_url'] as const;
type NotifyUrlKey = (typeof notifyUrlKeys)[number];

/**
 * "Send test event" for each configured notify URL (admins): a signed `test` event goes through the normal delivery
 * path, and the first attempt's outcome is shown once the receiver has answered.
 */
export function TestEventButtons({ platformId }: { platformId: string }) {
  const { t } = useI18n();
  const config = api.platformConfig.get.useQuery({ platformId });
  return (
    <div data-testid="test-events">
      <h3>{t('settings.webhook.test.heading')}</h3>
      {notifyUrlKeys.map((key) => {
        const url = config.data?.[key];
        return typeof url === 'string' && url ? (
          <TestEventRow key={key} platformId={platformId} notifyUrlKey={key} url={url} />
        ) : null;
      })}
      {config.data && notifyUrlKeys.every((key) => !config.data[key]) && (
        <p className="text-muted-foreground">{t('settings.webhook.test.noUrl')}</p>
      )}
    </div>
  );
}

function TestEventRow(props: { platformId: string; notifyUrlKey: NotifyUrlKey; url: string }) {
  const { t } = useI18n();
  const [eventId, setEventId] = useState<string | null>(null);
  const send = api.events.sendTestEvent.useMutation({ onSuccess: (r) => setEventId(r.eventId) });
  const delivery = api.events.listDeliveries.useQuery(
    { platformId: props.platformId, eventId: eventId ?? undefined, limit: 1 },
    {
      enabled: eventId !== null,
      // Until the receiver has answered the first attempt.
      refetchInterval: (query) => ((query.state.data?.data[0]?.attemptCount ?? 0) > 0 ? false : 1000),
    },
  );
  const sent = delivery.data?.data[0];
  const attempt = sent?.attempts[0];
  return (
    <div className="flex flex-wrap items-end gap-3" data-testid={`test-event-${props.notifyUrlKey}`}>
      <span>{t(`settings.config.label.${props.notifyUrlKey}`)}</span>
      <code style={{ overflowWrap: 'anywhere' }}>{props.url}</code>
      <Button
        variant="secondary"
        type="button"
        disabled={send.isPending}
        onClick={() => {
          setEventId(null);
          send.mutate({ platformId: props.platformId, notifyUrlKey: props.notifyUrlKey });
        }}
      >
        {t('settings.webhook.test.send')}
      </Button>
      {eventId && (
        <p
          role="status"
          className={cn(
            'm-0 w-fit rounded-md px-2 py-1 text-sm',
            !attempt
              ? 'text-muted-foreground'
              : attempt.error
                ? 'bg-warning-soft text-warning'
                : 'bg-success-soft text-success',
          )}
        >
          {!attempt
            ? t('settings.webhook.test.sending')
            : attempt.error
              ? t('settings.webhook.test.failed', { error: attempt.error })
              : t('settings.webhook.test.delivered', {
                  status: String(attempt.statusCode),
                  ms: String(attempt.durationMs),
                })}
        </p>
      )}
      {send.error && (
        <p role="alert" className="text-destructive">
          {problemText(t, send.error)}
        </p>
      )}
    </div>
  );
}
