import { randomBytes } from 'node:crypto';
import { count, eq } from 'drizzle-orm';
import type { Provider } from '@/domain/providers';
import { reviewUnderWay } from '@/domain/sub-merchant-states';
import { getEnv } from '@/env';
import type { FormData } from '@/schemas/form-data';
import type { Db } from '@/server/db';
import { subMerchantHistory, subMerchants } from '@/server/db/schema';
import { AppError } from '@/server/errors';
import { newId } from '@/server/ids';
import { zftStateMessages } from '@/server/providers/providerB/zft/order-state';
import type { PlatformContext } from '../context';
import { getPlatform } from '../platforms/get-platform';
import { countWorkQueue } from './count-work-queue';
import { nextSyncAt } from './next-sync-at';
import { diffRecords, formDataTouched, trackedFields } from './record-history';
import { sampleRecord } from './sample-merchants';
import { storedFormColumns } from './stored-form-data';
import { submissionId } from './submission-id';

export const seedRecordLimits = { min: 1, max: 200_000 } as const;
const BATCH = 1_000;
const WEEK_S = 7 * 86_400;

/** An application the upstream must hold for a seeded record that was submitted. */
export type SeedApplication = {
  submissionId: string;
  provider: Provider;
  state: string;
  merchantName: string;
  /** formData field names. */
  rejectReasons: { field: string; reason: string }[];
  updatedAt: Date;
};
/** What the upstream then says about it. */
export type SeededApplication = {
  applymentId: string;
  subMchid: string | null;
  signUrl: string | null;
  stateMsg: string | null;
};
/** Stores the applications at the upstream (the sandbox) on the batch's transaction, in order. */
export type SeedUpstream = (tx: Db, applications: SeedApplication[]) => Promise<SeededApplication[]>;

/**
 * Fills a sandbox platform with `records` made-up sub-merchants spread over the work queue's states like a busy
 * platform (sample-merchants.ts), stored as the real write path stores them (sealed formData, licence search
 * key), each submitted one also held by the upstream (`upstream`), so the status sync and refreshes work on
 * them. 1,000 rows per insert, one transaction per batch. A second run adds more: numbering continues after
 * the platform's records and the distributor ids carry a run tag. Refused outside sandbox mode: it would
 * fabricate live merchants.
 */
export async function seedSubMerchants(
  ctx: PlatformContext,
  input: { records: number; upstream: SeedUpstream; onProgress?: (done: number, total: number) => void },
) {
  if (getEnv().UPSTREAM_MODE !== 'sandbox')
    throw new AppError(
      'invalid_request',
      'sandbox seed only runs with UPSTREAM_MODE=sandbox: it makes up merchants, which a live platform must never hold.',
    );
  if (!Number.isInteger(input.records) || input.records < seedRecordLimits.min || input.records > seedRecordLimits.max)
    throw new AppError(
      'invalid_request',
      `--records must be a whole number from ${seedRecordLimits.min} to ${seedRecordLimits.max}.`,
    );
  await getPlatform(ctx);
  const [{ n: existing } = { n: 0 }] = await ctx.db
    .select({ n: count() })
    .from(subMerchants)
    .where(eq(subMerchants.platformId, ctx.platformId));
  const run = randomBytes(4).toString('hex');
  const now = new Date();
  for (let done = 0; done < input.records; done += BATCH) {
    const size = Math.min(BATCH, input.records - done);
    await ctx.db.transaction(async (tx) => {
      const rows = Array.from({ length: size }, (_, k) => seedRow(ctx.platformId, existing + done + k, run, now));
      const submitted = rows.filter((r) => r.row.chApplymentState !== null);
      const views = await input.upstream(
        tx,
        submitted.map(({ row, sample }) => ({
          submissionId: submissionId(row),
          provider: row.provider,
          state: row.chApplymentState!,
          merchantName: sample.merchantName,
          rejectReasons: row.rejectReasons,
          updatedAt: row.updatedAt,
        })),
      );
      submitted.forEach(({ row }, i) => {
        const view = views[i]!;
        row.chApplymentId = view.applymentId;
        row.chSubMchid = view.subMchid;
        row.signUrl = view.signUrl;
        row.chApplymentStateMsg =
          view.stateMsg ?? (row.provider === 'providerB' ? zftStateMessages[row.chApplymentState as 'auditing'] : null);
      });
      await tx.insert(subMerchants).values(rows.map((r) => r.row));
      await tx.insert(subMerchantHistory).values(rows.flatMap((r) => historyOf(r.row, ctx.actor)));
    });
    input.onProgress?.(done + size, input.records);
  }
  return { platformId: ctx.platformId, created: input.records, counts: await countWorkQueue(ctx) };
}

/** The history a record like this would have: its creation and, once submitted, the upstream's last word. */
function historyOf(row: ReturnType<typeof seedRow>['row'], actor: string) {
  const created = {
    id: newId('smh'),
    subMerchantId: row.id,
    actor,
    action: 'created',
    changes: formDataTouched(row.formData),
    createdAt: row.createdAt,
  };
  if (row.chApplymentState === null) return [created];
  return [
    created,
    {
      id: newId('smh'),
      subMerchantId: row.id,
      actor,
      action: 'upstream_status',
      changes: diffRecords({ status: 'pending' }, row, trackedFields),
      createdAt: row.updatedAt,
    },
  ];
}

function seedRow(platformId: string, i: number, run: string, now: Date) {
  const sample = sampleRecord(i);
  // Alipay has no "submitted" order: a created order is under audit at once.
  const state = sample.provider === 'providerB' && sample.state === 'submitted' ? 'auditing' : sample.state;
  // Last changes spread over the past six weeks; created up to a week before that.
  const updatedAt = new Date(now.getTime() - ((i * 7_919) % (6 * WEEK_S)) * 1000);
  const createdAt = new Date(updatedAt.getTime() - ((i * 104_729) % WEEK_S) * 1000);
  // No personal fields: a seeded record holds business data only (sealFormData would seal any it had).
  const formData: FormData = {
    merchantName: sample.merchantName,
    merchantShortname: sample.merchantShortname,
    licenseNumber: sample.licenseNumber,
  };
  const row = {
    id: newId('sm'),
    platformId,
    distributorExternalUserId: `seed-${run}-${i}`,
    provider: sample.provider,
    status: sample.status,
    ...storedFormColumns(formData),
    chApplymentState: state,
    chApplymentId: null as string | null,
    chApplymentStateMsg: null as string | null,
    chSubMchid: null as string | null,
    signUrl: null as string | null,
    rejectReasons: sample.rejectReasons,
    reviewRound: state ? 1 : 0,
    lastSyncedAt: state ? updatedAt : null,
    nextSyncAt: reviewUnderWay(state)
      ? nextSyncAt({ state, changedAt: updatedAt, provider: sample.provider }, now)
      : null,
    createdAt,
    updatedAt,
  };
  return { row, sample };
}
