'use client';

import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { useI18n } from '@/i18n/i18n-provider';
import type { MessageKey } from '@/i18n/messages/en';
import { api } from '@/trpc/react';
import { DataTable } from './data-table';
import { errorText } from './error-text';

/**
 * Settings → Upstream connections (admins): runs the doctor checks and shows, per upstream, what the call
 * proved or the variable to fix. Nothing secret is shown: variable names, serials and the upstream's answer.
 */
export function UpstreamConnectionsPanel({ platformId }: { platformId: string }) {
  const { t } = useI18n();
  const check = api.upstreamConnections.check.useMutation();
  const report = check.data;
  return (
    <Card aria-labelledby="upstreams-heading" id="upstreams">
      <h2 id="upstreams-heading" className="m-0">
        {t('settings.doctor.heading')}
      </h2>
      <p className="m-0 text-muted-foreground">{t('settings.doctor.intro')}</p>
      <div className="flex flex-wrap items-end gap-3">
        <Button type="button" disabled={check.isPending} onClick={() => check.mutate({ platformId })}>
          {check.isPending ? t('settings.doctor.running') : t('settings.doctor.run')}
        </Button>
      </div>
      {check.error && (
        <p role="alert" className="m-0 text-destructive">
          {errorText(t, check.error)}
        </p>
      )}
      {report && (
        <>
          <p role="status" className="m-0">
            {t('settings.doctor.mode', { mode: report.upstreamMode })}
          </p>
          <DataTable
            labelledBy="upstreams-heading"
            columns={[t('settings.doctor.upstream'), t('settings.doctor.result')]}
            spaced
          >
            {report.checks.map((c) => (
              <tr key={c.upstream} data-testid={`upstream-${c.upstream}`}>
                <th scope="row">{t(`settings.doctor.${c.upstream}` as MessageKey)}</th>
                <td>
                  <Badge variant={c.ok ? 'success' : 'warning'}>
                    {c.ok ? t('settings.doctor.ok') : t('settings.doctor.failed')}
                  </Badge>{' '}
                  {c.detail}
                  <br />
                  <span className="text-muted-foreground">{t('settings.doctor.call', { call: c.call })}</span>
                  {!c.ok && c.variable && (
                    <>
                      <br />
                      <strong>{t('settings.doctor.fix', { variable: c.variable, fix: c.fix ?? '' })}</strong>
                    </>
                  )}
                </td>
              </tr>
            ))}
          </DataTable>
        </>
      )}
    </Card>
  );
}
