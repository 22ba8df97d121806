'use client';

import { useState, type FormEvent } from 'react';
import { useI18n } from '@/i18n/i18n-provider';
import { api } from '@/trpc/react';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { toast } from '@/components/ui/toast';
import { exportHref, type QueueLocation } from './queue-location';
import type { WorkQueueItem } from './work-queue-columns';

/**
 * Above the tabs: one search box (submitted, not per keystroke), "assigned to me", "seller submitted" (waiting for an
 * operator's review), and the CSV export of the view.
 */
export function WorkQueueToolbar(props: {
  platformId: string;
  location: QueueLocation;
  onSearch: (q: string) => void;
  onMine: (mine: boolean) => void;
  onSeller: (seller: boolean) => void;
}) {
  const { t } = useI18n();
  const { platformId, location } = props;
  const [search, setSearch] = useState(location.q);
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    props.onSearch(search.trim());
  };
  return (
    <form role="search" onSubmit={onSubmit} className="flex min-w-0 flex-wrap items-end gap-2">
      <div className="flex min-w-0 flex-1 basis-64 flex-col gap-1">
        <Label htmlFor="queue-search">{t('workQueue.searchLabel')}</Label>
        <Input
          id="queue-search"
          type="search"
          value={search}
          maxLength={128}
          placeholder={t('workQueue.searchPlaceholder')}
          onChange={(event) => setSearch(event.target.value)}
        />
      </div>
      <Button type="submit">{t('workQueue.search')}</Button>
      <div className="flex h-9 items-center gap-2">
        <Checkbox id="queue-mine" checked={location.mine} onCheckedChange={(value) => props.onMine(value === true)} />
        <Label htmlFor="queue-mine">{t('workQueue.assignedToMe')}</Label>
      </div>
      <div className="flex h-9 items-center gap-2">
        <Checkbox
          id="queue-seller"
          checked={location.seller}
          onCheckedChange={(value) => props.onSeller(value === true)}
        />
        <Label htmlFor="queue-seller">{t('workQueue.sellerSubmitted')}</Label>
      </div>
      <Button asChild variant="outline">
        <a href={exportHref(platformId, location)} download>
          {t('workQueue.exportView')}
        </a>
      </Button>
    </form>
  );
}

/** The bar over a selection (operators): refresh from the upstream, assign to me, unassign, export, clear. */
export function WorkQueueBulkActions(props: {
  platformId: string;
  operatorId: string;
  location: QueueLocation;
  selectedIds: string[];
  /** The selected rows of this page (the unassign button shows when one of them has an assignee). */
  selectedItems: WorkQueueItem[];
  /** After a bulk change: the selection is cleared and the queue and its counts re-read. */
  onDone: () => Promise<void>;
  onClear: () => void;
}) {
  const { t } = useI18n();
  const { platformId, operatorId, selectedIds, selectedItems } = props;
  const refresh = api.subMerchantConsole.refreshSelected.useMutation({
    onSuccess: async (result) => {
      toast.success(t('workQueue.refreshed', { refreshed: result.refreshed, failed: result.failed }));
      await props.onDone();
    },
  });
  const assign = api.subMerchantConsole.assign.useMutation({
    onSuccess: async (result) => {
      toast.success(t('workQueue.assigned', { count: result.assigned }));
      await props.onDone();
    },
  });
  return (
    <div
      role="region"
      aria-label={t('workQueue.bulk')}
      className="flex flex-wrap items-center gap-2 rounded-lg border bg-muted/40 p-2"
    >
      <span className="text-sm font-medium">{t('workQueue.selected', { count: selectedIds.length })}</span>
      <Button size="sm" disabled={refresh.isPending} onClick={() => refresh.mutate({ platformId, ids: selectedIds })}>
        {t('workQueue.refreshSelected')}
      </Button>
      <Button
        size="sm"
        variant="secondary"
        disabled={assign.isPending}
        onClick={() => assign.mutate({ platformId, ids: selectedIds, operatorId })}
      >
        {t('workQueue.assignToMe')}
      </Button>
      {selectedItems.some((item) => item.assignee) && (
        <Button
          size="sm"
          variant="ghost"
          disabled={assign.isPending}
          onClick={() => assign.mutate({ platformId, ids: selectedIds, operatorId: null })}
        >
          {t('workQueue.unassign')}
        </Button>
      )}
      <Button asChild size="sm" variant="outline">
        <a href={exportHref(platformId, props.location, selectedIds)} download>
          {t('workQueue.exportSelected')}
        </a>
      </Button>
      <Button size="sm" variant="ghost" onClick={props.onClear}>
        {t('workQueue.clearSelection')}
      </Button>
    </div>
  );
}
