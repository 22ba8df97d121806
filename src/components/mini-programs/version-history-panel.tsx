'use client';

import Link from 'next/link';
import { useEffect } from 'react';
import { useI18n } from '@/i18n/i18n-provider';
import { api, type RouterOutputs } from '@/trpc/react';
import type { Provider } from '@/domain/providers';
import { ErrorMessage } from '@/components/ui/error-message';
import type { MessageKey } from '@/i18n/messages/en';

type History = RouterOutputs['miniPrograms']['versionHistory'];
type HistoryEvent = History['events'][number];

const eventKey = (e: HistoryEvent): MessageKey =>
  e.kind === 'rolled_back' && !e.liveAgain
    ? 'miniPrograms.history.event.rolledBackUnknown'
    : `miniPrograms.history.event.${e.kind}`;

/**
 * The mini program's 体验版 / 审核版 / 线上版 now, and every change over time, from our own records (commits,
 * audits and their decisions, releases, rollbacks), each linked to the rollout that shipped it.
 */
export function VersionHistoryPanel(props: {
  platformId: string;
  platform: Provider;
  appId: string;
  /** When the pipeline's own records were last read: a commit, audit or release there is read here too. */
  changedAt: number;
}) {
  const { platformId, platform, appId, changedAt } = props;
  const { t, format } = useI18n();
  const history = api.miniPrograms.versionHistory.useQuery({ platformId, platform, authorizerAppId: appId });
  const { refetch } = history;
  useEffect(() => {
    if (changedAt) void refetch();
  }, [changedAt, refetch]);
  const h = history.data;
  const now: { label: MessageKey; value: string | undefined; testId: string }[] = [
    { label: 'miniPrograms.history.trial', value: h?.trial?.userVersion, testId: 'history-trial' },
    {
      label: 'miniPrograms.history.audit',
      value: h?.audit ? `${h.audit.userVersion} · ${t(`miniPrograms.history.status.${h.audit.status}`)}` : undefined,
      testId: 'history-audit',
    },
    { label: 'miniPrograms.history.live', value: h?.live?.userVersion, testId: 'history-live' },
  ];
  return (
    <section
      className="mb-4 grid gap-3 rounded-lg border bg-card p-4 sm:p-5 [&_h2]:m-0"
      aria-labelledby="history-heading"
    >
      <h2 id="history-heading">{t('miniPrograms.history.heading')}</h2>
      <p className="m-0 text-sm text-muted-foreground">{t('miniPrograms.history.intro')}</p>
      <ErrorMessage error={history.error} />
      {history.isLoading && <p>{t('common.loading')}</p>}
      {h && (
        <>
          <dl className="m-0 grid grid-cols-[max-content_minmax(0,1fr)] gap-x-4 gap-y-1 [&_dd]:m-0 [&_dt]:text-muted-foreground">
            {now.map((n) => (
              <div key={n.testId} className="contents" data-testid={n.testId}>
                <dt>{t(n.label)}</dt>
                <dd>{n.value ?? t('miniPrograms.history.none')}</dd>
              </div>
            ))}
          </dl>
          {h.events.length === 0 ? (
            <p className="m-0 text-muted-foreground">{t('miniPrograms.history.empty')}</p>
          ) : (
            <>
              <h3 className="m-0 text-sm">{t('miniPrograms.history.events')}</h3>
              <ol className="m-0 grid list-none gap-1.5 p-0 text-sm" data-testid="history-events">
                {h.events.map((e) => (
                  <li
                    key={`${e.kind}:${e.auditId ?? ''}:${e.userVersion}:${e.at}`}
                    className="grid gap-x-3 sm:grid-cols-[11rem_1fr]"
                  >
                    <time dateTime={e.at} className="text-muted-foreground tabular-nums">
                      {format.dateTime(e.at)}
                    </time>
                    <span>
                      {t(eventKey(e), { version: e.userVersion, previous: e.liveAgain ?? '' })}
                      {e.reason && <span className="text-muted-foreground"> — {e.reason}</span>}
                      {e.rolloutId && (
                        <>
                          {' · '}
                          <Link
                            href={`/platforms/${platformId}/mini-programs/rollouts/${encodeURIComponent(e.rolloutId)}?platform=${platform}`}
                          >
                            {t('miniPrograms.history.via', { id: e.rolloutId })}
                          </Link>
                        </>
                      )}
                    </span>
                  </li>
                ))}
              </ol>
            </>
          )}
        </>
      )}
    </section>
  );
}
