import { inArray } from 'drizzle-orm';
import { z } from 'zod';
import { maskFormData } from '@/schemas/form-data';
import type { workQueueExportQuery } from '@/schemas/work-queue-requests';
import { subMerchants } from '@/server/db/schema';
import type { PlatformContext } from '../context';
import { listWorkQueue, type WorkQueueItem } from './list-work-queue';
import { revealFormData } from './sub-merchant-dto';

const columns = [
  'id',
  'name',
  'distributorExternalUserId',
  'provider',
  'status',
  'chApplymentState',
  'chApplymentStateMsg',
  'missingFields',
  'rejectReason',
  'contactName',
  'contactMobile',
  'assignee',
  'chApplymentId',
  'chSubMchid',
  'updatedAt',
] as const;

/**
 * One CSV cell (RFC 4180): quoted when it holds a comma, quote or line break. A cell that a spreadsheet would
 * run as a formula (=, +, -, @, tab, CR first) gets a leading apostrophe: a merchant name is not code.
 */
export function csvCell(value: unknown): string {
  let text = value === undefined || value === null ? '' : String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

const csvLine = (cells: unknown[]) => `${cells.map(csvCell).join(',')}\r\n`;

/** The contact person's fields, masked exactly as every API response masks them. */
async function maskedContacts(ctx: PlatformContext, ids: string[]) {
  if (ids.length === 0) return new Map<string, Record<string, unknown>>();
  const rows = await ctx.db
    .select({ id: subMerchants.id, formData: subMerchants.formData })
    .from(subMerchants)
    .where(inArray(subMerchants.id, ids));
  return new Map(
    rows.map((row) => {
      const { contactName, contactMobile } = revealFormData(row);
      return [row.id, maskFormData({ contactName, contactMobile })];
    }),
  );
}

function toLine(item: WorkQueueItem, contact: Record<string, unknown> | undefined) {
  return csvLine([
    item.id,
    item.name,
    item.distributorExternalUserId,
    item.provider,
    item.status,
    item.chApplymentState ?? 'draft',
    item.chApplymentStateMsg,
    item.missing?.first.join(' ') ?? '',
    item.rejection?.first?.reason,
    contact?.contactName,
    contact?.contactMobile,
    item.assignee?.name,
    item.chApplymentId,
    item.chSubMchid,
    item.updatedAt,
  ]);
}

/**
 * The current view of the work queue (tab, search, filters, sort) or a selection of it, as CSV lines, produced
 * page by page (keyset, 100 rows at a time) so 100,000 records stream without being held in memory. Personal
 * fields appear masked, as in every response; nothing else personal is in a work-queue row.
 */
export async function* exportWorkQueue(
  ctx: PlatformContext & { operatorId?: string },
  query: z.infer<typeof workQueueExportQuery>,
): AsyncGenerator<string> {
  yield `\uFEFF${csvLine([...columns])}`; // the BOM makes spreadsheet apps read the Chinese names as UTF-8
  const view = {
    tab: query.ids ? ('all' as const) : query.tab,
    q: query.q,
    provider: query.provider,
    assignedToMe: query.mine === '1' || undefined,
    sort: query.sort,
    direction: query.direction,
    ids: query.ids,
  };
  let cursor: string | undefined;
  do {
    const page = await listWorkQueue(ctx, { ...view, q: query.ids ? undefined : view.q, limit: 100, cursor });
    const contacts = await maskedContacts(
      ctx,
      page.data.map((item) => item.id),
    );
    yield page.data.map((item) => toLine(item, contacts.get(item.id))).join('');
    cursor = page.nextCursor ?? undefined;
  } while (cursor);
}
