import { createHash } from 'node:crypto';
import { wxError, wxOk } from './respond';
import type { Route, RouteContext } from './route-context';
import { KIND, loadCode, type Audit, type Authorizer, type Release } from './state';

const me = (ctx: RouteContext) => ctx.authorizer as Authorizer;

/** D.8 release side and D.9 testers. */
export const releaseRoutes: Record<string, Route> = {
  '/wxa/release': {
    method: 'POST',
    token: 'authorizer',
    permission: 18,
    async handle(ctx) {
      const code = await loadCode(ctx.store, me(ctx).appId);
      const audit = code.latestAuditId ? await ctx.store.get<Audit>(KIND.audit, code.latestAuditId) : undefined;
      // Nothing approved or under audit → 85019; rejected/withdrawn/pending, or a newer commit → 85020.
      if (!audit) return wxError(85019);
      if (audit.releasedAt !== undefined) return wxError(85052);
      if (audit.status !== 0 || audit.experienceSeq !== code.experience?.seq) return wxError(85020);
      const at = Math.floor(ctx.now().getTime() / 1000);
      const release: Release = {
        appVersion: code.nextAppVersion,
        auditId: audit.auditId,
        userVersion: audit.userVersion,
        userDesc: audit.userDesc,
        releaseTime: at,
      };
      const history = code.online ? [code.online, ...code.history].slice(0, 5) : code.history;
      await ctx.store.put(KIND.audit, audit.auditId, { ...audit, releasedAt: at });
      await ctx.store.put(KIND.code, code.appId, {
        ...code,
        online: release,
        history,
        rolledBack: false,
        nextAppVersion: code.nextAppVersion + 1,
      });
      return wxOk();
    },
  },
  '/wxa/revertcoderelease': {
    method: 'GET',
    token: 'authorizer',
    permission: 18,
    async handle(ctx) {
      const code = await loadCode(ctx.store, me(ctx).appId);
      if (ctx.url.searchParams.get('action') === 'get_history_version') {
        const list = [...(code.online ? [code.online] : []), ...code.history];
        return wxOk({
          version_list: list.map((r) => ({
            app_version: r.appVersion,
            user_version: r.userVersion,
            user_desc: r.userDesc,
            commit_time: r.releaseTime,
          })),
        });
      }
      const wanted = ctx.url.searchParams.get('app_version');
      const target = wanted === null ? code.history[0] : code.history.find((r) => String(r.appVersion) === wanted);
      // After a rollback another one is refused; so is a rollback with no earlier release (D.8).
      if (!code.online || !target || code.rolledBack) return wxError(87012);
      const history = code.history.filter((r) => r !== target);
      await ctx.store.put(KIND.code, code.appId, {
        ...code,
        online: { ...target, releaseTime: Math.floor(ctx.now().getTime() / 1000) },
        history,
        rolledBack: true,
      });
      return wxOk();
    },
  },
  '/wxa/getversioninfo': {
    method: 'POST',
    token: 'authorizer',
    permission: 18,
    async handle(ctx) {
      const code = await loadCode(ctx.store, me(ctx).appId);
      const exp = code.experience;
      return wxOk({
        ...(exp ? { exp_info: { exp_time: exp.expTime, exp_version: exp.userVersion, exp_desc: exp.userDesc } } : {}),
        ...(code.online
          ? {
              release_info: {
                release_time: code.online.releaseTime,
                release_version: code.online.userVersion,
                release_desc: code.online.userDesc,
              },
            }
          : {}),
      });
    },
  },
  '/wxa/bind_tester': {
    method: 'POST',
    token: 'authorizer',
    permission: 18,
    async handle(ctx) {
      const wechatId = typeof ctx.body.wechatid === 'string' ? ctx.body.wechatid : '';
      // WeChat ids: 6–20 characters, a letter first (the sandbox's stand-in for "user exists").
      if (!/^[A-Za-z][-_A-Za-z0-9]{5,19}$/.test(wechatId)) return wxError(85001);
      const code = await loadCode(ctx.store, me(ctx).appId);
      if (code.testers.some((t) => t.wechatId === wechatId)) return wxError(85004);
      if (code.testers.length >= ctx.config.maxTesters) return wxError(85002);
      const userStr = createHash('sha256').update(`${code.appId}:${wechatId}`).digest('hex').slice(0, 32);
      await ctx.store.put(KIND.code, code.appId, { ...code, testers: [...code.testers, { wechatId, userStr }] });
      return wxOk({ userstr: userStr });
    },
  },
  '/wxa/unbind_tester': {
    method: 'POST',
    token: 'authorizer',
    permission: 18,
    async handle(ctx) {
      const { wechatid, userstr } = ctx.body;
      if (typeof wechatid !== 'string' && typeof userstr !== 'string') return wxError(47001, 'wechatid or userstr');
      const code = await loadCode(ctx.store, me(ctx).appId);
      const testers = code.testers.filter((t) => t.wechatId !== wechatid && t.userStr !== userstr);
      await ctx.store.put(KIND.code, code.appId, { ...code, testers });
      return wxOk();
    },
  },
  '/wxa/memberauth': {
    method: 'POST',
    token: 'authorizer',
    permission: 18,
    async handle(ctx) {
      if (ctx.body.action !== 'get_experiencer') return wxError(47001, 'action');
      const code = await loadCode(ctx.store, me(ctx).appId);
      return wxOk({ members: code.testers.map((t) => ({ userstr: t.userStr })) });
    },
  },
};
