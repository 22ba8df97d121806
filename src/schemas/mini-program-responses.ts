/**
 * Response shapes of the mini-program area, for the API reference and the console (the services' DTO
 * mappers are the source of truth; docs/product/decisions.md §5).
 */
import { z } from 'zod';
import { providerSchema } from '@/domain/providers';

const timestamp = z.string().describe('ISO 8601 date-time (UTC).');

export const authorizerSchema = z
  .object({
    object: z.literal('authorizer'),
    appId: z.string().describe("The mini program's app id at the provider."),
    platform: providerSchema,
    tenantId: z.string().optional().describe('Your id for the seller, as given when the authorization started.'),
    nickname: z.string().optional(),
    principalName: z.string().optional().describe('The legal entity that owns the mini program.'),
    headImg: z.string().optional().describe('Logo URL.'),
    permissions: z
      .array(z.unknown())
      .describe('Permission sets the seller granted (providerA func_info; empty for providerB).'),
    status: z
      .enum(['authorized', 'unauthorized'])
      .describe('`unauthorized` after the seller revoked the authorization upstream.'),
    ext: z
      .record(z.string(), z.string())
      .describe("Your values for a rollout's {{ext.<key>}} placeholders (PATCH to change them)."),
    authorizedAt: timestamp,
    updatedAt: timestamp,
  })
  .meta({
    id: 'Authorizer',
    example: {
      object: 'authorizer',
      appId: 'wx3c1f8e2a9b7d6c54',
      platform: 'providerA',
      tenantId: 'seller-1024',
      nickname: '示例小店',
      principalName: '福州示例科技有限公司',
      headImg: 'https://wx.qlogo.cn/mmopen/example/0',
      permissions: [{ funcscope_category: { id: 18 } }],
      status: 'authorized',
      ext: { shopId: 'shop-1' },
      authorizedAt: '2026-11-21T08:00:00.000Z',
      updatedAt: '2026-11-21T08:00:00.000Z',
    },
  });

export const authorizerListSchema = z
  .object({ object: z.literal('list'), data: z.array(authorizerSchema) })
  .meta({ id: 'AuthorizerList', example: { object: 'list', data: [] } });

export const authorizationStartedSchema = z
  .object({
    authUrl: z.string().describe('Open on a desktop: the seller scans the QR code with the admin account.'),
    mobileAuthUrl: z
      .string()
      .optional()
      .describe("Embedded authorization inside the provider's mobile app (providerA only)."),
    state: z.string().describe('Single-use; comes back on the redirect and must be passed on to the callback.'),
    expiresAt: timestamp.describe('The links and the state stop working at this time.'),
  })
  .meta({
    id: 'AuthorizationStarted',
    example: {
      authUrl:
        'https://mp.weixin.qq.com/cgi-bin/componentloginpage?component_appid=wx6f1a2b3c4d5e6f70&pre_auth_code=preauthcode@@@Xy9…&redirect_uri=https%3A%2F%2Fseller.example.com%2Fauthorized%3Fstate%3D…&auth_type=2',
      mobileAuthUrl:
        'https://open.weixin.qq.com/wxaopen/safe/bindcomponent?action=bindcomponent&no_scan=1&component_appid=wx6f1a2b3c4d5e6f70&pre_auth_code=preauthcode@@@Xy9…#wechat_redirect',
      state: 'q8Zk2mV0c3LwT9yRb1HfN5pXa7GdJ4sE',
      expiresAt: '2026-11-21T08:30:00.000Z',
    },
  });

export const templateSchema = z
  .object({
    templateId: z.string().describe('Pass it to commit.'),
    userVersion: z.string(),
    userDesc: z.string(),
    createdAt: z.string().describe('When the template was added (as the provider reports it in upstream mode).'),
    tenantId: z
      .string()
      .optional()
      .describe('Manual mode: the seller this template is reserved for; absent = every seller.'),
  })
  .meta({ id: 'Template' });

export const templatesSchema = z
  .object({
    mode: z
      .enum(['upstream', 'manual'])
      .describe('Platform config `miniprogram.template_mode` (per provider with `.providerA` / `.providerB`).'),
    templates: z.array(templateSchema),
  })
  .meta({
    id: 'Templates',
    example: {
      mode: 'upstream',
      templates: [
        { templateId: '12', userVersion: '1.4.0', userDesc: '商城模板', createdAt: '2026-11-01T02:00:00.000Z' },
      ],
    },
  });

export const commitSchema = z
  .object({
    object: z.literal('commit'),
    id: z.string(),
    authorizerAppId: z.string(),
    templateId: z.string(),
    userVersion: z.string(),
    userDesc: z.string(),
    createdAt: timestamp,
  })
  .meta({
    id: 'Commit',
    example: {
      object: 'commit',
      id: 'mpc_7RkQ2xW9pLm3VtYc1HbN8a',
      authorizerAppId: 'wx3c1f8e2a9b7d6c54',
      templateId: '12',
      userVersion: '1.0.0',
      userDesc: '首个版本',
      createdAt: '2026-11-21T08:05:00.000Z',
    },
  });

export const auditSubmittedSchema = z
  .object({
    auditId: z.string().describe("providerA: WeChat's auditid; providerB: `<appId>:<version>`."),
    status: z.literal('pending'),
  })
  .meta({ id: 'AuditSubmitted', example: { auditId: '420983614', status: 'pending' } });

export const auditStatusSchema = z
  .object({
    auditId: z.string(),
    status: z.enum(['pending', 'approved', 'rejected']),
    reason: z.string().optional().describe('Why the audit was rejected, as the provider states it.'),
  })
  .meta({ id: 'AuditStatus', example: { auditId: '420983614', status: 'rejected', reason: '小程序页面内容不完整' } });

export const releaseSchema = z
  .object({
    auditId: z.string(),
    userVersion: z.string(),
    releasedAt: timestamp.optional(),
    replayed: z.boolean().describe('true when this version was already released: nothing was sent upstream again.'),
  })
  .meta({
    id: 'Release',
    example: { auditId: '420983614', userVersion: '1.0.0', releasedAt: '2026-11-22T09:00:00.000Z', replayed: false },
  });

const versionStamp = z.object({ version: z.string(), description: z.string(), time: timestamp });

export const versionsSchema = z
  .looseObject({
    experience: versionStamp.optional().describe('providerA: the experience (trial) version.'),
    audit: z
      .looseObject({ auditId: z.string(), userVersion: z.string(), status: z.string(), reason: z.string().optional() })
      .optional()
      .describe('providerA: the latest audit.'),
    release: versionStamp.optional().describe('providerA: the released version.'),
    versions: z
      .array(
        z.looseObject({
          appVersion: z.string(),
          status: z.string(),
          upstreamStatus: z.string(),
          versionDesc: z.string().optional(),
          createdAt: z.string().optional(),
        }),
      )
      .optional()
      .describe('providerB: every version, newest first, with its audit state.'),
  })
  .meta({
    id: 'Versions',
    example: {
      experience: { version: '1.0.1', description: '修复购物车', time: '2026-11-22T08:00:00.000Z' },
      audit: { auditId: '420983614', userVersion: '1.0.1', status: 'pending' },
      release: { version: '1.0.0', description: '首个版本', time: '2026-11-21T09:00:00.000Z' },
    },
  });

export const baseinfoSchema = z.record(z.string(), z.unknown()).meta({
  id: 'Baseinfo',
  description:
    "The authorizer's basic info as the provider reports it (providerA: account basic info; providerB: appName, appLogo, categoryNames…).",
  example: {
    appId: 'wx3c1f8e2a9b7d6c54',
    accountType: 2,
    principalType: 1,
    principalName: '福州示例科技有限公司',
    nickname: '示例小店',
    headImageUrl: 'https://wx.qlogo.cn/mmopen/example/0',
  },
});

export const experienceSchema = z
  .object({
    qrCodePngBase64: z.string().optional().describe('The experience QR code, a base64 PNG.'),
    qrCodeUrl: z.string().optional().describe('providerB: where the provider hosts the QR code image.'),
    version: z.string().optional().describe('The version the QR code opens (the latest commit).'),
  })
  .meta({ id: 'Experience', example: { qrCodePngBase64: 'iVBORw0KGgoAAAANSUhEUgAAAQAAAAEA…', version: '1.0.1' } });

export const rollbackSchema = z
  .object({ rolledBack: z.literal(true) })
  .meta({ id: 'Rollback', example: { rolledBack: true } });

export const membersSchema = z
  .object({
    members: z
      .array(z.record(z.string(), z.unknown()))
      .describe('providerA: experiencers `{ userStr }`; providerB: members with role and status.'),
  })
  .meta({ id: 'Members', example: { members: [{ userStr: 'a1B2c3D4e5F6' }] } });

/** A template an admin entered for manual mode (console). */
export const manualTemplateSchema = z
  .object({
    object: z.literal('manual_template'),
    id: z.string(),
    platform: providerSchema,
    tenantId: z.string().optional().describe('Only for this seller; absent = every seller.'),
    templateId: z.string(),
    userVersion: z.string(),
    userDesc: z.string(),
    createdAt: timestamp,
  })
  .meta({ id: 'ManualTemplate' });

export type ManualTemplateDto = z.infer<typeof manualTemplateSchema>;
