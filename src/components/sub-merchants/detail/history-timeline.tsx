'use client';

import { Card } from '@/components/ui/card';
import { useI18n } from '@/i18n/i18n-provider';
import type { MessageKey } from '@/i18n/messages/en';
import type { HistoryEntry } from '../record-types';
import { useSubMerchantLabels } from '../use-sub-merchant-labels';
import { upstreamMessageWorthShowing } from '../upstream-message';

const actionKeys: Record<string, MessageKey> = {
  created: 'subMerchants.history.created',
  updated: 'subMerchants.history.updated',
  submitted: 'subMerchants.history.submitted',
  upstream_status: 'subMerchants.history.upstream_status',
  upstream_rejected: 'subMerchants.history.upstream_rejected',
  assigned: 'workQueue.history.assigned',
  seller_submitted: 'subMerchants.history.seller_submitted',
  seller_uploaded: 'subMerchants.history.seller_uploaded',
};

const attrKeys: Record<string, MessageKey> = {
  status: 'subMerchants.col.status',
  chApplymentState: 'subMerchants.col.upstreamState',
  chApplymentId: 'subMerchants.attr.chApplymentId',
  chSubMchid: 'subMerchants.attr.chSubMchid',
  commissionRate: 'subMerchants.attr.commissionRate',
  signUrl: 'subMerchants.attr.signUrl',
  reviewRound: 'subMerchants.attr.reviewRound',
  rejectReasons: 'subMerchants.attr.rejectReasons',
  chApplymentStateMsg: 'subMerchants.attr.stateMsg',
  formData: 'subMerchants.detail.formData',
  reviewRequestedAt: 'subMerchants.attr.reviewRequestedAt',
  assignee: 'workQueue.history.assignee',
};

/** The record's history, newest first: what changed, from → to, by whom. formData changes name fields only. */
export function HistoryTimeline({ entries }: { entries: HistoryEntry[] }) {
  const { t, format, locale } = useI18n();
  const labels = useSubMerchantLabels();
  // Who, by name: the operator's display name or the API key's name the server resolved; else what acted.
  const actor = (entry: HistoryEntry) => {
    if (entry.actorKind === 'operator' || entry.actorKind === 'apikey') {
      return entry.actorName
        ? t(`workQueue.actor.${entry.actorKind}`, { name: entry.actorName })
        : t(`workQueue.actor.${entry.actorKind}Unknown`);
    }
    return t(`workQueue.actor.${entry.actorKind}`);
  };
  const describe = (field: string, value: unknown): string => {
    if (value === null || value === undefined || value === '') return '—';
    if (field === 'status') return labels.status(String(value));
    if (field === 'chApplymentState') return labels.state(String(value));
    // The earlier message too: an English service sentence is no line for a Chinese console.
    if (field === 'chApplymentStateMsg') return upstreamMessageWorthShowing(String(value), '', locale) ?? '—';
    if (field === 'assignee' && typeof value === 'object')
      return (value as { name?: string }).name ?? t('workQueue.actor.operatorUnknown');
    if (field === 'commissionRate' && !Number.isNaN(Number(value))) return `${format.number(Number(value))}%`;
    if (field === 'formData' && typeof value === 'object' && Array.isArray((value as { fields?: unknown }).fields)) {
      return (value as { fields: string[] }).fields.map(labels.field).join('、');
    }
    return typeof value === 'object' ? JSON.stringify(value) : String(value);
  };
  // The reasons themselves (a count changing from 0 to 1 says nothing); none left once a new round cleared them.
  const rejectReasonsText = (value: unknown): string => {
    const reasons = Array.isArray(value) ? (value as { field?: string; reason?: string }[]) : [];
    if (reasons.length === 0) return t('subMerchants.history.rejectReasonsCleared');
    return reasons
      .map((r) =>
        r.field ? t('subMerchants.history.change', { field: labels.field(r.field), value: r.reason ?? '' }) : r.reason,
      )
      .join(t('subMerchants.history.listSeparator'));
  };
  return (
    <Card aria-labelledby="history-heading">
      <h2 id="history-heading" className="m-0">
        {t('subMerchants.detail.history')}
      </h2>
      <ol className="m-0 list-none border-l-2 pl-4" data-testid="timeline">
        {[...entries].reverse().map((entry) => (
          <li
            key={entry.id}
            className="relative pb-3.5 pl-2 before:absolute before:top-1.5 before:-left-[1.42rem] before:size-2.5 before:rounded-full before:bg-accent-foreground/40"
          >
            <div className="flex flex-wrap items-baseline gap-x-3 gap-y-1">
              <strong>
                {actionKeys[entry.action] ? t(actionKeys[entry.action]!) : entry.action}
                {entry.saves > 1 && (
                  <span className="font-normal" data-testid="history-saves">
                    {t('subMerchants.history.draftSaves', {
                      count: entry.saves,
                      since: format.dateTime(entry.firstAt),
                    })}
                  </span>
                )}
              </strong>
              <span className="text-muted-foreground">
                <span data-testid="history-actor">{actor(entry)}</span> ·{' '}
                <time dateTime={entry.createdAt}>{format.dateTimeWithZone(entry.createdAt)}</time>
              </span>
            </div>
            {entry.reason && (
              <p className="mt-1 mb-0 text-sm">{t('workQueue.history.reason', { reason: entry.reason })}</p>
            )}
            <ul className="mt-1 mb-0 pl-4.5 text-sm break-all text-muted-foreground">
              {Object.entries(entry.changes)
                // A status message that says nothing in the operator's language beyond the state (upstream-message.ts),
                // or a reviewer's raw text whose reasons this entry already lists under the fields' labels.
                .filter(
                  ([field, change]) =>
                    field !== 'chApplymentStateMsg' ||
                    upstreamMessageWorthShowing(
                      typeof change.to === 'string' ? change.to : null,
                      '',
                      locale,
                      entry.changes.rejectReasons ? 1 : 0,
                    ) !== null,
                )
                .map(([field, change]) => (
                  <li key={field}>
                    {t('subMerchants.history.change', {
                      field: attrKeys[field] ? t(attrKeys[field]!) : field,
                      value:
                        field === 'formData'
                          ? describe(field, change.to)
                          : field === 'rejectReasons'
                            ? rejectReasonsText(change.to)
                            : `${describe(field, change.from)} → ${describe(field, change.to)}`,
                    })}
                  </li>
                ))}
            </ul>
          </li>
        ))}
      </ol>
    </Card>
  );
}
