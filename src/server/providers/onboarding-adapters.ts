import type { Provider } from '@/domain/providers';
import { AppError } from '@/server/errors';
import type { ProviderAPayClient } from './providerA/pay/client';
import type { ProviderBClient } from './providerB';
import type { OnboardingProvider } from './types';

/** Largest image each upstream accepts; larger uploads are re-encoded to fit. */
export const maxImageBytes: Record<Provider, number> = {
  providerA: 2 * 1024 * 1024,
  providerB: 10 * 1024 * 1024,
};

/** WeChat Pay's applyment client behind the onboarding interface. */
export function providerAOnboardingAdapter(client: ProviderAPayClient): OnboardingProvider {
  return {
    name: 'providerA',
    maxImageBytes: maxImageBytes.providerA,
    uploadImage: (input) => client.uploadImage({ ...input, bytes: Buffer.from(input.bytes) }),
    submitApplication: ({ submissionId, formData }) => client.submitApplyment({ businessCode: submissionId, formData }),
    queryApplication: ({ submissionId, formData }) => client.queryApplymentByBusinessCode(submissionId, formData),
    searchBankBranches: (search) => client.searchBankBranches(search),
  };
}

/** Alipay's 直付通 client behind the onboarding interface. */
export function providerBOnboardingAdapter(client: ProviderBClient): OnboardingProvider {
  return {
    name: 'providerB',
    maxImageBytes: maxImageBytes.providerB,
    uploadImage: async (input) => ({
      mediaId: (await client.uploadImage({ ...input, bytes: Buffer.from(input.bytes) })).imageId,
    }),
    submitApplication: async ({ submissionId, formData }) => ({
      applymentId: (await client.createZftApplication({ externalId: submissionId, formData })).orderId,
    }),
    queryApplication: async ({ submissionId, formData }) => {
      try {
        return await client.queryZftApplication({ externalId: submissionId, formData });
      } catch (error) {
        if (error instanceof AppError && error.code === 'not_found') return null;
        throw error;
      }
    },
  };
}
