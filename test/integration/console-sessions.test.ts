/**
 * Ending console sessions (next-auth JWTs), through the real /api/auth and /api/trpc routes with the cookies
 * next-auth itself issues: a session made before a sign-out, a password change, a role change or removal, or
 * an admin's "sign out everywhere" is refused afterwards, however many copies of it exist.
 */
import { eq } from 'drizzle-orm';
import { encode } from 'next-auth/jwt';
import { beforeAll, describe, expect, it } from 'vitest';
import { getSecrets } from '@/server/config/secrets';
import { operators } from '@/server/db/schema';
import { createOperator } from '@/server/services/operators/create-operator';
import { createConsoleTeam } from '../support/console-team';
import { sessionOperatorId, signInOverHttp, signOutOverHttp } from '../support/console-sign-in';
import { describeEachDatabase } from '../support/databases';
import { useRequestScope } from '../support/next-request-scope';
import { callTrpcOverHttp } from '../support/trpc-procedures';

const TEAM_PASSWORD = 'a-long-password-1';

describeEachDatabase('console sessions end when they should', (database) => {
  useRequestScope();
  let team: Awaited<ReturnType<typeof createConsoleTeam>>;
  let seq = 0;
  beforeAll(async () => {
    team = await createConsoleTeam(database().db);
  });

  /** A fresh operator on the team's platform, and a way to sign them in (each call is another device). */
  const member = async (role: 'operator' | 'viewer' = 'viewer') => {
    const email = `session-${Date.now()}-${++seq}@example.com`;
    const { operatorId } = await createOperator(
      { db: database().db, actor: 'test' },
      {
        email,
        password: TEAM_PASSWORD,
        platformId: team.platformId,
        role,
      },
    );
    return { email, operatorId, signIn: (password = TEAM_PASSWORD) => signedIn(email, password) };
  };
  const signedIn = async (email: string, password: string) => {
    const answer = await signInOverHttp({ email, password, socketAddress: `192.0.2.${seq % 250}` });
    expect(answer.error).toBeNull();
    return answer.sessionCookie!;
  };
  const emailOf = async (operatorId: string) =>
    (await database().db.select({ email: operators.email }).from(operators).where(eq(operators.id, operatorId)))[0]!
      .email;
  /** The HTTP status of a console call made with this cookie (me.get needs any valid session). */
  const meStatus = async (cookie: string) => (await callTrpcOverHttp({ method: 'GET', path: 'me.get', cookie })).status;
  const mutate = (cookie: string, path: string, input: unknown) =>
    callTrpcOverHttp({ method: 'POST', path, input: JSON.stringify(input), contentType: 'application/json', cookie });

  it('sign-out ends the session it came from and every other session of that operator; signing in again works', async () => {
    const { operatorId, signIn } = await member();
    const laptop = await signIn();
    const phone = await signIn();
    expect([await meStatus(laptop), await meStatus(phone)]).toEqual([200, 200]);
    expect(await sessionOperatorId(laptop)).toBe(operatorId);

    expect(await signOutOverHttp(laptop)).toMatchObject({ cleared: true });
    // A copy of the laptop's cookie kept from before (the browser deleted its own) and the phone's: both refused.
    expect([await meStatus(laptop), await meStatus(phone)]).toEqual([401, 401]);
    expect(await sessionOperatorId(laptop)).toBeUndefined();
    expect(await meStatus(await signIn())).toBe(200);
  });

  it('a password change ends every session, the one that made it too; the new password signs in', async () => {
    const { signIn } = await member();
    const here = await signIn();
    const elsewhere = await signIn();
    const changed = await mutate(here, 'me.changePassword', {
      currentPassword: TEAM_PASSWORD,
      newPassword: 'a-brand-new-password-2',
    });
    expect(changed.status).toBe(200);
    expect([await meStatus(here), await meStatus(elsewhere)]).toEqual([401, 401]);
    expect(await meStatus(await signIn('a-brand-new-password-2'))).toBe(200);
  });

  it('a role change or a removal ends that member’s sessions; other operators keep theirs', async () => {
    const admin = await signedIn(await emailOf(team.ids.admin), TEAM_PASSWORD);
    const demoted = await member('operator');
    const removed = await member('operator');
    const [demotedSession, removedSession, bystander] = [
      await demoted.signIn(),
      await removed.signIn(),
      await (await member()).signIn(),
    ];

    expect(
      (
        await mutate(admin, 'members.changeRole', {
          platformId: team.platformId,
          operatorId: demoted.operatorId,
          role: 'viewer',
        })
      ).status,
    ).toBe(200);
    expect(
      (
        await mutate(admin, 'members.remove', {
          platformId: team.platformId,
          operatorId: removed.operatorId,
        })
      ).status,
    ).toBe(200);
    expect([await meStatus(demotedSession), await meStatus(removedSession)]).toEqual([401, 401]);
    expect([await meStatus(admin), await meStatus(bystander)]).toEqual([200, 200]);
    // The demoted member signs in again, now as a viewer.
    expect(await meStatus(await demoted.signIn())).toBe(200);
  });

  it('an admin’s "sign out everywhere" ends all of one member’s sessions; viewers and other platforms’ admins may not', async () => {
    const admin = await signedIn(await emailOf(team.ids.admin), TEAM_PASSWORD);
    const target = await member();
    const sessions = [await target.signIn(), await target.signIn()];
    const viewer = await (await member()).signIn();
    const input = { platformId: team.platformId, operatorId: target.operatorId };

    expect((await mutate(viewer, 'members.endSessions', input)).status).toBe(403);
    const otherTeam = await createConsoleTeam(database().db);
    const otherAdmin = await signedIn(await emailOf(otherTeam.ids.admin), TEAM_PASSWORD);
    const foreign = await mutate(otherAdmin, 'members.endSessions', {
      platformId: otherTeam.platformId,
      operatorId: target.operatorId,
    });
    expect(foreign.status).toBe(404);
    expect([await meStatus(sessions[0]!), await meStatus(sessions[1]!)]).toEqual([200, 200]);

    const ended = await mutate(admin, 'members.endSessions', input);
    expect(ended.status).toBe(200);
    expect(JSON.parse(ended.text)).toMatchObject({
      result: { data: { operatorId: target.operatorId, sessionsEnded: true } },
    });
    expect([await meStatus(sessions[0]!), await meStatus(sessions[1]!)]).toEqual([401, 401]);
    expect([await meStatus(admin), await meStatus(viewer)]).toEqual([200, 200]);
  });

  it('refuses a validly signed session token that carries no session version (issued before sessions could end)', async () => {
    const { operatorId } = await member();
    const token = await encode({ token: { sub: operatorId, operatorId }, secret: getSecrets().sessionSecret });
    expect(await meStatus(`next-auth.session-token=${token}`)).toBe(401);
  });

  describe('next-auth’s own redirect after sign-in stays on this origin', () => {
    it.each([
      'http://evil.example/x',
      '//evil.example/x',
      '/\\evil.example/x',
      '/%5Cevil.example',
      'javascript:alert(1)',
      ' \t//evil.example',
    ])('%s', async (callbackUrl) => {
      const { email } = await member();
      const answer = await signInOverHttp({ email, password: TEAM_PASSWORD, callbackUrl });
      expect(answer.error).toBeNull();
      const url = new URL(answer.url);
      expect(url.origin).toBe('http://localhost:3000');
      expect(url.pathname).toMatch(/^\/(?![/\\])/);
    });

    it('follows a path on this origin', async () => {
      const { email } = await member();
      const answer = await signInOverHttp({
        email,
        password: TEAM_PASSWORD,
        callbackUrl: `/platforms/${team.platformId}/settings?tab=members`,
      });
      expect(answer.url).toBe(`http://localhost:3000/platforms/${team.platformId}/settings?tab=members`);
    });
  });
});
