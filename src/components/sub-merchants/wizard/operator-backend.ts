import { saveSubMerchantDraft } from '@/server/console-actions/save-sub-merchant-draft';
import { searchBankBranches } from '@/server/console-actions/search-bank-branches';
import { submitSubMerchant } from '@/server/console-actions/submit-sub-merchant';
import { mediaUrl } from './fields/upload-media';
import type { WizardBackend } from './wizard-backend';

/** The console's wizard backend: the operator's server actions and media routes for one platform's record. */
export const operatorBackend = (platformId: string, id: string): WizardBackend => ({
  mode: 'operator',
  saveDraft: (patch, expectedUpdatedAt) => saveSubMerchantDraft(platformId, id, patch, expectedUpdatedAt),
  submit: () => submitSubMerchant(platformId, id, undefined),
  searchBankBranches: (search) => searchBankBranches(platformId, search),
  uploadUrl: `/admin/payment-onboardings/${encodeURIComponent(platformId)}/media`,
  mediaUrl: (mediaId) => mediaUrl(platformId, mediaId),
});
