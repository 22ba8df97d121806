import { afterAll, beforeAll } from 'vitest';
import { resetEnvForTests } from '@/env';
import type { DatabaseHandle } from '@/server/db';
import '@/server/jobs/deliver-event-job';
import { startJobs, type JobRunner } from '@/server/jobs/start-jobs';
import { startWebhookReceiver } from './webhook-receiver';

/**
 * Use inside a describeEachDatabase: the real job runner (outbox relayed every 100 ms) and a local webhook
 * receiver, with retries 1 s apart so a retry schedule runs out within a test.
 */
export function useEventDeliveryRig(database: () => DatabaseHandle) {
  const rig = {} as { runner: JobRunner; receiver: Awaited<ReturnType<typeof startWebhookReceiver>> };
  beforeAll(async () => {
    process.env.EVENT_RETRY_SCHEDULE_SECONDS = '1,1,1';
    resetEnvForTests();
    rig.receiver = await startWebhookReceiver();
    rig.runner = await startJobs(database(), { relayIntervalMs: 100 });
  });
  afterAll(async () => {
    await rig.runner.stop();
    await rig.receiver.close();
    delete process.env.EVENT_RETRY_SCHEDULE_SECONDS;
    resetEnvForTests();
  });
  return rig;
}
