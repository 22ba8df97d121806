import { inArray } from 'drizzle-orm';
import { z } from 'zod';
import type { MessageKey } from '@/i18n/messages/en';
import type { Locale } from '@/i18n/locales';
import { statusLabels } from '@/i18n/status-labels';
import { translator } from '@/i18n/translate';
import { maskFormData } from '@/schemas/form-data';
import { formDataFields } from '@/schemas/form-data/fields';
import type { workQueueExportQuery } from '@/schemas/work-queue-requests';
import { subMerchants } from '@/server/db/schema';
import type { PlatformContext } from '../context';
import { listWorkQueue, type WorkQueueItem } from './list-work-queue';
import { revealFormData } from './sub-merchant-dto';

// The header row, in the operator's language (one catalog key a column, in the order toLine writes them).
const columns = [
  'workQueue.csv.id',
  'workQueue.csv.name',
  'workQueue.csv.distributor',
  'workQueue.csv.provider',
  'workQueue.csv.status',
  'workQueue.csv.state',
  'workQueue.csv.stateMessage',
  'workQueue.csv.missing',
  'workQueue.csv.rejectReason',
  'workQueue.csv.contactName',
  'workQueue.csv.contactMobile',
  'workQueue.csv.assignee',
  'workQueue.csv.applymentId',
  'workQueue.csv.subMchid',
  'workQueue.csv.updated',
] as const satisfies readonly MessageKey[];

/**
 * One CSV cell, always quoted (RFC 4180 quoting, whatever separator the spreadsheet guesses: `x;=1+1` stays one
 * text cell in a `;` locale). A cell a spreadsheet would run as a formula (=, +, -, @, tab, CR first) gets a
 * leading apostrophe (OWASP's CSV injection advice): a merchant name is not code.
 */
export function csvCell(value: unknown): string {
  let text = value === undefined || value === null ? '' : String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return `"${text.replace(/"/g, '""')}"`;
}

const csvLine = (cells: unknown[]) => `${cells.map(csvCell).join(',')}\r\n`;

/** The language and zone the export speaks: the operator's, or English and UTC for an API key. */
export type ExportAudience = { locale: Locale; timeZone: string };

// "2026-11-28 09:05:21": a local time a spreadsheet reads as one; the header names the zone.
const localTime = (timeZone: string) =>
  new Intl.DateTimeFormat('sv-SE', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  });

/** The day it is now in `timeZone` (YYYY-MM-DD), for the file's name. */
export const exportDay = (timeZone: string, now = new Date()) => localTime(timeZone).format(now).slice(0, 10);

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

function lineWriter({ locale, timeZone }: ExportAudience) {
  const labels = statusLabels(translator(locale));
  const time = localTime(timeZone);
  const field = (name: string) =>
    (formDataFields as Record<string, { label: Record<Locale, string> } | undefined>)[name]?.label[locale] ?? name;
  return (item: WorkQueueItem, contact: Record<string, unknown> | undefined) =>
    csvLine([
      item.id,
      item.name,
      item.distributorExternalUserId,
      labels.provider(item.provider),
      labels.status(item.status),
      labels.state(item.chApplymentState ?? undefined),
      item.chApplymentStateMsg,
      item.missing?.first.map(field).join(locale === 'zh-CN' ? '、' : ', ') ?? '',
      item.rejection?.first?.reason,
      contact?.contactName,
      contact?.contactMobile,
      item.assignee?.name,
      item.chApplymentId,
      item.chSubMchid,
      time.format(new Date(item.updatedAt)),
    ]);
}

/**
 * The current view of the work queue (tab, search, filters, sort) or a selection of it, as CSV lines in the
 * audience's language (headers, provider, status, state and field labels from the catalogs) and time zone, produced
 * page by page (keyset, 100 rows at a time) so 100,000 records stream without being held in memory. Personal
 * fields appear masked, as in every response; nothing else personal is in a work-queue row.
 */
export async function* exportWorkQueue(
  ctx: PlatformContext & { operatorId?: string },
  query: z.infer<typeof workQueueExportQuery>,
  audience: ExportAudience = { locale: 'en', timeZone: 'UTC' },
): AsyncGenerator<string> {
  const t = translator(audience.locale);
  const toLine = lineWriter(audience);
  yield `\uFEFF${csvLine(columns.map((key) => t(key, { zone: audience.timeZone })))}`; // the BOM makes spreadsheet apps read the Chinese names as UTF-8
  const view = {
    tab: query.ids ? ('all' as const) : query.tab,
    q: query.q,
    provider: query.provider,
    assignedToMe: query.mine === '1' || undefined,
    sellerSubmitted: query.seller === '1' || undefined,
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
