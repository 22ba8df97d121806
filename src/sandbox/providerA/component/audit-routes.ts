import { randomInt } from 'node:crypto';
import { planAuditDecision, readAuditPolicy } from '@/sandbox/audit-policy';
import { settleDueAudit } from './audit-control';
import { claimQuota, quotaUsed } from './audit-quota';
import { CATEGORIES } from './code-routes';
import { buildPush } from './push';
import { wxError, wxOk } from './respond';
import type { Route, RouteContext } from './route-context';
import { KIND, loadCode, type Audit, type Authorizer } from './state';

const me = (ctx: RouteContext) => ctx.authorizer as Authorizer;
const month = (d: Date) => d.toISOString().slice(0, 7);

/** The platform's monthly submit-audit quota: the namespace's audit policy, else the emulator's default. */
export async function auditQuotaLimit(ctx: Pick<RouteContext, 'store' | 'config'>) {
  return (await readAuditPolicy(ctx.store, 'providerA')).quota.limit ?? ctx.config.submitAuditQuotaPerMonth;
}

/**
 * An audit as the upstream sees it now: one whose automatic decision is due is decided first, and its push sent
 * (so the service's polling and its push handler both see the decision).
 */
export async function currentAudit(ctx: RouteContext, auditId: string | undefined): Promise<Audit | undefined> {
  const audit = auditId ? await ctx.store.get<Audit>(KIND.audit, auditId) : undefined;
  if (!audit) return undefined;
  return settleDueAudit(ctx.store, audit, {
    now: ctx.now,
    push: async (decided) =>
      ctx.deliverPush?.(
        buildPush(ctx.config, decided.event, { authorizerAppId: decided.authorizerAppId, now: ctx.now }),
      ),
  });
}

/** item_list rules (D.6): 1–5 items, tags, titles, page addresses from get_page, categories from get_category. */
function checkItems(items: unknown, pages: string[]): number | undefined {
  if (items === undefined) return undefined;
  if (!Array.isArray(items)) return 47001;
  if (items.length < 1 || items.length > 5) return 85023;
  for (const raw of items) {
    const item = (raw ?? {}) as Record<string, unknown>;
    if (!item.first_class || !item.second_class || item.first_id === undefined || item.second_id === undefined)
      return 85010;
    const tags = String(item.tag ?? '')
      .split(' ')
      .filter(Boolean);
    if (tags.length > 10 || tags.some((t) => t.length > 20)) return 85006;
    if (String(item.title ?? '').length > 32) return 85011;
    if (item.address !== undefined && !pages.includes(String(item.address))) return 85007;
    if (!CATEGORIES.some((c) => c.first_id === Number(item.first_id) && c.second_id === Number(item.second_id)))
      return 85008;
  }
  return undefined;
}

const isIntArray = (value: unknown, min: number, max: number) =>
  Array.isArray(value) && value.every((v) => Number.isInteger(v) && v >= min && v <= max);
const isShortText = (value: unknown, max: number) =>
  value === undefined || (typeof value === 'string' && value.length <= max);

/**
 * The reviewer's declarations (D.6): `ugc_declare` `{scene[0–5], other_scene_desc ≤ 256, method[1–4],
 * has_audit_team 0|1, audit_desc ≤ 256}`, `preview_info` `{video_id_list[], pic_id_list[]}` of media ids,
 * `order_path` a page path. A wrong shape is 47001 (data format error), naming the field.
 */
function checkDeclarations(body: Record<string, unknown>): string | undefined {
  const ugc = body.ugc_declare;
  if (ugc !== undefined) {
    if (!ugc || typeof ugc !== 'object' || Array.isArray(ugc)) return 'ugc_declare';
    const u = ugc as Record<string, unknown>;
    if (!isIntArray(u.scene, 0, 5) || (u.scene as number[]).length === 0) return 'ugc_declare.scene';
    if (u.method !== undefined && !isIntArray(u.method, 1, 4)) return 'ugc_declare.method';
    if (u.has_audit_team !== undefined && u.has_audit_team !== 0 && u.has_audit_team !== 1)
      return 'ugc_declare.has_audit_team';
    if (!isShortText(u.other_scene_desc, 256)) return 'ugc_declare.other_scene_desc';
    if (!isShortText(u.audit_desc, 256)) return 'ugc_declare.audit_desc';
  }
  const preview = body.preview_info;
  if (preview !== undefined) {
    if (!preview || typeof preview !== 'object' || Array.isArray(preview)) return 'preview_info';
    for (const key of ['video_id_list', 'pic_id_list']) {
      const list = (preview as Record<string, unknown>)[key];
      if (list !== undefined && !(Array.isArray(list) && list.every((id) => typeof id === 'string' && id !== '')))
        return `preview_info.${key}`;
    }
  }
  if (body.order_path !== undefined && (typeof body.order_path !== 'string' || body.order_path === ''))
    return 'order_path';
  return undefined;
}

function auditStatusBody(audit: Audit, screenshotKey: 'screenshot' | 'ScreenShot') {
  return {
    status: audit.status,
    ...(audit.reason !== undefined ? { reason: audit.reason } : {}),
    ...(audit.screenshot !== undefined ? { [screenshotKey]: audit.screenshot } : {}),
  };
}

/** D.6–D.8 audit side: submit, status, latest status, withdraw, quota. */
export const auditRoutes: Record<string, Route> = {
  '/wxa/submit_audit': {
    method: 'POST',
    token: 'authorizer',
    permission: 18,
    async handle(ctx) {
      const code = await loadCode(ctx.store, me(ctx).appId);
      if (!code.experience) return wxError(85086);
      const latest = await currentAudit(ctx, code.latestAuditId);
      if (latest && (latest.status === 2 || latest.status === 4)) return wxError(85009);
      const itemError = checkItems(ctx.body.item_list, code.experience.pages);
      if (itemError) return wxError(itemError);
      if (String(ctx.body.feedback_info ?? '').length > 200) return wxError(47001, 'feedback_info');
      const badDeclaration = checkDeclarations(ctx.body);
      if (badDeclaration) return wxError(47001, badDeclaration);
      if (!(await claimQuota(ctx.store, ctx.now(), await auditQuotaLimit(ctx)))) return wxError(85085);
      const auditId = String(randomInt(100_000_000, 2_000_000_000));
      const auto = await planAuditDecision(ctx.store, 'providerA', auditId, ctx.now());
      const audit: Audit = {
        auditId,
        ...(auto ? { auto } : {}),
        appId: code.appId,
        status: 2,
        templateId: code.experience.templateId,
        experienceSeq: code.experience.seq,
        userVersion: code.experience.userVersion,
        userDesc: code.experience.userDesc,
        submitTime: Math.floor(ctx.now().getTime() / 1000),
        declared: {
          ugc_declare: ctx.body.ugc_declare,
          preview_info: ctx.body.preview_info,
          order_path: ctx.body.order_path,
        },
      };
      await ctx.store.put(KIND.audit, audit.auditId, audit);
      await ctx.store.put(KIND.code, code.appId, { ...code, latestAuditId: audit.auditId });
      return wxOk({ auditid: Number(audit.auditId) });
    },
  },
  '/wxa/get_auditstatus': {
    method: 'POST',
    token: 'authorizer',
    permission: 18,
    async handle(ctx) {
      const id = ctx.body.auditid;
      const audit = typeof id === 'number' || typeof id === 'string' ? await currentAudit(ctx, String(id)) : undefined;
      if (!audit || audit.appId !== me(ctx).appId) return wxError(85012);
      return wxOk(auditStatusBody(audit, 'screenshot'));
    },
  },
  '/wxa/get_latest_auditstatus': {
    method: 'GET',
    token: 'authorizer',
    permission: 18,
    async handle(ctx) {
      const code = await loadCode(ctx.store, me(ctx).appId);
      const audit = await currentAudit(ctx, code.latestAuditId);
      if (!audit) return wxError(85058);
      // The doc example spells it `ScreenShot` here (D.7).
      return wxOk({
        auditid: Number(audit.auditId),
        ...auditStatusBody(audit, 'ScreenShot'),
        user_version: audit.userVersion,
        user_desc: audit.userDesc,
        submit_audit_time: audit.submitTime,
      });
    },
  },
  '/wxa/undocodeaudit': {
    method: 'GET',
    token: 'authorizer',
    permission: 18,
    async handle(ctx) {
      const code = await loadCode(ctx.store, me(ctx).appId);
      const audit = await currentAudit(ctx, code.latestAuditId);
      // Withdrawing with nothing under audit historically still answered ok (D.8).
      if (!audit || (audit.status !== 2 && audit.status !== 4)) return wxOk();
      const day = ctx.now().toISOString().slice(0, 10);
      const undo = {
        day,
        dayCount: code.undo.day === day ? code.undo.dayCount : 0,
        month: month(ctx.now()),
        monthCount: code.undo.month === month(ctx.now()) ? code.undo.monthCount : 0,
      };
      if (undo.dayCount >= 5 || undo.monthCount >= 10) return wxError(87013);
      await ctx.store.put(KIND.audit, audit.auditId, { ...audit, status: 3 });
      await ctx.store.put(KIND.code, code.appId, {
        ...code,
        undo: { ...undo, dayCount: undo.dayCount + 1, monthCount: undo.monthCount + 1 },
      });
      return wxOk();
    },
  },
  '/wxa/queryquota': {
    method: 'GET',
    token: 'authorizer',
    async handle(ctx) {
      const used = await quotaUsed(ctx.store, ctx.now());
      const { quota } = await readAuditPolicy(ctx.store, 'providerA');
      const limit = quota.limit ?? ctx.config.submitAuditQuotaPerMonth;
      return wxOk({
        rest: Math.max(0, limit - used),
        limit,
        speedup_rest: quota.speedupRest,
        speedup_limit: quota.speedupLimit,
      });
    },
  },
};
