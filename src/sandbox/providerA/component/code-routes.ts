import { experienceQrcodeJpeg } from './experience-qrcode';
import { wxError, wxOk } from './respond';
import type { Route, RouteContext } from './route-context';
import { findTemplate, KIND, listTemplates, loadCode, type Authorizer } from './state';

const CATEGORIES = [
  { first_class: '商家自营', second_class: '百货', first_id: 304, second_id: 305 },
  { first_class: '工具', second_class: '效率', first_id: 287, second_id: 612 },
];

/** 47001 for a non-object ext_json, 85013 for bad JSON, 85045/85046 for pages and tabBar (D.3). */
function checkExtJson(extJson: unknown, pages: string[]): number | undefined {
  if (typeof extJson !== 'string') return 47001;
  let ext: unknown;
  try {
    ext = JSON.parse(extJson);
  } catch {
    return 85013;
  }
  if (typeof ext !== 'object' || ext === null || Array.isArray(ext)) return 85013;
  const record = ext as Record<string, unknown>;
  if (record.extAppid !== undefined && typeof record.extAppid !== 'string') return 85013;
  if (record.pages !== undefined) {
    if (!Array.isArray(record.pages)) return 85013;
    if (record.pages.some((p) => !pages.includes(String(p)))) return 85045;
  }
  const tabList = (record.tabBar as { list?: unknown } | undefined)?.list;
  if (Array.isArray(tabList) && tabList.some((item) => typeof (item as { pagePath?: unknown })?.pagePath !== 'string'))
    return 85046;
  return undefined;
}

/** template_id: a number, or a numeric string (older docs); anything else (e.g. extra quotes) is 85014. */
function templateIdOf(value: unknown): number | undefined {
  if (typeof value === 'number' && Number.isSafeInteger(value)) return value;
  if (typeof value === 'string' && /^\d+$/.test(value)) return Number(value);
  return undefined;
}

const me = (ctx: RouteContext) => ctx.authorizer as Authorizer;

/** D.2–D.5 and D.10: template library, commit, experience QR, categories, pages, basic info. */
export const codeRoutes: Record<string, Route> = {
  '/wxa/gettemplatelist': {
    method: 'GET',
    token: 'component',
    async handle(ctx) {
      const type = ctx.url.searchParams.get('template_type');
      const templates = (await listTemplates(ctx.store)).filter(
        (t) => type === null || String(t.templateType) === type,
      );
      return wxOk({
        template_list: templates.map((t) => ({
          create_time: t.createTime,
          user_version: t.userVersion,
          user_desc: t.userDesc,
          template_id: t.templateId,
          draft_id: t.draftId,
          template_type: t.templateType,
          source_miniprogram_appid: 'wx0000000000sandbox',
          source_miniprogram: 'Sandbox template source',
          developer: 'sandbox',
          category_list: [],
        })),
      });
    },
  },
  '/wxa/commit': {
    method: 'POST',
    token: 'authorizer',
    permission: 18,
    async handle(ctx) {
      const templateId = templateIdOf(ctx.body.template_id);
      const template = templateId === undefined ? undefined : await findTemplate(ctx.store, templateId);
      if (!template) return wxError(85014);
      const extError = checkExtJson(ctx.body.ext_json, template.pages);
      if (extError) return wxError(extError);
      const userVersion = typeof ctx.body.user_version === 'string' ? ctx.body.user_version : '';
      if (!userVersion || userVersion.length > 64) return wxError(47001, 'user_version');
      const code = await loadCode(ctx.store, me(ctx).appId);
      code.experience = {
        seq: (code.experience?.seq ?? 0) + 1,
        templateId: template.templateId,
        userVersion,
        userDesc: typeof ctx.body.user_desc === 'string' ? ctx.body.user_desc : '',
        extJson: ctx.body.ext_json as string,
        pages: template.pages,
        expTime: Math.floor(ctx.now().getTime() / 1000),
      };
      await ctx.store.put(KIND.code, code.appId, code);
      return wxOk();
    },
  },
  '/wxa/get_qrcode': {
    method: 'GET',
    token: 'authorizer',
    permission: 18,
    async handle(ctx) {
      const code = await loadCode(ctx.store, me(ctx).appId);
      if (!code.experience) return wxError(86001);
      const path = ctx.url.searchParams.get('path') ?? '';
      const content = `${ctx.publicBaseUrl}/experience?appid=${encodeURIComponent(code.appId)}&version=${encodeURIComponent(code.experience.userVersion)}&path=${encodeURIComponent(path)}`;
      const jpeg = await experienceQrcodeJpeg(content);
      return new Response(new Uint8Array(jpeg), {
        status: 200,
        headers: { 'content-type': 'image/jpeg', 'content-disposition': 'attachment; filename="QRCode.jpg"' },
      });
    },
  },
  '/wxa/get_category': {
    method: 'GET',
    token: 'authorizer',
    permission: 18,
    async handle() {
      return wxOk({ category_list: CATEGORIES });
    },
  },
  '/wxa/get_page': {
    method: 'GET',
    token: 'authorizer',
    permission: 18,
    async handle(ctx) {
      const code = await loadCode(ctx.store, me(ctx).appId);
      if (!code.experience) return wxError(86001);
      return wxOk({ page_list: code.experience.pages });
    },
  },
  '/cgi-bin/account/getaccountbasicinfo': {
    // WxJava uses GET, the newest doc POST (D.10): both are served.
    method: 'ANY',
    token: 'authorizer',
    async handle(ctx) {
      const a = me(ctx);
      return wxOk({
        appid: a.appId,
        account_type: 3,
        principal_type: 1,
        principal_name: a.principalName,
        realname_status: 1,
        wx_verify_info: { qualification_verify: false, naming_verify: false },
        signature_info: { signature: 'A sandbox mini program.', modify_used_count: 0, modify_quota: 5 },
        head_image_info: { head_image_url: a.headImg, modify_used_count: 0, modify_quota: 5 },
        nickname: a.nickname,
        nickname_info: { nickname: a.nickname, modify_used_count: 0, modify_quota: 2 },
        registered_country: 1017,
        customer_type: 1,
      });
    },
  },
};

export { CATEGORIES };
