/**
 * The console's server actions (src/server/console-actions) reach their use cases through one guard: session,
 * password change, platform role and input schema as the tRPC procedures check them, each refusal answered once
 * as an ActionFailure, and a refused action changes nothing.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { saveSubMerchantDraft } from '@/server/console-actions/save-sub-merchant-draft';
import { startSubMerchant } from '@/server/console-actions/start-sub-merchant';
import { submitSubMerchant } from '@/server/console-actions/submit-sub-merchant';
import { createConsoleTeam } from '../support/console-team';
import { describeEachDatabase } from '../support/databases';
import { inRequestScope, sessionCookie, useRequestScope } from '../support/next-request-scope';

/** Runs a server action as Next.js does, in the request of `operatorId`'s session (none for null). */
async function asSession<T>(operatorId: string | null, action: () => Promise<T>): Promise<T> {
  const cookie = operatorId ? await sessionCookie(operatorId) : undefined;
  let result: { value: T } | undefined;
  await inRequestScope(async () => {
    result = { value: await action() };
    return new Response(null);
  })(new Request('http://localhost/', { headers: cookie ? { cookie } : {} }));
  return result!.value;
}

const form = (fields: Record<string, string>) => {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.set(name, value);
  return data;
};

describeEachDatabase('console server actions through the guard', (database) => {
  useRequestScope();
  let team: Awaited<ReturnType<typeof createConsoleTeam>>;
  let other: Awaited<ReturnType<typeof createConsoleTeam>>;
  let id: string;

  beforeAll(async () => {
    team = await createConsoleTeam(database().db);
    other = await createConsoleTeam(database().db);
    id = (await team.as('operator').subMerchants.create({ platformId: team.platformId, provider: 'providerA' })).record
      .id;
  });

  const stored = () => team.as('viewer').subMerchants.get({ platformId: team.platformId, id });

  it('saves a draft for an operator and answers the record', async () => {
    const saved = await asSession(team.ids.operator, () =>
      saveSubMerchantDraft(team.platformId, id, { merchantShortname: 'Guarded' }),
    );
    expect(saved).toMatchObject({ ok: true, record: { id, formData: { merchantShortname: 'Guarded' } } });
  });

  it('refuses without a session, to a viewer and to another platform, and changes nothing', async () => {
    const before = await stored();
    const save = (operatorId: string | null) =>
      asSession(operatorId, () => saveSubMerchantDraft(team.platformId, id, { merchantShortname: 'Refused' }));
    expect(await save(null)).toMatchObject({ ok: false, code: 'UNAUTHORIZED', errors: [] });
    expect(await save(team.ids.viewer)).toMatchObject({ ok: false, code: 'FORBIDDEN' });
    expect(await save(other.ids.admin)).toMatchObject({ ok: false, code: 'NOT_FOUND' });
    expect(await stored()).toEqual(before);
  });

  it('answers bad input with the field it names, and a stale save with CONFLICT', async () => {
    const before = await stored();
    const bad = await asSession(team.ids.operator, () =>
      saveSubMerchantDraft(team.platformId, id, { merchantShortname: 'x' }, 'yesterday'),
    );
    expect(bad).toMatchObject({ ok: false, code: 'BAD_REQUEST', errors: [{ pointer: '/expectedUpdatedAt' }] });
    const control = await asSession(team.ids.operator, () =>
      saveSubMerchantDraft(team.platformId, id, { merchantShortname: 'bad\u0000name' }),
    );
    expect(control).toMatchObject({ ok: false, code: 'BAD_REQUEST' });
    const stale = await asSession(team.ids.operator, () =>
      saveSubMerchantDraft(team.platformId, id, { merchantShortname: 'Late' }, '2020-01-01T00:00:00.000Z'),
    );
    expect(stale).toMatchObject({ ok: false, code: 'CONFLICT' });
    expect(await stored()).toEqual(before);
  });

  it('answers an incomplete submit with every problem as field errors', async () => {
    const submitted = await asSession(team.ids.operator, () => submitSubMerchant(team.platformId, id, {}));
    expect(submitted).toMatchObject({ ok: false, code: 'UNPROCESSABLE_CONTENT' });
    expect(submitted.ok === false && submitted.errors.length).toBeGreaterThan(1);
  });

  it('starts a sub-merchant (a redirect into the wizard) or answers the refusal as form state', async () => {
    const refused = await asSession(team.ids.operator, () =>
      startSubMerchant(team.platformId, null, form({ provider: 'providerC' })),
    );
    expect(refused).toMatchObject({ ok: false, code: 'BAD_REQUEST', errors: [{ pointer: '/provider' }] });
    const started = asSession(team.ids.operator, () =>
      startSubMerchant(team.platformId, null, form({ provider: 'providerB', distributor: 'guard-seller' })),
    );
    await expect(started).rejects.toMatchObject({
      digest: expect.stringMatching(/NEXT_REDIRECT;replace;\/platforms\/.+\/sub-merchants\/sm_\w+\/edit\?step=license/),
    });
  });
});

describe('the guard without a database session', () => {
  it('is the only way the actions reach a use case: none imports the tRPC caller', async () => {
    const { readdirSync, readFileSync } = await import('node:fs');
    const dir = 'src/server/console-actions';
    for (const file of readdirSync(dir)) {
      expect(readFileSync(`${dir}/${file}`, 'utf8'), file).not.toMatch(/server\/trpc\/(server-caller|app-router)/);
    }
  });
});
