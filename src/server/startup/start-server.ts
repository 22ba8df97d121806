/**
 * Runs once per server process (Next.js instrumentation): validate config, open and migrate the database,
 * create the first admin on an empty database, start background jobs, and tell the terminal how to sign in.
 * Any problem here stops the process with a one-line reason instead of serving half-configured.
 */
import { ConfigError, getEnv } from '@/env';
import { getSecrets, publicBaseUrl } from '@/server/config/secrets';
import { getDatabaseHandle } from '@/server/db';
import { DataDirLockedError, updateLock } from '@/server/db/data-dir-lock';
import { startJobs } from '@/server/jobs/start-jobs';
import { logger } from '@/server/logger';
import { checkKeyRingCoversData, keyRingRefusal } from '@/server/services/data-keys/check-key-ring-covers-data';
import { sealPlainMedia } from '@/server/services/media/seal-plain-media';
import { backfillLicenceSearchKeys } from '@/server/services/sub-merchants/backfill-licence-search-keys';
import { ensureFirstRunAdmin } from '@/server/services/operators/ensure-first-run-admin';
import { validateProviderBConfig } from '@/server/upstreams/validate-provider-b';
import { issueCliToken } from './cli-token';
import { firstRunNotice } from './first-run-notice';
import { setServerPhase } from './lifecycle';
import { registerShutdown } from './shutdown';

const say = (text: string) => process.stdout.write(`${text}\n`);

export async function startServer() {
  try {
    const env = getEnv();
    if (env.UPSTREAM_MODE === 'live') {
      // What env.ts cannot see in the text of a variable: Alipay's keys and certificates parse, match and are in date.
      const problems = validateProviderBConfig(env);
      if (problems.length > 0) throw new ConfigError(problems);
    }
    getSecrets();
    const handle = await getDatabaseHandle();
    // A restored dump (or a wrong DATABASE_URL) with another installation's key ring would serve records whose
    // personal data, tokens and webhook secrets all fail to decrypt: refuse, naming the keys it needs.
    const refusal = keyRingRefusal(await checkKeyRingCoversData({ db: handle.db, actor: 'startup' }));
    if (refusal) throw new ConfigError([refusal]);
    if (env.embedded) updateLock(env.dataDir, { port: env.PORT, cliToken: issueCliToken() });
    const firstRun = await ensureFirstRunAdmin({ db: handle.db, actor: 'startup' });
    await import('@/server/jobs/all-jobs');
    await startJobs(handle);
    registerShutdown(handle.close);
    setServerPhase('serving');
    // Images stored before they were sealed: in the background, as re-encoding takes a while per image.
    sealPlainMedia({ db: handle.db, actor: 'startup' }).catch((error) =>
      logger.error({ err: (error as Error).message }, 'sealing plain media failed; it is retried at the next start'),
    );
    // Records stored before the licence search key existed become findable by licence number.
    backfillLicenceSearchKeys({ db: handle.db, actor: 'startup' }).then(
      (report) => report.filled > 0 && logger.info(report, 'licence search keys filled in'),
      (error) =>
        logger.error(
          { err: (error as Error).message },
          'filling licence search keys failed; it is retried at the next start',
        ),
    );
    if (env.UPSTREAM_MODE === 'sandbox') {
      // Each platform's sandbox keys are made by its own first call (src/sandbox/instance-keys.ts); the platforms
      // that have them get a ticket now, as WeChat pushes one every ten minutes.
      scheduleFirstTicket();
    }
    const base = publicBaseUrl();
    say('');
    say(
      `  Onboarding service ready (${env.embedded ? `embedded database in ${env.dataDir}` : 'PostgreSQL'}, upstream: ${env.UPSTREAM_MODE})`,
    );
    say(`  Console:   ${base}/sign-in`);
    say(`  API docs:  ${base}/docs   (OpenAPI 3.1: ${base}/v1/openapi.json)`);
    say('  API keys:  Console → Settings → API keys, or npm run --silent cli -- apikey create <platformId> --json');
    if (env.UPSTREAM_MODE === 'sandbox')
      say(
        '  Sandbox:   Console → Sandbox moves applications and audits as WeChat and Alipay would; nothing leaves this machine',
      );
    if (firstRun) {
      say('');
      for (const line of firstRunNotice(firstRun, { interactive: process.stdout.isTTY === true, dataDir: env.dataDir }))
        say(line);
    }
    say('');
  } catch (error) {
    const lines =
      error instanceof ConfigError
        ? error.problems
        : error instanceof DataDirLockedError
          ? [error.message]
          : [String((error as Error).message ?? error)];
    for (const line of lines) process.stderr.write(`Cannot start: ${line}\n`);
    if (!(error instanceof ConfigError) && !(error instanceof DataDirLockedError))
      logger.error({ err: error }, 'start failed');
    process.exit(1);
  }
}

/** WeChat's first ticket arrives within minutes of start; the sandbox sends one as soon as we listen. */
function scheduleFirstTicket() {
  setTimeout(async () => {
    const { pushVerifyTicketsToAll } = await import('@/sandbox/control/mini-program-control');
    await pushVerifyTicketsToAll().catch((error: unknown) =>
      logger.warn({ err: (error as Error).message }, 'first sandbox ticket push failed'),
    );
  }, 2000).unref();
}
