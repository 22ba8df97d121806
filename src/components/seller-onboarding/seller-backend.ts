import { saveSellerDraft } from '@/server/seller-actions/save-seller-draft';
import { searchSellerBankBranches } from '@/server/seller-actions/search-seller-bank-branches';
import { submitSellerApplication } from '@/server/seller-actions/submit-seller-application';
import type { WizardBackend } from '@/components/sub-merchants/wizard/wizard-backend';

/**
 * The seller's wizard backend: the seller's server actions and photo routes. No ids go out: the seller session's
 * cookie names the record, so nothing the page sends can point at another one.
 */
export const sellerBackend: WizardBackend = {
  mode: 'seller',
  saveDraft: (patch, expectedUpdatedAt) => saveSellerDraft({ formData: patch, expectedUpdatedAt }),
  submit: () => submitSellerApplication(),
  searchBankBranches: (search) => searchSellerBankBranches(search),
  uploadUrl: '/onboard/media',
  mediaUrl: (mediaId) => `/onboard/media/${encodeURIComponent(mediaId)}`,
};
