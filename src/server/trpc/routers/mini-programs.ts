import { actionReason } from '@/schemas/action-reason';
import { z } from 'zod';
import {
  authorizeBody,
  authorizerAppIdBody,
  commitBody,
  experienceBody,
  membersBody,
  submitAuditBody,
  templatesQuery,
  updateAuthorizerBody,
  createManualTemplateInput,
  listManualTemplatesInput,
} from '@/schemas/mini-program-requests';
import { changeMembers } from '@/server/services/mini-programs/change-members';
import { createExperience } from '@/server/services/mini-programs/create-experience';
import { getBaseinfo } from '@/server/services/mini-programs/get-baseinfo';
import { getVersions } from '@/server/services/mini-programs/get-versions';
import { rollbackRelease } from '@/server/services/mini-programs/rollback-release';
import { commitCode } from '@/server/services/mini-programs/commit-code';
import { createManualTemplate } from '@/server/services/mini-programs/create-manual-template';
import { deleteAuthorizer } from '@/server/services/mini-programs/delete-authorizer';
import { deleteManualTemplate } from '@/server/services/mini-programs/delete-manual-template';
import { getAuditStatus } from '@/server/services/mini-programs/get-audit-status';
import { getAuthorizer } from '@/server/services/mini-programs/get-authorizer';
import { updateAuthorizer } from '@/server/services/mini-programs/update-authorizer';
import { listAuthorizers } from '@/server/services/mini-programs/list-authorizers';
import { listManualTemplates } from '@/server/services/mini-programs/list-manual-templates';
import { listVersionHistory } from '@/server/services/mini-programs/list-version-history';
import { listTemplates } from '@/server/services/mini-programs/list-templates';
import { releaseVersion } from '@/server/services/mini-programs/release-version';
import { startAuthorization } from '@/server/services/mini-programs/start-authorization';
import { submitAudit } from '@/server/services/mini-programs/submit-audit';
import { platformProcedure, platformRequest, router, withoutPlatformId } from '../init';
import { providerSchema } from '@/domain/providers';

const byAppId = z.object({ appId: z.string().min(1).max(64) });
const onAuthorizer = platformRequest(authorizerAppIdBody, { platform: providerSchema });

/** The console's access to the same mini-program services as /v1/miniprogram, plus manual templates. */
export const miniProgramsRouter = router({
  authorizers: platformProcedure('viewer').query(({ ctx }) => listAuthorizers(ctx)),
  authorizer: platformProcedure('viewer')
    .input(byAppId)
    .query(({ ctx, input }) => getAuthorizer(ctx, { appId: input.appId })),
  // The ext values shape what every rollout ships to this mini program: an operator's, like a commit.
  updateAuthorizer: platformProcedure('operator')
    .input(byAppId.extend(updateAuthorizerBody.shape))
    .mutation(({ ctx, input }) => updateAuthorizer(ctx, { appId: input.appId, body: { ext: input.ext } })),
  startAuthorization: platformProcedure('operator')
    .input(platformRequest(authorizeBody))
    .mutation(({ ctx, input }) => startAuthorization(ctx, withoutPlatformId(input))),
  deleteAuthorizer: platformProcedure('admin')
    .input(byAppId)
    .mutation(async ({ ctx, input }) => {
      await deleteAuthorizer(ctx, { appId: input.appId });
      return { appId: input.appId, deleted: true as const };
    }),
  templates: platformProcedure('viewer')
    .input(platformRequest(templatesQuery))
    .query(({ ctx, input }) => listTemplates(ctx, { platform: input.platform, tenant_id: input.tenant_id })),
  commit: platformProcedure('operator')
    .input(platformRequest(commitBody, { platform: providerSchema }))
    .mutation(({ ctx, input }) => {
      const { platform, ...body } = withoutPlatformId(input);
      return commitCode(ctx, { provider: platform, body });
    }),
  submitAudit: platformProcedure('operator')
    .input(platformRequest(submitAuditBody, { platform: providerSchema }))
    .mutation(({ ctx, input }) => {
      const { platform, ...body } = withoutPlatformId(input);
      return submitAudit(ctx, { provider: platform, body });
    }),
  auditStatus: platformProcedure('viewer')
    .input(onAuthorizer.extend({ auditId: z.string().min(1).max(128) }))
    .query(({ ctx, input }) =>
      getAuditStatus(ctx, { provider: input.platform, auditId: input.auditId, authorizerAppId: input.authorizerAppId }),
    ),
  release: platformProcedure('admin')
    .input(onAuthorizer.extend({ reason: actionReason }))
    .mutation(({ ctx, input }) =>
      releaseVersion(ctx, { provider: input.platform, authorizerAppId: input.authorizerAppId, reason: input.reason }),
    ),
  rollback: platformProcedure('admin')
    .input(onAuthorizer.extend({ reason: actionReason }))
    .mutation(({ ctx, input }) =>
      rollbackRelease(ctx, { provider: input.platform, appId: input.authorizerAppId, reason: input.reason }),
    ),
  experience: platformProcedure('operator')
    .input(platformRequest(experienceBody, { platform: providerSchema }))
    .mutation(({ ctx, input }) =>
      createExperience(ctx, { provider: input.platform, appId: input.authorizerAppId, path: input.path }),
    ),
  members: platformProcedure('operator')
    .input(platformRequest(membersBody, { platform: providerSchema }))
    .mutation(({ ctx, input }) =>
      changeMembers(ctx, {
        provider: input.platform,
        appId: input.authorizerAppId,
        change: {
          action: input.action,
          member: input.member,
          role: input.role,
        },
      }),
    ),
  versions: platformProcedure('viewer')
    .input(onAuthorizer)
    .query(({ ctx, input }) => getVersions(ctx, { provider: input.platform, appId: input.authorizerAppId })),
  /** The 体验版 / 审核版 / 线上版 over time, from our own records (no upstream call). */
  versionHistory: platformProcedure('viewer')
    .input(onAuthorizer)
    .query(({ ctx, input }) => listVersionHistory(ctx, { provider: input.platform, appId: input.authorizerAppId })),
  baseinfo: platformProcedure('viewer')
    .input(onAuthorizer)
    .query(({ ctx, input }) => getBaseinfo(ctx, { provider: input.platform, appId: input.authorizerAppId })),
  manualTemplates: router({
    list: platformProcedure('viewer')
      .input(platformRequest(listManualTemplatesInput))
      .query(({ ctx, input }) => listManualTemplates(ctx, { provider: input.provider })),
    create: platformProcedure('admin')
      .input(platformRequest(createManualTemplateInput))
      .mutation(({ ctx, input }) => {
        return createManualTemplate(ctx, withoutPlatformId(input));
      }),
    delete: platformProcedure('admin')
      .input(z.object({ id: z.string().min(1).max(64) }))
      .mutation(({ ctx, input }) => deleteManualTemplate(ctx, { id: input.id })),
  }),
});
