'use client';

import dynamic from 'next/dynamic';
import { Badge } from '@/components/ui/badge';
import Link from 'next/link';
import { Fragment, useState } from 'react';
import { useI18n } from '@/i18n/i18n-provider';
import type { MessageKey } from '@/i18n/messages/en';
import { api } from '@/trpc/react';
import { errorText } from './error-text';
import { DataTable } from './data-table';
import { Button } from '@/components/ui/button';

// Opened by "Reject…" only: the form (and the form library) loads then, not with the sandbox page.
const SandboxRejectForm = dynamic(() => import('./sandbox-reject-form').then((m) => m.SandboxRejectForm));

const moves = ['auditing', 'to_be_confirmed', 'to_be_signed', 'finished'] as const;
type Move = (typeof moves)[number] | 'rejected';
const stateKey = (state: string) => `settings.state.${state}` as MessageKey;
// Alipay opens a new order per review round: a decided order does not move any more (the sandbox says 409).
const settled = (a: { provider: string; state: string }) =>
  a.provider === 'providerB' && ['finished', 'rejected', 'canceled'].includes(a.state);

/** The sandbox upstream's applications of this platform, with the reviewer's and the merchant's moves. */
export function SandboxApplymentsPanel({ platformId }: { platformId: string }) {
  const { t, format } = useI18n();
  const utils = api.useUtils();
  const list = api.consoleAdmin.sandbox.applyments.useQuery({ platformId }, { refetchInterval: 5_000 });
  const [rejecting, setRejecting] = useState<string | null>(null);
  const move = api.consoleAdmin.sandbox.moveApplyment.useMutation({
    onSuccess: () => {
      setRejecting(null);
      void utils.consoleAdmin.sandbox.applyments.invalidate();
      void utils.subMerchants.invalidate();
    },
  });
  const send = (
    a: { provider: 'providerA' | 'providerB'; applymentId: string },
    state: Move,
    rejectReasons?: { field: string; reason: string }[],
  ) =>
    move.mutate({
      platformId,
      provider: a.provider,
      applymentId: a.applymentId,
      state,
      ...(rejectReasons ? { rejectReasons } : {}),
    });
  const rows = list.data?.data ?? [];
  return (
    <section
      className="mb-4 grid gap-3 rounded-lg border bg-card p-4 sm:p-5 [&_h2]:m-0"
      aria-labelledby="sandbox-applyments-heading"
    >
      <h2 id="sandbox-applyments-heading">{t('settings.sandbox.applyments')}</h2>
      <p className="text-muted-foreground">{t('settings.sandbox.applymentsIntro')}</p>
      {(list.error || move.error) && (
        <p role="alert" className="text-destructive">
          {errorText(t, list.error ?? move.error)}
        </p>
      )}
      {list.data && rows.length === 0 && <p>{t('settings.sandbox.noApplyments')}</p>}
      {rows.length > 0 && (
        <DataTable
          labelledBy="sandbox-applyments-heading"
          columns={[
            t('settings.sandbox.record'),
            t('settings.col.provider'),
            t('settings.sandbox.state'),
            t('settings.sandbox.moveTo'),
          ]}
        >
          {rows.map((a) => {
            const key = `${a.provider}-${a.applymentId}`;
            const label = a.distributorExternalUserId ?? a.subMerchantId;
            return (
              <Fragment key={key}>
                <tr data-testid={`applyment-${a.subMerchantId}`}>
                  <td>
                    <Link href={`/platforms/${platformId}/sub-merchants/${a.subMerchantId}`}>{label}</Link>
                    <br />
                    <small className="text-muted-foreground">
                      <code>{a.applymentId}</code> · {format.dateTime(a.updatedAt)}
                    </small>
                  </td>
                  <td>{t(`settings.paymentsProvider.${a.provider}`)}</td>
                  <td>
                    <Badge
                      data-testid="applyment-state"
                      variant={a.state === 'finished' ? 'success' : a.state === 'rejected' ? 'default' : 'warning'}
                    >
                      {t(stateKey(a.state))}
                    </Badge>
                    {a.subMchid && (
                      <small className="mt-1 block text-sm">
                        {t('settings.sandbox.subMchid')}: <code>{a.subMchid}</code>
                      </small>
                    )}
                    {a.rejectReasons.map((r, i) => (
                      <small key={i} className="mt-1 block text-sm text-destructive">
                        {r.field}: {r.reason}
                      </small>
                    ))}
                  </td>
                  <td>
                    <div
                      className="flex flex-wrap gap-2"
                      role="group"
                      aria-label={t('settings.sandbox.movesFor', { record: label })}
                    >
                      {moves.map((state) => (
                        <Button
                          variant="secondary"
                          key={state}
                          type="button"
                          disabled={move.isPending || a.state === state || settled(a)}
                          onClick={() => send(a, state)}
                        >
                          {t(stateKey(state))}
                        </Button>
                      ))}
                      <Button
                        variant="dangerOutline"
                        type="button"
                        disabled={move.isPending || settled(a)}
                        aria-expanded={rejecting === key}
                        onClick={() => setRejecting(rejecting === key ? null : key)}
                      >
                        {t('settings.sandbox.reject')}
                      </Button>
                    </div>
                  </td>
                </tr>
                {rejecting === key && (
                  <tr>
                    <td colSpan={4}>
                      <SandboxRejectForm
                        busy={move.isPending}
                        onCancel={() => setRejecting(null)}
                        onReject={(field, reason) => send(a, 'rejected', [{ field, reason }])}
                      />
                    </td>
                  </tr>
                )}
              </Fragment>
            );
          })}
        </DataTable>
      )}
    </section>
  );
}
