/**
 * The command line's commands, as plain functions over a database. The CLI runs them directly, or, when a
 * server holds the embedded database, the server runs them for it (src/app/internal/cli/route.ts).
 */
import type { Db } from '@/server/db';
import { AppError } from '@/server/errors';
import { backUpEmbeddedDatabase } from '@/server/services/backups/back-up-embedded-database';
import { createApiKey } from '@/server/services/api-keys/create-api-key';
import { serviceCodes, type ServiceCode } from '@/server/services/api-keys/api-key-format';
import { revokeApiKey } from '@/server/services/api-keys/revoke-api-key';
import { getFieldCipher } from '@/server/config/field-cipher';
import { getSecrets } from '@/server/config/secrets';
import { addDataKey } from '@/server/services/data-keys/add-data-key';
import { countTokensByKey } from '@/server/services/data-keys/count-tokens-by-key';
import { reencryptStoredData } from '@/server/services/data-keys/reencrypt-stored-data';
import { retireDataKey } from '@/server/services/data-keys/retire-data-key';
import { createOperator } from '@/server/services/operators/create-operator';
import { removeOperator } from '@/server/services/operators/remove-operator';
import { setOperatorDisabled } from '@/server/services/operators/set-operator-disabled';
import { createPlatform } from '@/server/services/platforms/create-platform';
import { getPlatform } from '@/server/services/platforms/get-platform';
import { listPlatforms } from '@/server/services/platforms/list-platforms';
import { setPlatformConfig } from '@/server/services/platforms/set-platform-config';
import { checkUpstreamConnections } from '@/server/services/upstream-connections/check-upstream-connections';
import { runRetention } from '@/server/services/retention/run-retention';
import { seedSubMerchants } from '@/server/services/sub-merchants/seed-sub-merchants';
import { seedSandboxApplications } from '@/sandbox/control/seed-sandbox-applications';
import { sandboxAsLiveEnvironment } from '@/server/services/upstream-connections/sandbox-as-live-environment';
import type { ParsedArgs } from './parse-args';

const cliActor = 'cli';

function required(value: string | undefined, what: string): string {
  if (!value) throw new AppError('invalid_request', `Missing ${what}. Run with --help for usage.`);
  return value;
}

function parseBatchSize(value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  const size = Number(value);
  if (!Number.isInteger(size) || size < 1 || size > 10_000)
    throw new AppError('invalid_request', '--batch-size must be a whole number from 1 to 10000.');
  return size;
}

function parseServices(value: string | undefined): ServiceCode[] | undefined {
  if (!value) return undefined;
  const list = value.split(',').map((s) => s.trim());
  const bad = list.filter((s) => !(serviceCodes as readonly string[]).includes(s));
  if (bad.length)
    throw new AppError('invalid_request', `Unknown service(s): ${bad.join(', ')}. Use ${serviceCodes.join(',')}.`);
  return list as ServiceCode[];
}

export async function runCommand(db: Db, args: ParsedArgs): Promise<Record<string, unknown>> {
  const [group, action, ...rest] = args.positionals;
  const command = `${group ?? ''} ${action ?? ''}`.trim();
  switch (command) {
    case 'platform create': {
      const name = required(args.flags.name, '--name');
      return db.transaction(async (tx) => {
        const { platform, webhookSecret } = await createPlatform({ db: tx, actor: cliActor }, { name });
        const key = await createApiKey({ db: tx, platformId: platform.id, actor: cliActor }, { name: 'Default key' });
        return { platformId: platform.id, name: platform.name, apiKey: key.secret, webhookSecret };
      });
    }
    case 'platform list': {
      const rows = await listPlatforms({ db, actor: cliActor });
      return { platforms: rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() })) };
    }
    case 'platform config': {
      const [verb, platformId, key, value] = rest;
      if (verb !== 'set')
        throw new AppError('invalid_request', 'Usage: platform config set <platformId> <key> <value>');
      await getPlatform({ db, platformId: required(platformId, '<platformId>'), actor: cliActor });
      const config = await setPlatformConfig(
        { db, platformId: platformId!, actor: cliActor },
        { key: required(key, '<key>'), value: value ?? null },
      );
      return { platformId: platformId!, config };
    }
    case 'apikey create': {
      const platformId = required(rest[0], '<platformId>');
      await getPlatform({ db, platformId, actor: cliActor });
      const key = await createApiKey(
        { db, platformId, actor: cliActor },
        { name: args.flags.name ?? 'CLI key', services: parseServices(args.flags.services) },
      );
      return { apiKey: key.secret, id: key.id, services: key.services };
    }
    case 'apikey revoke': {
      const key = await revokeApiKey(
        { db, platformId: required(rest[0], '<platformId>'), actor: cliActor },
        { keyId: required(rest[1], '<keyId>') },
      );
      return { id: key.id, revokedAt: key.revokedAt };
    }
    case 'operator create': {
      if (args.flags.platform) await getPlatform({ db, platformId: args.flags.platform, actor: cliActor });
      return createOperator(
        { db, actor: cliActor },
        {
          email: required(args.flags.email, '--email'),
          password: required(args.flags.password, '--password'),
          platformId: args.flags.platform,
          role: (args.flags.role as 'admin' | 'operator' | 'viewer' | undefined) ?? 'admin',
          locale: args.flags.locale as 'zh-CN' | 'en' | undefined,
          // A password typed on a command line was chosen by someone else and went through a shell history.
          passwordMustChange: args.flags['password-final'] !== 'true',
        },
      );
    }
    // An installation owner's answer to a squatted, leaked or departed account: sessions end at once.
    case 'operator disable':
    case 'operator enable':
      return setOperatorDisabled(
        { db, actor: cliActor },
        { email: required(args.flags.email, '--email'), disabled: action === 'disable' },
      );
    case 'operator remove':
      return removeOperator({ db, actor: cliActor }, { email: required(args.flags.email, '--email') });
    case 'doctor':
      return checkUpstreamConnections({ db, actor: cliActor }, { platformId: args.flags.platform });
    case 'sandbox live-env':
      return sandboxAsLiveEnvironment({
        db,
        actor: cliActor,
        platformId: required(args.flags.platform, '--platform <platformId>'),
      });
    case 'sandbox seed': {
      const platformId = required(args.flags.platform, '--platform <platformId>');
      const records = args.flags.records === undefined ? 100_000 : Number(args.flags.records);
      const started = performance.now();
      const result = await seedSubMerchants(
        { db, platformId, actor: cliActor },
        {
          records,
          upstream: seedSandboxApplications(platformId),
          // Progress goes to stderr, so stdout stays the answer (--json).
          onProgress: (done, total) => process.stderr.write(`seeded ${done} of ${total}\n`),
        },
      );
      return { ...result, seconds: Math.round((performance.now() - started) / 100) / 10 };
    }
    case 'backup':
      return backUpEmbeddedDatabase({ out: required(args.flags.out, '--out <file>') });
    case 'data-key status':
      return {
        activeKeyId: getFieldCipher().activeKeyId,
        keyIds: Object.keys(getSecrets().dataKeys),
        tokens: await countTokensByKey({ db, actor: cliActor }),
      };
    case 'data-key reencrypt':
      return reencryptStoredData({ db, actor: cliActor }, { batchSize: parseBatchSize(args.flags['batch-size']) });
    case 'data-key add':
      return addDataKey();
    case 'data-key retire':
      return retireDataKey({ db, actor: cliActor }, { keyId: required(rest[0], '<keyId>') });
    case 'retention run': {
      const started = performance.now();
      const deleted = await runRetention(
        { db, actor: cliActor },
        { batchSize: parseBatchSize(args.flags['batch-size']) },
      );
      // One `table: rows deleted` line per table (flat, so --json reads the same).
      return { ...deleted, seconds: Math.round((performance.now() - started) / 100) / 10 };
    }
    default:
      throw new AppError('invalid_request', `Unknown command "${command}". Run with --help for usage.`);
  }
}
