import type { Provider } from '@/domain/providers';
import type { ApplicationState } from '@/domain/sub-merchant-states';

export type { ApplicationState };

export type ApplicationStatus = {
  applymentId: string;
  state: ApplicationState;
  stateMsg?: string;
  subMchid?: string;
  signUrl?: string;
  /** Upstream audit details mapped back to formData field names. */
  rejectReasons: { field: string; reason: string }[];
};

/**
 * What the onboarding services need from an upstream, whichever it is. Adapters normalize states and errors
 * (AppError codes) and know nothing of our tables.
 */
export interface OnboardingProvider {
  readonly name: Provider;
  /** Largest image the upstream accepts; larger uploads are re-encoded to fit. */
  readonly maxImageBytes: number;
  uploadImage(input: { bytes: Uint8Array; filename: string; mimeType: string }): Promise<{ mediaId: string }>;
  /** Idempotent by submissionId: a retry of the same id never creates a second application. */
  submitApplication(input: {
    submissionId: string;
    formData: Record<string, unknown>;
  }): Promise<{ applymentId: string }>;
  /** null when the upstream has no application under that id. */
  queryApplication(input: {
    submissionId: string;
    formData?: Record<string, unknown>;
  }): Promise<ApplicationStatus | null>;
  /** Bank branches (name and 联行号) of a bank in a city; only upstreams with a branch look-up have it. */
  searchBankBranches?(search: {
    bankName: string;
    provinceName: string;
    cityName: string;
    q?: string;
  }): Promise<{ name: string; branchId: string }[]>;
}
