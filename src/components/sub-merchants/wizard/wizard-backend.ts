import type { FormDataPatch } from '@/schemas/form-data';
import type { FieldError } from '@/server/errors';
import type { SubMerchantDto } from '@/server/services/sub-merchants/sub-merchant-dto';

/** What the wizard needs of a record: the operator's console and the seller's form both answer at least this. */
export type WizardRecord = Pick<SubMerchantDto, 'id' | 'provider' | 'formData' | 'updatedAt' | 'rejectReasons'> & {
  chApplymentState?: SubMerchantDto['chApplymentState'];
};

/** A refused save or submit, as plain data (the server actions' shape): the code and the fields at fault. */
export type WizardFailure = { ok: false; code: string; message: string; errors: FieldError[] };
export type WizardResult = { ok: true; record: WizardRecord } | WizardFailure;
export type BankBranchOption = { name: string; branchId: string };

/**
 * Where the wizard saves, submits, uploads and looks things up. The console's backend calls the operator's server
 * actions for one platform and record; the seller's calls the seller's, whose session names the record. The
 * wizard's components take it from the wizard context and import neither, so the seller's page loads no console
 * code (the `seller-pages-never-reach-operator-code` layer rule).
 */
export type WizardBackend = {
  /** `operator`: the console's wording; `seller`: the shop owner's (plain labels, no upstream terms). */
  mode: 'operator' | 'seller';
  saveDraft: (patch: FormDataPatch, expectedUpdatedAt: string) => Promise<WizardResult>;
  submit: () => Promise<WizardResult>;
  searchBankBranches: (search: {
    bank: string;
    city: string;
    q?: string;
  }) => Promise<{ ok: true; branches: BankBranchOption[] } | WizardFailure>;
  /** POST target of a photo (multipart `file` and `provider`). */
  uploadUrl: string;
  /** Where a stored photo's preview is read. */
  mediaUrl: (mediaId: string) => string;
};
