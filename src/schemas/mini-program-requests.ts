/** Request bodies of the mini-program area (REST, tRPC and the console share them). */
import { z } from 'zod';
import { actionReason } from './action-reason';
import { blankAsAbsent } from './blank-as-absent';
import { textFault } from './input-text';
import { providerSchema } from '@/domain/providers';

export const authorizeBody = z
  .object({
    platform: providerSchema,
    redirectUri: z
      .string()
      .min(1)
      .max(1000)
      .describe('Absolute https URL the seller returns to (http only for localhost in sandbox mode).'),
    tenantId: z
      .string()
      .trim()
      .min(1)
      .max(128)
      .optional()
      .describe('Your id for the seller; stored on the authorizer.'),
  })
  .strict();

/** The console's "authorize a mini program" form: provider and, optionally, the platform's id for the seller. */
export const startAuthorizationForm = z.object({
  platform: authorizeBody.shape.platform,
  tenantId: blankAsAbsent(authorizeBody.shape.tenantId.unwrap()),
});

/** The redirect's parameters, passed on; Alipay names the code `app_auth_code`, which is accepted as well. */
export const authorizeCallbackQuery = z
  .object({
    auth_code: z.string().min(1).max(512).optional(),
    app_auth_code: z.string().min(1).max(512).optional(),
    state: z.string().min(1).max(256),
  })
  .passthrough()
  .refine((q) => q.auth_code || q.app_auth_code, { message: 'auth_code is required', path: ['auth_code'] })
  .transform((q) => ({ authCode: (q.auth_code ?? q.app_auth_code)!, state: q.state }));

/** docs/product/decisions.md §5: a string holding a JSON object with extEnable, extAppid, ext and window. */
export const extJsonObject = z
  .object({
    extEnable: z.boolean(),
    extAppid: z.string().min(1).max(64),
    ext: z.record(z.string(), z.unknown()),
    window: z.record(z.string(), z.unknown()),
  })
  .passthrough();

export const extJsonString = z
  .string()
  .max(100_000)
  .superRefine((value, ctx) => {
    let parsed: unknown;
    try {
      parsed = JSON.parse(value);
    } catch {
      ctx.addIssue({ code: 'custom', message: 'extJson must be a string holding JSON.' });
      return;
    }
    const result = extJsonObject.safeParse(parsed);
    for (const issue of result.success ? [] : result.error.issues) {
      ctx.addIssue({ code: 'custom', message: `extJson.${issue.path.join('.') || '(root)'}: ${issue.message}` });
    }
  });

export const commitBody = z
  .object({
    authorizerAppId: z.string().min(1).max(64),
    templateId: z.string().min(1).max(64),
    templateVersion: z.string().max(64).optional(),
    extJson: extJsonString,
    userVersion: z.string().trim().min(1).max(64),
    userDesc: z.string().max(500).default(''),
  })
  .strict();

/**
 * The console's commit form: the request's own rules for version, description and ext JSON; the template is
 * picked from the list (its index), which gives templateId and, for Alipay, templateVersion.
 */
export const commitForm = commitBody
  .pick({ userVersion: true, userDesc: true, extJson: true })
  .extend({ template: z.string().min(1) });

export const submitAuditBody = z
  .object({
    authorizerAppId: z.string().min(1).max(64),
    itemList: z
      .array(
        z.object({ address: z.string().min(1).max(255), title: z.string().max(64), tag: z.string().max(64) }).strict(),
      )
      .max(5)
      .default([]),
    feedbackInfo: z.string().max(200).optional(),
    feedbackMedia: z.string().max(255).optional(),
    /**
     * WeChat only (docs/upstream/providerA.md D.6), required by some categories: the UGC declaration. `scene`:
     * 0 no user-generated content (then nothing else), 1 profiles, 2 images, 3 videos, 4 text, 5 other/audio;
     * `method`: 1 WeChat's content-security API, 2 another moderation product, 3 human review, 4 none.
     */
    ugcDeclare: z
      .object({
        scene: z.array(z.number().int().min(0).max(5)).min(1).max(6),
        otherSceneDesc: z.string().max(256).optional(),
        method: z.array(z.number().int().min(1).max(4)).max(4).optional(),
        hasAuditTeam: z.union([z.literal(0), z.literal(1)]).optional(),
        auditDesc: z.string().max(256).optional(),
      })
      .strict()
      .refine((u) => new Set(u.scene).size === u.scene.length, {
        message: 'scene lists each value once',
        path: ['scene'],
      })
      .refine((u) => !u.scene.includes(0) || u.scene.length === 1, {
        message: 'scene 0 (no user-generated content) stands alone',
        path: ['scene'],
      })
      .optional(),
    /** WeChat only: screen recordings and screenshots for the reviewer, media ids from WeChat's audit-media upload. */
    previewInfo: z
      .object({
        videoIdList: z.array(z.string().min(1).max(256)).max(5).optional(),
        picIdList: z.array(z.string().min(1).max(256)).max(10).optional(),
      })
      .strict()
      .optional(),
    /** WeChat only: the order-centre page of the mini program, e.g. `pages/orders/index`. */
    orderPath: z.string().min(1).max(255).optional(),
  })
  .strict();

/**
 * The console's submit-for-audit form: up to five page rows, where an untouched row is left out and a row with a
 * title or tag needs its address; the reviewer note is optional. Its output is the request's itemList and note.
 */
const auditPageRow = z
  .object({
    address: z.string().trim().max(255),
    title: z.string().trim().max(64),
    tag: z.string().trim().max(64),
  })
  .refine((row) => row.address || (!row.title && !row.tag), {
    path: ['address'],
    message: 'miniPrograms.audit.addressRequired',
  });
export const submitAuditForm = z
  .object({
    items: z.array(auditPageRow).max(5),
    feedbackInfo: blankAsAbsent(z.string().trim().max(200)),
  })
  .transform(({ items, feedbackInfo }) => ({ itemList: items.filter((row) => row.address), feedbackInfo }));

export const authorizerAppIdBody = z.object({ authorizerAppId: z.string().min(1).max(64) }).strict();
export const authorizerAppIdQuery = authorizerAppIdBody;
/** Release and rollback change what every payer of the mini program gets: the audit log keeps why. */
export const releaseActionBody = authorizerAppIdBody
  .extend({
    reason: actionReason.describe('Why; kept in the platform audit log with who released or rolled back.'),
  })
  .strict();
export const experienceBody = authorizerAppIdBody.extend({ path: z.string().trim().max(255).optional() }).strict();
/** The experience QR form: the page path, blank for the home page. */
export const experienceForm = z.object({ path: blankAsAbsent(experienceBody.shape.path.unwrap()) });
export const membersBody = authorizerAppIdBody
  .extend({
    action: z.enum(['bind', 'unbind']),
    member: z.string().trim().min(1).max(128),
    role: z.string().trim().max(32).optional(),
  })
  .strict();
/** The testers form: who, and optionally their role; the button says bind or unbind. */
export const membersForm = z.object({
  member: membersBody.shape.member,
  role: blankAsAbsent(membersBody.shape.role.unwrap()),
});
export const templatesQuery = z
  .object({ platform: providerSchema, tenant_id: z.string().max(128).optional() })
  .strict();

/** A template the platform registers by hand (template mode "manual"). */
export const createManualTemplateInput = z
  .object({
    provider: providerSchema,
    templateId: z.string().trim().min(1).max(64),
    userVersion: z.string().trim().min(1).max(64),
    userDesc: z.string().max(500).default(''),
    tenantId: z
      .string()
      .trim()
      .min(1)
      .max(128)
      .optional()
      .describe('Only for this seller (your id for them); omit for every seller.'),
  })
  .strict();

/** The settings form for one: the request, with a blank seller field meaning "every seller". */
export const manualTemplateForm = createManualTemplateInput.extend({
  tenantId: blankAsAbsent(createManualTemplateInput.shape.tenantId.unwrap()),
});

export const listManualTemplatesInput = z.object({ provider: providerSchema.optional() }).strict();

/** A key of an authorizer's ext values: what `{{ext.<key>}}` in a rollout's ext JSON template can name. */
export const authorizerExtKey = z
  .string()
  .regex(/^[A-Za-z0-9_-]{1,64}$/, 'Keys are 1–64 letters, digits, "_" or "-" (what {{ext.<key>}} can name).');
export const AUTHORIZER_EXT_MAX_KEYS = 50;
/**
 * `PATCH /v1/miniprogram/authorizers/{appId}`: the given ext keys are set (a string ≤ 256) or removed (null), the
 * others kept, as a JSON merge patch does; at most 50 keys stored.
 */
export const updateAuthorizerBody = z
  .object({
    ext: z
      .record(
        authorizerExtKey,
        z
          .string()
          .max(256, 'Values are at most 256 characters.')
          .refine((v) => textFault(v) === undefined, 'Values may not hold control characters or lone surrogates.')
          .nullable(),
      )
      .refine((ext) => Object.keys(ext).length <= AUTHORIZER_EXT_MAX_KEYS, {
        message: `At most ${AUTHORIZER_EXT_MAX_KEYS} keys.`,
      })
      .describe(
        'Values for {{ext.<key>}} in rollouts: a string (≤ 256) sets the key, null removes it; keys not given stay.',
      ),
  })
  .strict();
