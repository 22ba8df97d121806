'use server';

import { lookupReference, referenceFilters } from '@/server/services/reference/lookup-reference';
import { platformAction, type ActionFailure } from './guard';

export type BankBranchOption = { name: string; branchId: string };

const lookupBranches = platformAction('viewer', referenceFilters, async (ctx, filters) => ({
  ok: true as const,
  branches: (await lookupReference(ctx, { kind: 'bank-branches', filters })).data as BankBranchOption[],
}));

/**
 * Server action for the wizard's branch picker: the reference look-up of kind `bank-branches` (the upstream's own
 * branch directory, the city translated to its area numbering), as `reference.lookup`. A refusal comes back as data.
 */
export async function searchBankBranches(
  platformId: string,
  search: { bank: string; city: string; q?: string },
): Promise<{ ok: true; branches: BankBranchOption[] } | ActionFailure> {
  return lookupBranches(platformId, { provider: 'providerA', ...search });
}
