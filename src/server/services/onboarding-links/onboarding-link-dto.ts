import type { onboardingLinks } from '@/server/db/schema';

export type OnboardingLinkRow = typeof onboardingLinks.$inferSelect;
export type OnboardingLinkStatus = 'active' | 'used' | 'expired' | 'revoked';

/** Revoked wins (an operator's decision), then used, then expired. */
export function onboardingLinkStatus(row: OnboardingLinkRow, now = new Date()): OnboardingLinkStatus {
  if (row.revokedAt) return 'revoked';
  if (row.usedAt) return 'used';
  return row.expiresAt <= now ? 'expired' : 'active';
}

/** A link as /v1 and the console show it; the URL (its token) only exists in the answer that created it. */
export function onboardingLinkDto(row: OnboardingLinkRow, now = new Date()) {
  return {
    object: 'onboarding_link' as const,
    id: row.id,
    subMerchantId: row.subMerchantId,
    status: onboardingLinkStatus(row, now),
    returnUrl: row.returnUrl,
    refreshUrl: row.refreshUrl,
    include: row.include,
    expiresAt: row.expiresAt.toISOString(),
    usedAt: row.usedAt?.toISOString() ?? null,
    revokedAt: row.revokedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}
export type OnboardingLinkDto = ReturnType<typeof onboardingLinkDto>;
