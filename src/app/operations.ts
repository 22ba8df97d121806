/**
 * Every /v1 and /admin operation, in the order of /v1/openapi.json: each route folder declares its own in a
 * sibling `operation.ts` (the type is src/server/openapi/operation.ts). A new route folder adds one line here;
 * test/unit/app/operations.test.ts fails while an operation.ts on disk is missing from this list.
 */
import type { Operation } from '@/server/openapi/operation';
import { operations as v1PaymentsSubMerchants } from './v1/payments/sub-merchants/operation';
import { operations as v1OpenapiJson } from './v1/openapi.json/operation';
import { operations as v1PaymentsSubMerchantsId } from './v1/payments/sub-merchants/[id]/operation';
import { operations as v1PaymentsSubMerchantsIdSubmit } from './v1/payments/sub-merchants/[id]/submit/operation';
import { operations as v1PaymentsSubMerchantsIdOnboardingLinks } from './v1/payments/sub-merchants/[id]/onboarding-links/operation';
import { operations as v1PaymentsSubMerchantsIdOnboardingLinksLinkIdRevoke } from './v1/payments/sub-merchants/[id]/onboarding-links/[linkId]/revoke/operation';
import { operations as v1PaymentsMedia } from './v1/payments/media/operation';
import { operations as adminPaymentOnboardingsTenantIdMedia } from './admin/payment-onboardings/[tenantId]/media/operation';
import { operations as adminPaymentOnboardingsTenantIdMediaMediaId } from './admin/payment-onboardings/[tenantId]/media/[mediaId]/operation';
import { operations as adminPaymentOnboardingsTenantIdSubMerchantsExport } from './admin/payment-onboardings/[tenantId]/sub-merchants/export/operation';
import { operations as v1PaymentsReferenceKind } from './v1/payments/reference/[kind]/operation';
import { operations as v1MiniprogramAuthorize } from './v1/miniprogram/authorize/operation';
import { operations as v1MiniprogramAuthorizeCallbackPlatform } from './v1/miniprogram/authorize/callback/[platform]/operation';
import { operations as v1MiniprogramAuthorizers } from './v1/miniprogram/authorizers/operation';
import { operations as v1MiniprogramAuthorizersAppId } from './v1/miniprogram/authorizers/[appId]/operation';
import { operations as v1MiniprogramTemplates } from './v1/miniprogram/templates/operation';
import { operations as v1MiniprogramPlatformCommit } from './v1/miniprogram/[platform]/commit/operation';
import { operations as v1MiniprogramPlatformSubmitAudit } from './v1/miniprogram/[platform]/submit-audit/operation';
import { operations as v1MiniprogramPlatformAuditStatusAuditId } from './v1/miniprogram/[platform]/audit-status/[auditId]/operation';
import { operations as v1MiniprogramPlatformRelease } from './v1/miniprogram/[platform]/release/operation';
import { operations as v1MiniprogramPlatformVersions } from './v1/miniprogram/[platform]/versions/operation';
import { operations as v1MiniprogramPlatformBaseinfo } from './v1/miniprogram/[platform]/baseinfo/operation';
import { operations as v1MiniprogramPlatformExperience } from './v1/miniprogram/[platform]/experience/operation';
import { operations as v1MiniprogramPlatformRollback } from './v1/miniprogram/[platform]/rollback/operation';
import { operations as v1MiniprogramPlatformMembers } from './v1/miniprogram/[platform]/members/operation';
import { operations as v1MiniprogramPlatformRollouts } from './v1/miniprogram/[platform]/rollouts/operation';
import { operations as v1MiniprogramPlatformRolloutsRolloutId } from './v1/miniprogram/[platform]/rollouts/[rolloutId]/operation';
import { operations as v1MiniprogramPlatformRolloutsRolloutIdPause } from './v1/miniprogram/[platform]/rollouts/[rolloutId]/pause/operation';
import { operations as v1MiniprogramPlatformRolloutsRolloutIdResume } from './v1/miniprogram/[platform]/rollouts/[rolloutId]/resume/operation';
import { operations as v1MiniprogramPlatformRolloutsRolloutIdCancel } from './v1/miniprogram/[platform]/rollouts/[rolloutId]/cancel/operation';
import { operations as v1MiniprogramPlatformRolloutsRolloutIdRetryFailed } from './v1/miniprogram/[platform]/rollouts/[rolloutId]/retry-failed/operation';
import { operations as v1Events } from './v1/events/operation';
import { operations as v1EventsId } from './v1/events/[id]/operation';

export const operations: Operation[] = [
  ...v1PaymentsSubMerchants,
  ...v1OpenapiJson,
  ...v1PaymentsSubMerchantsId,
  ...v1PaymentsSubMerchantsIdSubmit,
  ...v1PaymentsSubMerchantsIdOnboardingLinks,
  ...v1PaymentsSubMerchantsIdOnboardingLinksLinkIdRevoke,
  ...v1PaymentsMedia,
  ...adminPaymentOnboardingsTenantIdMedia,
  ...adminPaymentOnboardingsTenantIdMediaMediaId,
  ...adminPaymentOnboardingsTenantIdSubMerchantsExport,
  ...v1PaymentsReferenceKind,
  ...v1MiniprogramAuthorize,
  ...v1MiniprogramAuthorizeCallbackPlatform,
  ...v1MiniprogramAuthorizers,
  ...v1MiniprogramAuthorizersAppId,
  ...v1MiniprogramTemplates,
  ...v1MiniprogramPlatformCommit,
  ...v1MiniprogramPlatformSubmitAudit,
  ...v1MiniprogramPlatformAuditStatusAuditId,
  ...v1MiniprogramPlatformRelease,
  ...v1MiniprogramPlatformVersions,
  ...v1MiniprogramPlatformBaseinfo,
  ...v1MiniprogramPlatformExperience,
  ...v1MiniprogramPlatformRollback,
  ...v1MiniprogramPlatformMembers,
  ...v1MiniprogramPlatformRollouts,
  ...v1MiniprogramPlatformRolloutsRolloutId,
  ...v1MiniprogramPlatformRolloutsRolloutIdPause,
  ...v1MiniprogramPlatformRolloutsRolloutIdResume,
  ...v1MiniprogramPlatformRolloutsRolloutIdCancel,
  ...v1MiniprogramPlatformRolloutsRolloutIdRetryFailed,
  ...v1Events,
  ...v1EventsId,
];
