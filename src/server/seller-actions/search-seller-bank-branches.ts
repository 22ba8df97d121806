'use server';

import { lookupReference, referenceFilters } from '@/server/services/reference/lookup-reference';
import { sellerContext } from '@/server/services/onboarding-links/seller-scope';
import { sellerAction, type SellerActionFailure } from './guard';

export type SellerBranchOption = { name: string; branchId: string };

const lookupBranches = sellerAction(referenceFilters, async (ctx, session, filters) => ({
  ok: true as const,
  branches: (await lookupReference(sellerContext(ctx, session), { kind: 'bank-branches', filters }))
    .data as SellerBranchOption[],
}));

/** Server action for the branch picker on the seller's form: the same look-up as the console's, in the session's platform. */
export async function searchSellerBankBranches(search: {
  bank: string;
  city: string;
  q?: string;
}): Promise<{ ok: true; branches: SellerBranchOption[] } | SellerActionFailure> {
  return lookupBranches({ provider: 'providerA', ...search });
}
