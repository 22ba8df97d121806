/**
 * Lone surrogates (JSON's "\ud800") in any text field, REST and tRPC: PostgreSQL cannot store them (its jsonb
 * refuses the value with "invalid input syntax for type json"), so the request must be a 400 naming the field,
 * and nothing changes. A real pair (an emoji) is text like any other.
 */
import { expect, it, beforeAll } from 'vitest';
import { createConsoleTeam } from '../support/console-team';
import { describeEachDatabase } from '../support/databases';
import { changedTables, databaseSnapshotter } from '../support/db-snapshot';
import { callTrpcOverHttp } from '../support/trpc-procedures';
import { sessionCookie, useRequestScope } from '../support/next-request-scope';
import { paymentsApi } from '../support/sub-merchants';

const fields: [string, string][] = [
  ['merchantName', '\ud800'],
  ['licensePeriodEnd', '2030-01-0\udfff'],
  ['bankAddressCode', '44\udc00\ud80003'],
];

describeEachDatabase('lone surrogates in text fields', (database) => {
  useRequestScope();
  const snapshot = databaseSnapshotter(database);
  let team: Awaited<ReturnType<typeof createConsoleTeam>>;
  let api: ReturnType<typeof paymentsApi>;
  let recordId: string;
  let cookie: string;
  beforeAll(async () => {
    team = await createConsoleTeam(database().db);
    api = paymentsApi(team.apiKey);
    recordId = (await api.create({ distributorExternalUserId: 'surrogates' })).body.id as string;
    cookie = await sessionCookie(team.ids.operator);
  });

  it('REST: create and update answer 400 naming the field, and change nothing', async () => {
    const before = await snapshot();
    for (const [field, value] of fields) {
      for (const sent of [
        await api.create({ distributorExternalUserId: 'surrogate-new', formData: { [field]: value } }),
        await api.put(recordId, { formData: { [field]: value } }),
      ]) {
        expect(sent.status, field).toBe(400);
        expect(sent.body.errors, field).toEqual([
          expect.objectContaining({ pointer: `/formData/${field}`, code: 'ill_formed_unicode' }),
        ]);
      }
    }
    const reason = await api.put(recordId, { reason: 'why\ud800' });
    expect(reason.body.errors).toEqual([expect.objectContaining({ pointer: '/reason', code: 'ill_formed_unicode' })]);
    expect(changedTables(before, await snapshot())).toEqual([]);
  });

  it('tRPC: create and draft save answer BAD_REQUEST naming the field, and change nothing', async () => {
    const before = await snapshot();
    for (const [field, value] of fields) {
      for (const [path, input] of [
        ['subMerchants.create', { platformId: team.platformId, formData: { [field]: value } }],
        ['subMerchants.saveDraft', { platformId: team.platformId, id: recordId, formData: { [field]: value } }],
      ] as const) {
        const { status, text } = await callTrpcOverHttp({
          method: 'POST',
          path,
          input: JSON.stringify(input),
          contentType: 'application/json',
          cookie,
        });
        expect(status, `${path} ${field}: ${text.slice(0, 300)}`).toBe(400);
        const body = JSON.parse(text) as { error: { data: { errors: { pointer: string; code: string }[] } } };
        expect(body.error.data.errors).toEqual([
          expect.objectContaining({ pointer: `/formData/${field}`, code: 'ill_formed_unicode' }),
        ]);
      }
    }
    expect(changedTables(before, await snapshot())).toEqual([]);
  });

  it('a surrogate pair is an ordinary character', async () => {
    const saved = await api.put(recordId, { formData: { merchantName: '小店😀' } });
    expect(saved.status).toBe(200);
  });
});
