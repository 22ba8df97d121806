import type { SandboxApplymentSummary } from '@/sandbox/providerA/pay/control';
import type { ZftOrderSummary } from '@/sandbox/providerB/zft/zft-control';
import { APPLYMENT_STATE_MAP } from '@/protocols/providerA/pay/applyment-states';

/** A sandbox application in our state names, whichever provider holds it, tied to the record it came from. */
export type SandboxApplymentDto = {
  provider: 'providerA' | 'providerB';
  applymentId: string;
  submissionId: string;
  subMerchantId: string;
  distributorExternalUserId: string | null;
  state: string;
  subMchid: string | null;
  rejectReasons: { field: string; reason: string }[];
  updatedAt: string;
};

/**
 * Our submission id is derived from the record (submission-id.ts): `sm<id>` for providerA, `sm<id>r<round>`
 * for providerB. The reverse gives the record an application belongs to, so a platform sees only its own.
 */
export function subMerchantIdOf(provider: 'providerA' | 'providerB', submissionId: string): string | null {
  const base = provider === 'providerA' ? submissionId : submissionId.replace(/r\d+$/, '');
  return /^sm[0-9A-Za-z]+$/.test(base) ? `sm_${base.slice(2)}` : null;
}

export const fromProviderA = (a: SandboxApplymentSummary) => ({
  provider: 'providerA' as const,
  applymentId: a.applymentId,
  submissionId: a.businessCode,
  state: APPLYMENT_STATE_MAP[a.state] ?? a.state,
  subMchid: a.subMchid ?? null,
  rejectReasons: a.auditDetail.map((d) => ({ field: d.field, reason: d.reject_reason })),
  updatedAt: a.updatedAt,
});

export const fromProviderB = (o: ZftOrderSummary) => ({
  provider: 'providerB' as const,
  applymentId: o.orderId,
  submissionId: o.externalId,
  state: o.state as string,
  subMchid: o.smid ?? null,
  rejectReasons: o.rejectReasons,
  updatedAt: o.updatedAt,
});
