import { expect, request as playwrightRequest, test, type APIRequestContext } from '@playwright/test';
import { mailedLink } from '../support/mailbox';
import { admin, provision } from '../support/provision';

/**
 * Ending console sessions, over real HTTP against the production build: each APIRequestContext is a device
 * with its own cookie jar, and `copyOf` keeps a copy of a cookie from before (what a thief would hold).
 * A session made before sign-out, a password change, a role change, a removal or "sign out everywhere" is
 * refused afterwards.
 */
test.describe('console sessions end over HTTP', () => {
  const base = () => test.info().project.use.baseURL!;
  const devices: APIRequestContext[] = [];
  test.afterEach(async () => {
    await Promise.all(devices.splice(0).map((d) => d.dispose()));
  });

  async function device() {
    const context = await playwrightRequest.newContext({ baseURL: base() });
    devices.push(context);
    return context;
  }
  /** Signs in the way the sign-in form does (CSRF token, then the credentials POST). */
  async function signedIn(who: { email: string; password: string }) {
    const context = await device();
    const { csrfToken } = (await (await context.get('/api/auth/csrf')).json()) as { csrfToken: string };
    const answer = await context.post('/api/auth/callback/credentials', {
      form: { csrfToken, email: who.email, password: who.password, json: 'true' },
    });
    expect(answer.ok(), await answer.text()).toBe(true);
    expect((await context.storageState()).cookies.map((c) => c.name)).toContain('next-auth.session-token');
    return context;
  }
  async function copyOf(context: APIRequestContext) {
    const copy = await playwrightRequest.newContext({ baseURL: base(), storageState: await context.storageState() });
    devices.push(copy);
    return copy;
  }
  const meStatus = async (context: APIRequestContext) => (await context.get('/api/trpc/me.get')).status();
  const mutate = (context: APIRequestContext, path: string, data: unknown) =>
    context.post(`/api/trpc/${path}`, { data });

  /** A new operator of the e2e platform: invited by the admin, joined through the link with their own password. */
  async function newMember(adminDevice: APIRequestContext) {
    const platformId = provision().platformId;
    const email = `session-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@e2e.test`;
    const invited = await mutate(adminDevice, 'members.invite', { platformId, email, role: 'operator' });
    expect(invited.status(), await invited.text()).toBe(200);
    const { acceptPath } = (await invited.json()).result.data as { acceptPath: string };
    const password = `session-password-${Math.random().toString(36).slice(2, 10)}`;
    const newcomer = await device();
    const asked = await mutate(newcomer, 'invitations.requestSignUpMail', { token: acceptPath.split('/').at(-1) });
    expect(asked.status(), await asked.text()).toBe(200);
    const { link } = await mailedLink(email, '/sign-up/');
    const joined = await mutate(newcomer, 'invitations.completeSignUp', {
      token: link.split('/').at(-1),
      name: 'Session tester',
      password,
    });
    expect(joined.status(), await joined.text()).toBe(200);
    const members = (
      await (
        await adminDevice.get(`/api/trpc/members.list?input=${encodeURIComponent(JSON.stringify({ platformId }))}`)
      ).json()
    ).result.data as {
      data: { operatorId: string; email: string }[];
    };
    const member = members.data.find((m) => m.email === email);
    expect(member, 'the new member is listed').toBeDefined();
    return { email, password, operatorId: member!.operatorId };
  }

  test('sign-out ends every session of the operator; a copy of the cookie kept from before is refused', async () => {
    const who = await newMember(await signedIn(admin));
    const laptop = await signedIn(who);
    const stolen = await copyOf(laptop);
    const phone = await signedIn(who);
    expect([await meStatus(laptop), await meStatus(stolen), await meStatus(phone)]).toEqual([200, 200, 200]);

    const { csrfToken } = (await (await laptop.get('/api/auth/csrf')).json()) as { csrfToken: string };
    expect(
      (await laptop.post('/api/auth/signout', { form: { csrfToken, callbackUrl: '/sign-in', json: 'true' } })).ok(),
    ).toBe(true);
    expect([await meStatus(stolen), await meStatus(phone)]).toEqual([401, 401]);
    expect(await meStatus(await signedIn(who))).toBe(200);
  });

  test('a password change ends every session, the one that made it too', async () => {
    const who = await newMember(await signedIn(admin));
    const here = await signedIn(who);
    const kept = await copyOf(here);
    const elsewhere = await signedIn(who);
    const changed = await mutate(here, 'me.changePassword', {
      currentPassword: who.password,
      newPassword: 'a-new-e2e-password-1',
    });
    expect(changed.status(), await changed.text()).toBe(200);
    expect([await meStatus(here), await meStatus(kept), await meStatus(elsewhere)]).toEqual([401, 401, 401]);
    expect(await meStatus(await signedIn({ email: who.email, password: 'a-new-e2e-password-1' }))).toBe(200);
  });

  test('a role change, a removal and an admin’s "sign out everywhere" end that member’s sessions, and only theirs', async () => {
    const adminDevice = await signedIn(admin);
    const platformId = provision().platformId;
    const [demoted, removed, signedOut] = [
      await newMember(adminDevice),
      await newMember(adminDevice),
      await newMember(adminDevice),
    ];
    const sessions = {
      demoted: await signedIn(demoted),
      removed: await signedIn(removed),
      signedOut: await signedIn(signedOut),
      signedOutToo: await signedIn(signedOut),
    };
    expect(Object.values(await statuses(sessions))).toEqual([200, 200, 200, 200]);

    expect(
      (
        await mutate(adminDevice, 'members.changeRole', {
          platformId,
          operatorId: demoted.operatorId,
          role: 'viewer',
        })
      ).status(),
    ).toBe(200);
    expect((await mutate(adminDevice, 'members.remove', { platformId, operatorId: removed.operatorId })).status()).toBe(
      200,
    );
    expect(
      (await mutate(adminDevice, 'members.endSessions', { platformId, operatorId: signedOut.operatorId })).status(),
    ).toBe(200);
    expect(await statuses(sessions)).toEqual({ demoted: 401, removed: 401, signedOut: 401, signedOutToo: 401 });
    expect(await meStatus(adminDevice)).toBe(200);
  });

  async function statuses(sessions: Record<string, APIRequestContext>) {
    const entries = await Promise.all(
      Object.entries(sessions).map(async ([name, context]) => [name, await meStatus(context)] as const),
    );
    return Object.fromEntries(entries);
  }
});
