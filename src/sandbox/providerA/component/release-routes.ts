import { createHash } from 'node:crypto';
import { currentAudit } from './audit-routes';
import { wxError, wxOk } from './respond';
import type { Route, RouteContext } from './route-context';
import { KIND, loadCode, type Audit, type Authorizer, type CodeState, type GrayPlan, type Release } from './state';

const me = (ctx: RouteContext) => ctx.authorizer as Authorizer;
const grayRunning = (code: CodeState) => code.gray?.status === 1;

/** The approved audit goes online for everyone (a phased release of it, if running, is finished). */
async function releaseFully(ctx: RouteContext, code: CodeState, audit: Audit) {
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
    ...(code.gray && grayRunning(code) ? { gray: { ...code.gray, status: 3, grayPercentage: 100 } } : {}),
  });
}

/** D.8 release side and D.9 testers. */
export const releaseRoutes: Record<string, Route> = {
  '/wxa/release': {
    method: 'POST',
    token: 'authorizer',
    permission: 18,
    async handle(ctx) {
      const code = await loadCode(ctx.store, me(ctx).appId);
      const audit = await currentAudit(ctx, code.latestAuditId);
      // Nothing approved or under audit → 85019; rejected/withdrawn/pending, or a newer commit → 85020.
      if (!audit) return wxError(85019);
      // Releasing during a phased release of the same audit takes it to everyone.
      const phased = grayRunning(code) && code.gray!.auditId === audit.auditId;
      if (audit.releasedAt !== undefined && !phased) return wxError(85052);
      if (audit.status !== 0 || audit.experienceSeq !== code.experience?.seq) return wxError(85020);
      await releaseFully(ctx, code, audit);
      return wxOk();
    },
  },
  /**
   * Phased release (D.8a): the approved audit goes to `gray_percentage` % of users, raised by calling again. Needs
   * an online version to stay with the others (85079), an approved, unreleased audit of the current commit
   * (85080), 1–100 or 0 with one of the member-first flags (85081), and a higher percentage than a running
   * plan's (85082). 100 releases fully.
   */
  '/wxa/grayrelease': {
    method: 'POST',
    token: 'authorizer',
    permission: 18,
    async handle(ctx) {
      const percentage = ctx.body.gray_percentage;
      const experiencerFirst = ctx.body.support_experiencer_first === true;
      const debugerFirst = ctx.body.support_debuger_first === true;
      if (
        typeof percentage !== 'number' ||
        !Number.isInteger(percentage) ||
        percentage < 0 ||
        percentage > 100 ||
        (percentage === 0 && !experiencerFirst && !debugerFirst)
      )
        return wxError(85081);
      const code = await loadCode(ctx.store, me(ctx).appId);
      if (!code.online) return wxError(85079);
      const audit = await currentAudit(ctx, code.latestAuditId);
      const running = grayRunning(code) && code.gray!.auditId === audit?.auditId;
      if (
        !audit ||
        audit.status !== 0 ||
        audit.experienceSeq !== code.experience?.seq ||
        (audit.releasedAt !== undefined && !running)
      )
        return wxError(85080);
      if (running && percentage <= code.gray!.grayPercentage) return wxError(85082);
      if (percentage === 100) {
        await releaseFully(ctx, code, audit);
        return wxOk();
      }
      const at = Math.floor(ctx.now().getTime() / 1000);
      const gray: GrayPlan = {
        auditId: audit.auditId,
        status: 1,
        grayPercentage: percentage,
        supportExperiencerFirst: experiencerFirst,
        supportDebugerFirst: debugerFirst,
        createTimestamp: running ? code.gray!.createTimestamp : at,
      };
      // The audit counts as released from the first phase on: /wxa/release then widens it to everyone.
      await ctx.store.put(KIND.audit, audit.auditId, { ...audit, releasedAt: audit.releasedAt ?? at });
      await ctx.store.put(KIND.code, code.appId, { ...code, gray });
      return wxOk();
    },
  },
  '/wxa/getgrayreleaseplan': {
    method: 'GET',
    token: 'authorizer',
    permission: 18,
    async handle(ctx) {
      const { gray } = await loadCode(ctx.store, me(ctx).appId);
      // No plan ever: the initial state (0), as the upstream reports it.
      return wxOk({
        gray_release_plan: gray
          ? {
              status: gray.status,
              create_timestamp: gray.createTimestamp,
              gray_percentage: gray.grayPercentage,
              support_experiencer_first: gray.supportExperiencerFirst,
              support_debuger_first: gray.supportDebugerFirst,
            }
          : { status: 0, create_timestamp: 0, gray_percentage: 0 },
      });
    },
  },
  /** Revokes a running phased release: its users go back to the online version; the audit may be released again. */
  '/wxa/revertgrayrelease': {
    method: 'GET',
    token: 'authorizer',
    permission: 18,
    async handle(ctx) {
      const code = await loadCode(ctx.store, me(ctx).appId);
      if (!grayRunning(code)) return wxOk();
      const audit = await ctx.store.get<Audit>(KIND.audit, code.gray!.auditId);
      if (audit) await ctx.store.put(KIND.audit, audit.auditId, { ...audit, releasedAt: undefined });
      await ctx.store.put(KIND.code, code.appId, { ...code, gray: { ...code.gray!, status: 4 } });
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
      if (grayRunning(code)) return wxError(87011);
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
