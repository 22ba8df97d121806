import { eq } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { subMerchants, type Provider } from '@/server/db/schema';
import '@/server/jobs/sub-merchant-sync-job';
import { setPlatformConfig } from '@/server/services/platforms/set-platform-config';
import { moveSandboxApplyment } from '@/sandbox/control/move-sandbox-applyment';
import { platformSandboxWithKeys } from '@/sandbox/sandbox-context';
import { describeEachDatabase } from '../support/databases';
import { useEventDeliveryRig } from '../support/event-delivery-rig';
import { createPlatformWithKey } from '../support/fixtures';
import { completeFormData, paymentsApi } from '../support/sub-merchants';
import { useSandboxOverHttp } from '../support/sandbox-server';
import { useEnv } from '../support/scoped-env';
import { pause } from '../support/webhook-receiver';

const INTERVAL_S = 5;
/** The freshness target: polled changes within the interval plus 5 s, pushed ones within 1 s. */
const POLLED_LIMIT_MS = (INTERVAL_S + 5) * 1000;
const PUSHED_LIMIT_MS = 1000;

describeEachDatabase('freshness: an upstream change reaches the record and the integrator in time', (database) => {
  useEnv({ SUB_MERCHANT_SYNC_INTERVAL_SECONDS: String(INTERVAL_S) });
  const sandbox = useSandboxOverHttp();
  const rig = useEventDeliveryRig(database);
  let platform: Awaited<ReturnType<typeof createPlatformWithKey>>;
  let api: ReturnType<typeof paymentsApi>;
  beforeAll(async () => {
    platform = await createPlatformWithKey(database().db);
    api = paymentsApi(platform.apiKey);
    await setPlatformConfig(
      { db: database().db, platformId: platform.platformId, actor: 'test' },
      { key: 'payments.notify_url', value: rig.receiver.url('/fresh') },
    );
  });

  const stateOf = async (id: string) =>
    (await database().db.select().from(subMerchants).where(eq(subMerchants.id, id)))[0]!.chApplymentState;
  /** Webhooks received for the record announcing `state`. */
  const webhooksFor = (id: string, state: string) =>
    rig.receiver.at('/fresh').filter((w) => {
      const object = (JSON.parse(w.body) as { data: { object: { id: string; chApplymentState?: string } } }).data
        .object;
      return object.id === id && object.chApplymentState === state;
    });

  /**
   * Moves the application in the sandbox and measures, from the clock, how long until the record shows the
   * new state and until the integrator's receiver got the `sub_merchant.updated` webhook saying so.
   */
  async function measureMove(provider: Provider, recordId: string, applymentId: string, state: string) {
    const movedAt = Date.now();
    await sandbox.control(platform.apiKey, 'POST', `/${provider}/applyments/${applymentId}`, { state });
    let recordAt = 0;
    let webhookAt = 0;
    const deadline = movedAt + POLLED_LIMIT_MS + 15_000; // then reported as missed (Infinity)
    while ((!recordAt || !webhookAt) && Date.now() < deadline) {
      if (!recordAt && (await stateOf(recordId)) === state) recordAt = Date.now();
      if (!webhookAt && webhooksFor(recordId, state).length > 0) webhookAt = Date.now();
      await pause(25);
    }
    return { record: (recordAt || Infinity) - movedAt, webhook: (webhookAt || Infinity) - movedAt };
  }

  async function submitted(provider: Provider, seller: string) {
    const { body } = await api.create({ distributorExternalUserId: seller, provider });
    const response = await api.submit(body.id, { formData: await completeFormData(api, provider) });
    expect(response.status).toBe(200);
    return { id: body.id as string, applymentId: response.body.chApplymentId as string };
  }

  it(`providerA (polled): every move shows on the record and as a webhook within interval + 5 s`, async () => {
    const { id, applymentId } = await submitted('providerA', 'fresh-a');
    const lags: { record: number; webhook: number }[] = [];
    // Right after the submit, then after the record sat unchanged for longer than the interval (backed off).
    lags.push(await measureMove('providerA', id, applymentId, 'to_be_signed'));
    await pause(INTERVAL_S * 1000 * 1.5);
    lags.push(await measureMove('providerA', id, applymentId, 'signing'));
    await pause(INTERVAL_S * 1000 * 2.5);
    lags.push(await measureMove('providerA', id, applymentId, 'rejected'));
    for (const lag of lags) {
      expect(lag.record, JSON.stringify(lags)).toBeLessThanOrEqual(POLLED_LIMIT_MS);
      expect(lag.webhook, JSON.stringify(lags)).toBeLessThanOrEqual(POLLED_LIMIT_MS);
    }
    // Terminal: no further checks are scheduled.
    const [row] = await database().db.select().from(subMerchants).where(eq(subMerchants.id, id));
    expect(row!.nextSyncAt).toBeNull();
  }, 120_000);

  it('the first check after a submit comes within 10 s and never later than the interval', async () => {
    const before = Date.now();
    const { id } = await submitted('providerA', 'fresh-first');
    const [row] = await database().db.select().from(subMerchants).where(eq(subMerchants.id, id));
    expect(row!.nextSyncAt!.getTime() - before).toBeLessThanOrEqual(Math.min(10, INTERVAL_S) * 1000 + 2000);
  });

  it('providerB (pushed): a finished review shows on the record within 1 s', async () => {
    const { id, applymentId } = await submitted('providerB', 'fresh-b');
    await pause(1000);
    const lag = await measureMove('providerB', id, applymentId, 'finished');
    expect(lag.record, JSON.stringify(lag)).toBeLessThanOrEqual(PUSHED_LIMIT_MS);
    expect(lag.webhook, JSON.stringify(lag)).toBeLessThanOrEqual(POLLED_LIMIT_MS);
  }, 120_000);

  it('providerB after a long wait: a move made in the console shows at once, any other move within the interval, and the record says when it is checked next', async () => {
    const { id, applymentId } = await submitted('providerB', 'fresh-b-waited');
    /** The record has sat unchanged for two hours: its next check has backed off to the whole interval. */
    const waitedLong = () =>
      database()
        .db.update(subMerchants)
        .set({ updatedAt: new Date(Date.now() - 2 * 3600_000), nextSyncAt: new Date(Date.now() + INTERVAL_S * 1000) })
        .where(eq(subMerchants.id, id));
    await waitedLong();
    // The console's sandbox page moves it (tRPC sandbox.move): Alipay pushes nothing for 待确认 / 待签约.
    await moveSandboxApplyment(
      { db: database().db, platformId: platform.platformId, actor: 'operator:test' },
      await platformSandboxWithKeys(platform.platformId),
      { provider: 'providerB', applymentId, state: 'to_be_confirmed' },
    );
    expect(await stateOf(id)).toBe('to_be_confirmed');
    // A move the service is not told of (the control API over HTTP, as the upstream's reviewers) arrives by the
    // schedule, within the interval however long the record waited.
    await waitedLong();
    const lag = await measureMove('providerB', id, applymentId, 'to_be_signed');
    expect(lag.record, JSON.stringify(lag)).toBeLessThanOrEqual(POLLED_LIMIT_MS);
    // The API says when the next check is due: after the last one, and never later than the interval after it.
    const { body } = await api.get(id);
    expect(body.chApplymentState).toBe('to_be_signed');
    const next = Date.parse(body.nextSyncAt as string);
    const last = Date.parse(body.lastSyncedAt as string);
    expect(next).toBeGreaterThan(last);
    expect(next - last).toBeLessThanOrEqual(INTERVAL_S * 1000);
  }, 120_000);
});
