import fs from 'node:fs';
import { beforeAll, expect, it } from 'vitest';
import { logger } from '@/server/logger';
import { completeFormDataFixture, VALID_ID_NUMBER } from '@/schemas/form-data/fixtures';
import { syncDueSubMerchants } from '@/server/services/sub-merchants/sync-due-sub-merchants';
import { describeEachDatabase } from '../support/databases';
import { createPlatformWithKey } from '../support/fixtures';
import { completeFormData, paymentsApi } from '../support/onboarding';
import { useSandboxOverHttp } from '../support/sandbox-server';

const fixture = completeFormDataFixture();
const secrets = [VALID_ID_NUMBER, fixture.accountNumber!, fixture.contactMobile!, fixture.contactEmail!];

describeEachDatabase('personal data never in plain text: database rows and logs', (database) => {
  const sandbox = useSandboxOverHttp();

  // The assertions need every line the service can write, whatever LOG_LEVEL the run was started with.
  beforeAll(() => {
    logger.level = 'trace';
  });

  it('a full onboarding on both providers leaves no ID number, account number, mobile or e-mail in any table or log line', async () => {
    const { apiKey, platformId } = await createPlatformWithKey(database().db);
    const api = paymentsApi(apiKey);
    for (const provider of ['providerA', 'providerB'] as const) {
      const { body } = await api.create({ distributorExternalUserId: `pii-${provider}`, provider, formData: { contactMobile: fixture.contactMobile! } });
      const submitted = await api.submit(body.id, { formData: await completeFormData(provider) });
      expect(submitted.status).toBe(200);
      expect(JSON.stringify(submitted.body)).not.toContain(VALID_ID_NUMBER);
      await sandbox.control('POST', `/${provider}/applyments/${submitted.body.chApplymentId}`, { state: 'finished' });
      await api.submit(body.id, {});
      // A failing submit with bad personal values must not echo them either.
      await api.put(body.id, { formData: { contactMobile: '1234' } }).catch(() => undefined);
    }
    await syncDueSubMerchants(database().db);
    expect((await api.list()).body.data).toHaveLength(2);

    const tables = await database().executeSql(
      `select table_schema, table_name from information_schema.tables where table_schema in ('public', 'pgboss') and table_type = 'BASE TABLE'`,
    );
    let dumped = '';
    for (const { table_schema, table_name } of tables.rows as { table_schema: string; table_name: string }[]) {
      const rows = await database().executeSql(`select t::text as row from "${table_schema}"."${table_name}" t`);
      dumped += (rows.rows as { row: string }[]).map((r) => r.row).join('\n');
    }
    expect(dumped).toContain(platformId); // the dump really holds our data
    for (const value of secrets) expect(dumped).not.toContain(value);

    const logs = fs.readFileSync(process.env.LOG_FILE!, 'utf8');
    expect(logs).toContain('"msg":"request"');
    for (const value of [...secrets, apiKey]) expect(logs).not.toContain(value);
  });
});
