import { expect, it } from 'vitest';
import * as listRoute from '@/app/v1/payments/sub-merchants/route';
import { runCommand } from '@/cli/commands';
import { parseArgs } from '@/cli/parse-args';
import { AppError } from '@/server/errors';
import { verifyOperatorCredentials } from '@/server/services/operators/verify-operator-credentials';
import { apiHeaders, callRoute } from '../support/call-route';
import { describeEachDatabase } from '../support/databases';

describeEachDatabase('command line', (database) => {
  const cli = (line: string) => runCommand(database().db, parseArgs(line.split(' ')));

  it('platform create returns a working API key and a webhook secret', async () => {
    const result = (await cli('platform create --name Acme --json')) as {
      platformId: string;
      apiKey: string;
      webhookSecret: string;
    };
    expect(result.platformId).toMatch(/^plat_/);
    expect(result.apiKey).toMatch(/^sk_test_[0-9A-Za-z]{32}$/);
    expect(result.webhookSecret).toMatch(/^whsec_/);
    const response = await callRoute(listRoute.GET, '/v1/payments/sub-merchants', {
      headers: apiHeaders(result.apiKey),
    });
    expect(response.status).toBe(200);
  });

  it('platform list shows every platform with its operator and admin counts, newest last', async () => {
    const { platformId } = (await cli('platform create --name Listed')) as { platformId: string };
    await cli(
      `operator create --email listed-admin@example.test --password Correct-horse-9 --platform ${platformId} --role admin`,
    );
    const { platforms } = (await cli('platform list')) as {
      platforms: { platformId: string; name: string; operators: number; admins: number; createdAt: string }[];
    };
    const listed = platforms.find((p) => p.platformId === platformId);
    expect(listed).toMatchObject({ name: 'Listed', operators: 1, admins: 1 });
    expect(Number.isNaN(Date.parse(listed!.createdAt))).toBe(false);
    expect(platforms.at(-1)?.platformId).toBe(platformId);
  });

  it('sandbox seed adds records to a platform and refuses a missing platform or a bad --records', async () => {
    const { platformId } = (await cli('platform create --name Busy')) as { platformId: string };
    const seeded = (await cli(`sandbox seed --platform ${platformId} --records 30 --json`)) as {
      created: number;
      counts: { all: number };
    };
    expect(seeded).toMatchObject({ created: 30, counts: { all: 30 } });
    for (const bad of ['0', '200001', '1.5', 'lots'])
      await expect(cli(`sandbox seed --platform ${platformId} --records ${bad}`)).rejects.toThrow(
        '--records must be a whole number from 1 to 200000.',
      );
    await expect(cli('sandbox seed --platform plat_missing --records 5')).rejects.toThrow(/Platform/);
    await expect(cli('sandbox seed --records 5')).rejects.toThrow('Missing --platform <platformId>');
  });

  it('apikey create honours --services', async () => {
    const { platformId } = (await cli('platform create --name Scoped')) as { platformId: string };
    const { apiKey } = (await cli(`apikey create ${platformId} --services miniprogram`)) as { apiKey: string };
    expect((await callRoute(listRoute.GET, '/v1/payments/sub-merchants', { headers: apiHeaders(apiKey) })).status).toBe(
      403,
    );
    await expect(cli(`apikey create ${platformId} --services payments,wallet`)).rejects.toThrow(/Unknown service/);
  });

  it('platform config set validates keys and values and stores parsed values', async () => {
    const { platformId } = (await cli('platform create --name Configured')) as { platformId: string };
    const { config } = (await cli(
      `platform config set ${platformId} miniprogram.audit_notify_url https://hooks.example.com/audit`,
    )) as {
      config: Record<string, unknown>;
    };
    expect(config['miniprogram.audit_notify_url']).toBe('https://hooks.example.com/audit');
    await expect(
      cli(`platform config set ${platformId} miniprogram.audit_notify_url not-a-url`),
    ).rejects.toBeInstanceOf(AppError);
    await expect(cli(`platform config set ${platformId} payments.unknown_key 1`)).rejects.toThrow(/Unknown config key/);
    await expect(cli(`platform config set ${platformId} payments.default_commission_rate 0.125`)).rejects.toThrow(
      /2 decimals/,
    );
    await expect(cli('platform config set plat_missing payments.notify_url https://x.example')).rejects.toThrow(
      /not found/,
    );
  });

  it('operator create stores a password that verifies, and refuses duplicates and short passwords', async () => {
    const { platformId } = (await cli('platform create --name Staffed')) as { platformId: string };
    const email = `ops-${Date.now()}@example.com`;
    await cli(
      `operator create --email ${email} --password correct-horse-battery --platform ${platformId} --role viewer`,
    );
    expect(
      await verifyOperatorCredentials(
        { db: database().db, actor: 'test' },
        { email: email.toUpperCase(), password: 'correct-horse-battery' },
      ),
    ).toMatchObject({
      email,
    });
    expect(
      await verifyOperatorCredentials({ db: database().db, actor: 'test' }, { email, password: 'wrong-password-here' }),
    ).toBeNull();
    await expect(cli(`operator create --email ${email} --password correct-horse-battery`)).rejects.toThrow(
      /already exists/,
    );
    await expect(cli('operator create --email short@example.com --password short')).rejects.toThrow(/12 characters/);
  });
});
