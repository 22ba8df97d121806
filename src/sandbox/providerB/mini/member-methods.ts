import { formatGatewayTimestamp } from '@/protocols/providerB/gateway/timestamp';
import { MINI_MEMBER_ROLES } from '@/protocols/providerB/mini/methods';
import { businessFailed, invalidParameter } from '../gateway/registry';
import { saveApp, userIdForLogon, type SandboxMember } from './mini-store';
import { proxiedMethod } from './proxied';

const LIMITS: Record<string, number> = { DEVELOPER: 30, EXPERIENCER: 50 };
const ALREADY: Record<string, [string, string]> = {
  DEVELOPER: ['DEVELOPER_ALREADY_EXSIT', '用户已是开发者或被邀请中'], // sic
  EXPERIENCER: ['EXPERIENCER_ALREADY_EXIST', '用户已是体验者或被邀请中'],
};

function roleOf(biz: Record<string, unknown>): string {
  const role = typeof biz.role === 'string' ? biz.role : '';
  if (!(MINI_MEMBER_ROLES as readonly string[]).includes(role)) throw businessFailed('INVALID_ROLE', '非法的角色类型');
  return role;
}

/** Alipay shows logon ids masked: `138******00`, `abc***@example.com`. */
export function maskLogonId(logonId: string): string {
  const at = logonId.indexOf('@');
  if (at > 0) return `${logonId.slice(0, Math.min(3, at))}***${logonId.slice(at)}`;
  return logonId.length > 5 ? `${logonId.slice(0, 3)}******${logonId.slice(-2)}` : '***';
}

/**
 * `alipay.open.app.members.create` (C.8). The sandbox user accepts the invitation at once (status
 * `VALID`; the pending value is unconfirmed), so the member shows up in the list immediately.
 */
export const membersCreateMethod = proxiedMethod(async ({ biz }, { store, now }, app) => {
  const role = roleOf(biz);
  const logonId = typeof biz.logon_id === 'string' ? biz.logon_id.trim() : '';
  if (!logonId) throw invalidParameter('参数有误：logon_id 不能为空');
  if (!/^1\d{10}$/.test(logonId) && !/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(logonId))
    throw businessFailed('invalid_logon_id', '非法的支付宝登录账号id');
  if (logonId === app.manager_logon_id)
    throw businessFailed('CANNOT_INVITE_MANAGER', '不允许增加管理员成为体验者或者开发者');
  const sameRole = app.members.filter((m) => m.role === role);
  if (sameRole.some((m) => m.logon_id === logonId)) throw businessFailed(...ALREADY[role]!);
  if (sameRole.length >= LIMITS[role]!) throw businessFailed('ROLE_OVER_LIMIT', '当前的角色类型数量超出限制');
  const stamp = formatGatewayTimestamp(now());
  const member: SandboxMember = {
    user_id: userIdForLogon(logonId),
    logon_id: logonId,
    nick_name: `沙箱用户${userIdForLogon(logonId).slice(-4)}`,
    role,
    status: 'VALID',
    gmt_invite: stamp,
    gmt_join: stamp.slice(0, 10),
  };
  await saveApp(store, { ...app, members: [...app.members, member] });
  return {};
});

/** `alipay.open.app.members.delete` (C.8): by `user_id` (the sandbox issues no open_ids). */
export const membersDeleteMethod = proxiedMethod(async ({ biz }, { store }, app) => {
  const role = roleOf(biz);
  const userId = typeof biz.user_id === 'string' ? biz.user_id : '';
  if (!userId) throw invalidParameter('参数有误：user_id 不能为空');
  const remaining = app.members.filter((m) => !(m.role === role && m.user_id === userId));
  if (remaining.length === app.members.length) throw invalidParameter('参数有误：该用户不是此角色的成员');
  await saveApp(store, { ...app, members: remaining });
  return {};
});

/** `alipay.open.app.members.query` (C.8): one role; logon ids masked. */
export const membersQueryMethod = proxiedMethod(async ({ biz }, _ctx, app) => {
  const role = roleOf(biz);
  return {
    app_member_info_list: app.members
      .filter((m) => m.role === role)
      .map((m) => ({
        user_id: m.user_id,
        logon_id: maskLogonId(m.logon_id),
        nick_name: m.nick_name,
        role: m.role,
        status: m.status,
        gmt_join: m.gmt_join,
        gmt_invite: m.gmt_invite,
      })),
  };
});
