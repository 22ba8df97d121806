import { issueVerifyTicket, buildPush } from './push';
import { wxError, wxJson, wxOk } from './respond';
import type { Route, RouteContext } from './route-context';
import {
  KIND,
  randomToken,
  type AuthCode,
  type Authorizer,
  type IssuedToken,
  type PreAuthCode,
  type Ticket,
} from './state';

const text = (value: unknown) => (typeof value === 'string' ? value : '');

/** component_appid must be present (41002) and be this platform's (61011). */
function checkComponentAppId(ctx: RouteContext): Response | undefined {
  const appId = text(ctx.body.component_appid);
  if (!appId) return wxError(41002);
  if (appId !== ctx.config.componentAppId) return wxError(61011);
  return undefined;
}

const funcInfo = (ids: number[]) => ids.map((id) => ({ funcscope_category: { id } }));

async function issueAuthorizerToken(ctx: RouteContext, appId: string): Promise<IssuedToken> {
  const token: IssuedToken = {
    token: randomToken(),
    appId,
    expiresAt: ctx.now().getTime() + ctx.config.ttlSeconds.authorizerToken * 1000,
  };
  await ctx.store.put(KIND.authorizerToken, token.token, token);
  return token;
}

async function authorizedAccount(ctx: RouteContext): Promise<Authorizer | Response> {
  const appId = text(ctx.body.authorizer_appid);
  if (!appId) return wxError(41002);
  const authorizer = await ctx.store.get<Authorizer>(KIND.authorizer, appId);
  return authorizer && authorizer.status === 'authorized' ? authorizer : wxError(61003);
}

/** C.3–C.9: ticket push, component token, pre-auth code, code exchange, authorizer token, authorizer info. */
export const componentRoutes: Record<string, Route> = {
  '/cgi-bin/component/api_start_push_ticket': {
    method: 'POST',
    token: 'none',
    async handle(ctx) {
      const bad = checkComponentAppId(ctx);
      if (bad) return bad;
      if (text(ctx.body.component_secret) !== ctx.config.componentAppSecret) return wxError(40125);
      const event = await issueVerifyTicket(ctx.store, ctx.config, ctx.now);
      await ctx.deliverPush?.(buildPush(ctx.config, event, { now: ctx.now })).catch(() => undefined);
      return wxOk();
    },
  },
  '/cgi-bin/component/api_component_token': {
    method: 'POST',
    token: 'none',
    async handle(ctx) {
      const bad = checkComponentAppId(ctx);
      if (bad) return bad;
      const secret = text(ctx.body.component_appsecret);
      if (!secret) return wxError(41004);
      if (secret !== ctx.config.componentAppSecret) return wxError(40125);
      const ticket = await ctx.store.get<Ticket>(KIND.ticket, text(ctx.body.component_verify_ticket));
      if (!ticket) return wxError(61006);
      if (ticket.expiresAt <= ctx.now().getTime()) return wxError(61005);
      const token: IssuedToken = {
        token: randomToken(),
        expiresAt: ctx.now().getTime() + ctx.config.ttlSeconds.componentToken * 1000,
      };
      await ctx.store.put(KIND.componentToken, token.token, token);
      // Token APIs omit errcode on success (C).
      return wxJson({ component_access_token: token.token, expires_in: ctx.config.ttlSeconds.componentToken });
    },
  },
  '/cgi-bin/component/api_create_preauthcode': {
    method: 'POST',
    token: 'component',
    async handle(ctx) {
      const bad = checkComponentAppId(ctx);
      if (bad) return bad;
      const code: PreAuthCode = {
        code: `preauthcode@@@${randomToken(36)}`,
        expiresAt: ctx.now().getTime() + ctx.config.ttlSeconds.preAuthCode * 1000,
      };
      await ctx.store.put(KIND.preAuthCode, code.code, code);
      return wxJson({ pre_auth_code: code.code, expires_in: ctx.config.ttlSeconds.preAuthCode });
    },
  },
  '/cgi-bin/component/api_query_auth': {
    method: 'POST',
    token: 'component',
    async handle(ctx) {
      const bad = checkComponentAppId(ctx);
      if (bad) return bad;
      const code = await ctx.store.get<AuthCode>(KIND.authCode, text(ctx.body.authorization_code));
      if (!code) return wxError(61009);
      if (code.usedAt !== undefined || code.expiresAt <= ctx.now().getTime()) return wxError(61010);
      await ctx.store.put<AuthCode>(KIND.authCode, code.code, { ...code, usedAt: ctx.now().getTime() });
      const authorizer = await ctx.store.get<Authorizer>(KIND.authorizer, code.authorizerAppId);
      if (!authorizer || authorizer.status !== 'authorized') return wxError(61003);
      const token = await issueAuthorizerToken(ctx, authorizer.appId);
      return wxJson({
        authorization_info: {
          authorizer_appid: authorizer.appId,
          authorizer_access_token: token.token,
          expires_in: ctx.config.ttlSeconds.authorizerToken,
          authorizer_refresh_token: authorizer.refreshToken,
          func_info: funcInfo(authorizer.funcInfo),
        },
      });
    },
  },
  '/cgi-bin/component/api_authorizer_token': {
    method: 'POST',
    token: 'component',
    async handle(ctx) {
      const bad = checkComponentAppId(ctx);
      if (bad) return bad;
      const authorizer = await authorizedAccount(ctx);
      if (authorizer instanceof Response) return authorizer;
      if (text(ctx.body.authorizer_refresh_token) !== authorizer.refreshToken) return wxError(61023);
      const token = await issueAuthorizerToken(ctx, authorizer.appId);
      return wxJson({
        authorizer_access_token: token.token,
        expires_in: ctx.config.ttlSeconds.authorizerToken,
        authorizer_refresh_token: authorizer.refreshToken,
      });
    },
  },
  '/cgi-bin/component/api_get_authorizer_info': {
    method: 'POST',
    token: 'component',
    async handle(ctx) {
      const bad = checkComponentAppId(ctx);
      if (bad) return bad;
      const a = await authorizedAccount(ctx);
      if (a instanceof Response) return a;
      return wxJson({
        authorizer_info: {
          nick_name: a.nickname,
          head_img: a.headImg,
          service_type_info: { id: 0 },
          verify_type_info: { id: 0 },
          user_name: a.userName,
          alias: '',
          qrcode_url: `${ctx.publicBaseUrl}/sandbox-assets/qrcode/${a.appId}.jpg`,
          business_info: { open_pay: 0, open_shake: 0, open_scan: 0, open_card: 0, open_store: 0 },
          principal_name: a.principalName,
          signature: 'A sandbox mini program.',
          account_status: 1,
          MiniProgramInfo: {
            network: {
              RequestDomain: [],
              WsRequestDomain: [],
              UploadDomain: [],
              DownloadDomain: [],
              UDPDomain: [],
              TCPDomain: [],
            },
            categories: [{ first: '商家自营', second: '百货' }],
            visit_status: 0,
          },
        },
        authorization_info: {
          authorizer_appid: a.appId,
          authorizer_refresh_token: a.refreshToken,
          func_info: funcInfo(a.funcInfo),
        },
      });
    },
  },
};
