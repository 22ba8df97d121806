'use client';

import Link from 'next/link';
import { useI18n } from '@/i18n/i18n-provider';
import { useMembership } from '@/components/membership';
import { api } from '@/trpc/react';
import { CommitForm } from './commit-form';
import { ExperiencePanel } from './experience-panel';
import { MembersPanel } from './members-panel';
import { PipelineStages } from './pipeline-stages';
import { pipelineState } from './pipeline-state';
import { providerLabel } from './provider-label';
import { isProvider, type Provider } from '@/domain/providers';
import { ReleasePanel } from './release-panel';
import { RemoveAuthorizerPanel } from './remove-authorizer-panel';
import { SubmitAuditForm } from './submit-audit-form';
import { ErrorMessage } from '@/components/ui/error-message';
import { useAuditFollow } from './use-audit-follow';
import { VersionHistoryPanel } from './version-history-panel';
import { VersionsPanel } from './versions-panel';

const noHistory = { commits: [], audits: [] };

/** One mini program: where it stands in committed → audit → released, and the actions the role allows. */
export function PipelineScreen({ appId, platform: given }: { appId: string; platform?: Provider }) {
  const { t } = useI18n();
  const { platformId, can } = useMembership();
  const authorizer = api.miniPrograms.authorizer.useQuery({ platformId, appId });
  const known = authorizer.data?.platform;
  const platform = given ?? (isProvider(known) ? known : undefined);
  const history = api.sellerAuthorization.authorizerAudits.useQuery(
    { platformId, platform: platform ?? 'providerA', appId },
    { enabled: Boolean(platform), staleTime: 0 },
  );
  const state = pipelineState(history.data ?? noHistory);
  useAuditFollow({ platformId, platform, appId, audit: state.following });
  const a = authorizer.data;
  const target = platform ? { platformId, platform, appId } : undefined;
  return (
    <>
      <p>
        <Link href={`/platforms/${platformId}/mini-programs`}>← {t('miniPrograms.pipeline.back')}</Link>
      </p>
      <h1>{a?.nickname ?? appId}</h1>
      <ErrorMessage error={authorizer.error} />
      {a && (
        <section
          className="mb-4 grid gap-3 rounded-lg border bg-card p-4 sm:p-5 [&_h2]:m-0"
          aria-label={t('miniPrograms.pipeline.summary')}
        >
          <dl className="m-0 grid grid-cols-[max-content_minmax(0,1fr)] gap-x-4 gap-y-1 [&_dd]:m-0 [&_dd]:break-all [&_dt]:text-muted-foreground">
            <dt>{t('miniPrograms.list.col.appId')}</dt>
            <dd>
              <code>{a.appId}</code>
            </dd>
            <dt>{t('miniPrograms.list.col.provider')}</dt>
            <dd>{t(providerLabel(a.platform))}</dd>
            <dt>{t('miniPrograms.list.col.seller')}</dt>
            <dd>{a.tenantId ?? t('miniPrograms.list.noSeller')}</dd>
            {a.principalName && (
              <>
                <dt>{t('miniPrograms.pipeline.principal')}</dt>
                <dd>{a.principalName}</dd>
              </>
            )}
            <dt>{t('miniPrograms.list.col.status')}</dt>
            <dd>
              <span
                className={
                  a.status === 'authorized'
                    ? 'inline-flex w-fit items-center rounded-full px-2 py-0.5 text-xs font-medium bg-success-soft text-success'
                    : 'inline-flex w-fit items-center rounded-full px-2 py-0.5 text-xs font-medium bg-warning-soft text-warning'
                }
              >
                {t(a.status === 'authorized' ? 'miniPrograms.status.authorized' : 'miniPrograms.status.unauthorized')}
              </span>
            </dd>
          </dl>
        </section>
      )}
      <section aria-labelledby="pipeline-heading" className="mb-4">
        <h2 id="pipeline-heading">{t('miniPrograms.pipeline.heading')}</h2>
        <ErrorMessage error={history.error} />
        {history.data && <PipelineStages state={state} />}
      </section>
      {!can('operator') && <p className="text-muted-foreground">{t('miniPrograms.viewerNote')}</p>}
      {target && a && can('operator') && (
        <>
          <CommitForm {...target} tenantId={a.tenantId} />
          <SubmitAuditForm {...target} hasCommit={Boolean(state.commit)} />
        </>
      )}
      {target && (
        <>
          <ReleasePanel
            {...target}
            name={a?.nickname ?? appId}
            approvedVersion={state.canRelease ? state.audit?.userVersion : undefined}
            liveVersion={state.released?.userVersion}
            previousVersion={state.previousRelease?.userVersion}
          />
          {can('operator') && <ExperiencePanel {...target} />}
          {can('operator') && <MembersPanel {...target} />}
          <VersionHistoryPanel {...target} changedAt={history.dataUpdatedAt} />
          <VersionsPanel {...target} />
          {can('admin') && <RemoveAuthorizerPanel platformId={platformId} appId={appId} />}
        </>
      )}
    </>
  );
}
