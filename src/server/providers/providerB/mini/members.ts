import { AppError } from '@/server/errors';
import type { ProviderBGateway } from '../gateway/gateway-client';
import { MINI_MEMBER_ROLES, MINI_METHODS, type MiniMemberRole } from '@/protocols/providerB/mini/methods';
import { callMini, list, text } from './mini-call';

export interface MiniMember {
  userId?: string;
  openId?: string;
  /** Masked by Alipay (e.g. `138******00`, `abc***@example.com`). */
  logonId?: string;
  nickName?: string;
  role: string;
  status?: string;
  joinedAt?: string;
  invitedAt?: string;
}

function checkRole(role: string): asserts role is MiniMemberRole {
  if (!(MINI_MEMBER_ROLES as readonly string[]).includes(role))
    throw new AppError('invalid_request', 'role must be DEVELOPER or EXPERIENCER.', {
      errors: [{ pointer: '/role', code: 'invalid', message: 'DEVELOPER or EXPERIENCER' }],
    });
}

/**
 * `alipay.open.app.members.create` (C.8). Alipay sends the user an invitation they accept in the app;
 * `logonId` is their Alipay login (phone or e-mail), personal data that never goes into our messages.
 */
export async function addMember(
  gateway: ProviderBGateway,
  input: { appAuthToken: string; logonId: string; role: MiniMemberRole },
): Promise<void> {
  checkRole(input.role);
  await callMini(
    gateway,
    MINI_METHODS.membersCreate,
    { logon_id: input.logonId, role: input.role },
    input.appAuthToken,
  );
}

/** `alipay.open.app.members.query` for one role, or both when none is given. */
export async function listMembers(
  gateway: ProviderBGateway,
  input: { appAuthToken: string; role?: MiniMemberRole },
): Promise<MiniMember[]> {
  if (input.role) checkRole(input.role);
  const roles = input.role ? [input.role] : MINI_MEMBER_ROLES;
  const members: MiniMember[] = [];
  for (const role of roles) {
    const p = await callMini(gateway, MINI_METHODS.membersQuery, { role }, input.appAuthToken);
    for (const m of list(p.app_member_info_list)) {
      members.push({
        userId: text(m.user_id),
        openId: text(m.open_id),
        logonId: text(m.logon_id),
        nickName: text(m.nick_name),
        role: text(m.role) ?? role,
        status: text(m.status),
        joinedAt: text(m.gmt_join),
        invitedAt: text(m.gmt_invite),
      });
    }
  }
  return members;
}

/** Does a masked logon id (runs of `*` hide characters) fit this clear one? */
export function maskedLogonIdMatches(masked: string, logonId: string): boolean {
  const pattern = masked
    .split(/\*+/)
    .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
    .join('.+');
  return new RegExp(`^${pattern}$`, 'i').test(logonId);
}

/**
 * `alipay.open.app.members.delete` takes `user_id` (or `open_id`), not the logon id we were given, and
 * the member list only shows masked logon ids. So we match the mask against the clear logon id; two
 * members fitting the same mask is refused rather than guessed (pass `userId` then).
 */
export async function deleteMember(
  gateway: ProviderBGateway,
  input: { appAuthToken: string; role: MiniMemberRole; logonId?: string; userId?: string },
): Promise<{ userId: string }> {
  checkRole(input.role);
  let userId = input.userId;
  if (!userId) {
    if (!input.logonId) throw new AppError('invalid_request', 'deleteMember needs a logonId or a userId.');
    const logonId = input.logonId;
    const matches = (await listMembers(gateway, { appAuthToken: input.appAuthToken, role: input.role })).filter(
      (m) => m.userId && m.logonId && (m.logonId === logonId || maskedLogonIdMatches(m.logonId, logonId)),
    );
    if (matches.length === 0) throw new AppError('not_found', `No ${input.role} member with that logon id.`);
    if (matches.length > 1)
      throw new AppError('conflict', `Several ${input.role} members match that logon id's mask; pass the userId.`);
    userId = matches[0]!.userId!;
  }
  await callMini(gateway, MINI_METHODS.membersDelete, { role: input.role, user_id: userId }, input.appAuthToken);
  return { userId };
}
