import { formatGatewayTimestamp } from '@/protocols/providerB/gateway/timestamp';
import { sandboxObjectRow } from '@/sandbox/db-store';
import { sandboxNamespace } from '@/server/config/sandbox-namespace';
import { namespacedStore } from '@/sandbox/namespace';
import { applyApplymentState, upstreamApplymentState } from '@/sandbox/providerA/pay/control';
import {
  STATE_MESSAGES,
  newApplymentId,
  putApplyment,
  type SandboxApplyment,
} from '@/sandbox/providerA/pay/applyment-store';
import { withZftOrderState, type ZftControlState } from '@/sandbox/providerB/zft/zft-control';
import { newOrderId, saveZftOrder, type SandboxZftOrder } from '@/sandbox/providerB/zft/zft-orders';
import type { SandboxStore } from '@/sandbox/store';
import type { Db } from '@/server/db';
import { sandboxObjects } from '@/server/db/schema';
import { upstreamFieldName } from '@/server/services/platforms/upstream-field-name';
import type { SeedApplication, SeededApplication } from '@/server/services/sub-merchants/seed-sub-merchants';

/**
 * Writes seeded applications into the platform's sandbox namespace exactly as a submit and the control API's
 * moves would leave them (same kinds, ids, sealing), in one multi-row insert on the caller's transaction: the
 * status sync and "refresh from upstream" then find every seeded record under review at the upstream.
 */
export function seedSandboxApplications(platformId: string) {
  const namespace = sandboxNamespace(platformId);
  return async (tx: Db, applications: SeedApplication[]): Promise<SeededApplication[]> => {
    const written: { kind: string; id: string; value: unknown }[] = [];
    // Collects what the emulators' own writers put; nothing is read back (every id here is new).
    const collector: SandboxStore = {
      get: async () => undefined,
      list: async () => [],
      put: async (kind, id, value) => void written.push({ kind, id, value }),
      create: async (kind, id, value) => (written.push({ kind, id, value }), value),
    };
    const store = namespacedStore(collector, namespace);
    const seeded: SeededApplication[] = [];
    for (const application of applications) {
      const now = () => application.updatedAt;
      const reasons = application.rejectReasons.map((r) => ({
        field: upstreamFieldName(application.provider, r.field),
        reason: r.reason,
      }));
      if (application.provider === 'providerA') {
        const record: SandboxApplyment = {
          business_code: application.submissionId,
          applyment_id: await newApplymentId(store),
          state: 'APPLYMENT_STATE_AUDITING',
          round: 1,
          audit_detail: [],
          // A seeded application was never submitted: it has no body (the real one holds ciphertexts only).
          request: {},
          submitted_at: application.updatedAt.toISOString(),
          updated_at: application.updatedAt.toISOString(),
        };
        applyApplymentState(record, upstreamApplymentState(application.state)!, reasons, { now });
        await putApplyment(store, record);
        seeded.push({
          applymentId: record.applyment_id,
          subMchid: record.sub_mchid ?? null,
          signUrl: record.sign_url ?? null,
          stateMsg: STATE_MESSAGES[record.state],
        });
      } else {
        const created: SandboxZftOrder = {
          order_id: newOrderId(application.updatedAt),
          external_id: application.submissionId,
          merchant_name: application.merchantName,
          status: '031',
          fk_audit: 'CREATE',
          kz_audit: 'CREATE',
          sub_confirm: 'CREATE',
          apply_type: 'ZHIFUTONG_CREATE',
          apply_time: formatGatewayTimestamp(application.updatedAt),
          state: 'auditing',
          reject_reasons: [],
          settles_to_card: false,
          updated_at: application.updatedAt.toISOString(),
        };
        // Alipay has no "submitted" order: a created order is under audit at once.
        const state = (application.state === 'submitted' ? 'auditing' : application.state) as ZftControlState;
        const order =
          state === 'auditing' ? created : withZftOrderState(created, { state, rejectReasons: reasons }, { now });
        await saveZftOrder(store, order);
        seeded.push({ applymentId: order.order_id, subMchid: order.smid ?? null, signUrl: null, stateMsg: null });
      }
    }
    if (written.length > 0)
      await tx.insert(sandboxObjects).values(written.map((o) => sandboxObjectRow(o.kind, o.id, o.value)));
    return seeded;
  };
}
