// No zod here: the work queue's browser code reads these lists, and zod would ride along into its bundle.

/**
 * The console's work queue: where each record stands from the operator's point of view. The database computes
 * a record's tab (the generated column `sub_merchants.queue`) from our status and the upstream state:
 * - `action` 需要处理: the operator has to act — a draft (never submitted, complete or not), or an application
 *   the upstream rejected or canceled (both editable again, src/domain/sub-merchant-states.ts `editable`);
 * - `merchant` 等待商户: the upstream waits for the merchant (to_be_confirmed, to_be_signed);
 * - `review` 审核中: the upstream reviews (submitted, auditing, signing);
 * - `active` 已开通: onboarding finished (status active, upstream finished);
 * - `suspended` 已暂停: the platform suspended the record; nothing is due until someone resumes it, so it has its
 *   own tab rather than crowding 需要处理 (and is in 全部 too).
 */
export const workQueueTabs = ['action', 'merchant', 'review', 'active', 'suspended'] as const;
export type WorkQueueTab = (typeof workQueueTabs)[number];

/** The tabs the console shows, `all` included. */
export const workQueueViews = ['action', 'merchant', 'review', 'active', 'suspended', 'all'] as const;
export type WorkQueueView = (typeof workQueueViews)[number];

export const workQueueSorts = ['updated', 'name', 'state'] as const;
export type WorkQueueSort = (typeof workQueueSorts)[number];
