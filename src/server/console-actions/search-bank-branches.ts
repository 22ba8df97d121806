'use server';

import { callAsOperator, toActionFailure, type ActionFailure } from '@/server/trpc/server-caller';

export type BankBranchOption = { name: string; branchId: string };

/**
 * Server action for the wizard's branch picker: the `reference.lookup` procedure with kind `bank-branches`
 * (the upstream's own branch directory, the city translated to its area numbering). A refusal comes back as data.
 */
export async function searchBankBranches(
  platformId: string,
  search: { bank: string; city: string; q?: string },
): Promise<{ ok: true; branches: BankBranchOption[] } | ActionFailure> {
  try {
    const answer = await callAsOperator((caller) =>
      caller.reference.lookup({ platformId, kind: 'bank-branches', provider: 'providerA', ...search }),
    );
    return { ok: true, branches: answer.data as BankBranchOption[] };
  } catch (error) {
    return toActionFailure(error);
  }
}
