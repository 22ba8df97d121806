import { createHash } from 'node:crypto';
import { logger } from '@/server/logger';
import { runningJobs, type JobRunner } from './job-runner';

export const SUB_MERCHANT_SYNC_QUEUE = 'sub-merchant-sync';

/**
 * The job id for a due second: every instance arming the same second names the same job, and pg-boss inserts
 * a job id only once, so instances never duplicate a timed sync run.
 */
function jobIdFor(second: number) {
  const hex = createHash('sha256').update(`${SUB_MERCHANT_SYNC_QUEUE}:${second}`).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/**
 * The earliest future run armed on each runner: a later due time is covered by it (each run re-arms). Kept per
 * runner, because a run armed on a runner that has since stopped (a restart in the same process) never comes.
 */
const armedSeconds = new WeakMap<JobRunner, number>();

/**
 * Makes sure a sync run starts at `at` (to the second, never in the past) or earlier. A run syncs what is due
 * and re-arms for the earliest next_sync_at, so one armed run per due time keeps every record on time; the
 * job's cron tick is the backstop for a run lost with a crashed process. No job runner in this process (a CLI,
 * a unit test): nothing to arm, the runner's own start arms what is due.
 */
export async function armSubMerchantSync(at: Date) {
  const runner = await runningJobs();
  if (!runner) return;
  const nowSecond = Math.floor(Date.now() / 1000);
  const second = Math.max(nowSecond, Math.ceil(at.getTime() / 1000));
  const armed = armedSeconds.get(runner);
  if (armed !== undefined && armed > nowSecond && armed <= second) return;
  armedSeconds.set(runner, armed !== undefined && armed > nowSecond ? Math.min(armed, second) : second);
  try {
    await runner.boss.send(SUB_MERCHANT_SYNC_QUEUE, {}, { id: jobIdFor(second), startAfter: new Date(second * 1000) });
  } catch (error) {
    if (armedSeconds.get(runner) === second) armedSeconds.delete(runner);
    logger.warn({ err: (error as Error).message }, 'could not arm the status sync; the cron tick runs it');
  }
}
