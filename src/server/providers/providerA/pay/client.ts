import * as applyment from './applyment';
import { searchBankBranches, type BankBranch, type BranchSearch } from './capital-banks';
import { checkPayConnection, type PayConnectionResult } from './connection-check';
import { createPayTransport } from './http-transport';
import type { ApplymentFormData, ApplymentStatus, PlatformCertificate, ProviderAPayClientConfig } from './types';
import { uploadMedia } from './upload-media';

export type ProviderAPayClient = {
  /** Upload one JPEG/PNG/BMP (≤ 2 MB) → the upstream media_id to put in formData. */
  uploadImage(input: { bytes: Uint8Array; filename: string; mimeType: string }): Promise<{ mediaId: string }>;
  /** Submit (or, after REJECTED/EDITTING, resubmit) the application for businessCode. */
  submitApplyment(input: { businessCode: string; formData: ApplymentFormData }): Promise<{ applymentId: string }>;
  /** null when the upstream has no application under this business code. */
  queryApplymentByBusinessCode(businessCode: string, formData?: ApplymentFormData): Promise<ApplymentStatus | null>;
  queryApplymentById(applymentId: string, formData?: ApplymentFormData): Promise<ApplymentStatus | null>;
  /** Branches of a bank in a city (WeChat's capitallhh look-up, B.12). */
  searchBankBranches(search: BranchSearch): Promise<BankBranch[]>;
  /** Downloaded-certificate modes: fetch `/v3/certificates` now and store them (the schedule, doctor). */
  refreshPlatformCertificates(): Promise<PlatformCertificate[]>;
  /** One harmless signed call that proves the credentials (doctor): which variable to fix when it fails. */
  checkConnection(): Promise<PayConnectionResult>;
};

/**
 * The providerA (WeChat Pay APIv3, service-provider mode) onboarding client. The same code talks to the real
 * host and to the sandbox; only baseUrl and keys differ. Errors are AppErrors: `upstream_rejected` (field
 * pointers into /formData), `onboarding_in_progress` (ApplymentInProgressError: query instead),
 * `upstream_unavailable` (5xx/network after retries, or an unverifiable response), `upstream_timeout`,
 * `rate_limited`.
 */
export function createProviderAPayClient(config: ProviderAPayClientConfig): ProviderAPayClient {
  const transport = createPayTransport(config);
  return {
    uploadImage: (input) => uploadMedia(transport, input),
    submitApplyment: (input) => applyment.submitApplyment(transport, input),
    queryApplymentByBusinessCode: (code, formData) => applyment.queryApplymentByBusinessCode(transport, code, formData),
    queryApplymentById: (id, formData) => applyment.queryApplymentById(transport, id, formData),
    searchBankBranches: (search) => searchBankBranches(transport, search),
    refreshPlatformCertificates: () => transport.platformKeys.refresh(),
    checkConnection: () => checkPayConnection(transport),
  };
}

export { ApplymentInProgressError } from './map-upstream-error';
export { failure as payConnectionFailure, type PayConnectionResult } from './connection-check';
export type { BankBranch, BranchSearch } from './capital-banks';
export { ResponseVerificationError } from './verify-response';
export type {
  ApplymentFormData,
  ApplymentState,
  ApplymentStatus,
  PlatformCertificate,
  PlatformCertificateStore,
  ProviderAPayClientConfig,
  ProviderAPlatformKeys,
  RejectReason,
} from './types';
