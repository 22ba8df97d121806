import { asc, eq } from 'drizzle-orm';
import { memberships, operators } from '@/server/db/schema';
import type { PlatformContext } from '../context';
import { toMemberDto, type MemberDto } from './member-dto';

/** Everyone who can sign in to this platform's console, with their role; admins first, then by e-mail. */
export async function listPlatformMembers(ctx: PlatformContext): Promise<{ object: 'list'; data: MemberDto[] }> {
  const rows = await ctx.db
    .select({
      operatorId: operators.id,
      email: operators.email,
      name: operators.name,
      role: memberships.role,
      createdAt: memberships.createdAt,
    })
    .from(memberships)
    .innerJoin(operators, eq(operators.id, memberships.operatorId))
    .where(eq(memberships.platformId, ctx.platformId))
    .orderBy(asc(operators.email));
  const rank = { admin: 0, operator: 1, viewer: 2 } as const;
  return { object: 'list', data: rows.sort((a, b) => rank[a.role] - rank[b.role]).map(toMemberDto) };
}
