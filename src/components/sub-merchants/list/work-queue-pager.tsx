'use client';

import { useI18n } from '@/i18n/i18n-provider';
import { Button } from '@/components/ui/button';

/**
 * Keyset pages of the work queue: the address holds the cursors walked so far (`after`), so "previous" drops the
 * last one and "first" drops them all; "next" appends the page's next cursor while there is one.
 */
export function WorkQueuePager(props: {
  after: string[];
  nextCursor: string | null | undefined;
  onGo: (after: string[]) => void;
}) {
  const { t } = useI18n();
  const { after, nextCursor, onGo } = props;
  return (
    <nav aria-label={t('subMerchants.list.pages')} className="flex flex-wrap gap-2">
      {after.length > 0 && (
        <>
          <Button variant="outline" size="sm" onClick={() => onGo([])}>
            {t('workQueue.first')}
          </Button>
          <Button variant="outline" size="sm" onClick={() => onGo(after.slice(0, -1))}>
            {t('workQueue.previous')}
          </Button>
        </>
      )}
      {nextCursor && (
        <Button variant="outline" size="sm" onClick={() => onGo([...after, nextCursor])}>
          {t('workQueue.next')}
        </Button>
      )}
    </nav>
  );
}
