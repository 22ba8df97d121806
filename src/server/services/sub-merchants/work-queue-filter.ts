// Not a use case: the WHERE clause the work queue's page, counts and export share, so the three always agree on
// what "the current view" is.
import { and, eq, ilike, inArray, isNotNull, or, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { workQueueView } from '@/schemas/work-queue-requests';
import { subMerchants } from '@/server/db/schema';
import type { PlatformContext } from '../context';
import { licenceSearchKey } from './licence-search-key';

type View = z.infer<typeof workQueueView>;

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * A licence number, an upstream id or one of ours (no spaces, 10+ letters/digits/-/_ of which 6+ digits) is
 * looked up exactly only: no business name reads like that, and a trigram search for a long run of digits walks
 * most of the index (69 ms of the 76 ms a licence search took at 100,000 records, docs/benchmarks.md).
 */
const looksLikeIdentifier = (q: string) => /^[\w-]{10,}$/.test(q) && (q.match(/\d/g)?.length ?? 0) >= 6;

/**
 * What one search box finds: the licence name or the short name (商户简称) by substring (trigram index), and by exact value the licence number (through
 * its keyed search key: the plain number is never in a searchable column), the distributor id, the upstream's
 * applyment id, the sub-merchant id it assigned (WeChat sub_mchid / Alipay smid) and our own id.
 */
export function searchCondition(q: string): SQL {
  const conditions = [
    ...(looksLikeIdentifier(q) ? [] : [ilike(subMerchants.searchNames, `%${escapeLike(q)}%`)]),
    eq(subMerchants.distributorExternalUserId, q),
    eq(subMerchants.chApplymentId, q),
    eq(subMerchants.chSubMchid, q),
    eq(subMerchants.id, q),
  ];
  const licence = licenceSearchKey(q);
  if (licence) conditions.push(eq(subMerchants.licenceNumberHmac, licence));
  return or(...conditions)!;
}

/** The platform's records in the view, every tab included (the counts group by tab). */
export function viewConditions(ctx: PlatformContext & { operatorId?: string }, view: Omit<View, 'tab'>): SQL[] {
  const conditions: SQL[] = [eq(subMerchants.platformId, ctx.platformId)];
  if (view.q) conditions.push(searchCondition(view.q));
  if (view.provider) conditions.push(eq(subMerchants.provider, view.provider));
  if (view.ids) conditions.push(inArray(subMerchants.id, view.ids));
  if (view.sellerSubmitted) conditions.push(isNotNull(subMerchants.reviewRequestedAt));
  if (view.assignedToMe) {
    // Nobody is signed in for an API key: "assigned to me" then matches nothing rather than everything.
    conditions.push(ctx.operatorId ? eq(subMerchants.assigneeOperatorId, ctx.operatorId) : sql`false`);
  }
  return conditions;
}

export const tabCondition = (tab: View['tab']): SQL | undefined =>
  tab === 'all' ? undefined : eq(subMerchants.queue, tab);

export const viewWhere = (ctx: PlatformContext & { operatorId?: string }, view: View) =>
  and(...viewConditions(ctx, view), tabCondition(view.tab));
