/**
 * `npm run cli -- …`. On PostgreSQL it opens the database itself. On the embedded database it opens it only
 * when no server holds it; otherwise it asks that server (through its lock file's port and token) to run the
 * command, because PGlite must never be opened by two processes.
 */
import path from 'node:path';
import { ConfigError, getEnv } from '@/env';
import { DataDirLockedError, readLock } from '@/server/db/data-dir-lock';
import { useDatabaseHandle } from '@/server/db';
import { openDatabase } from '@/server/db/open-database';
import { AppError } from '@/server/errors';
import { logger } from '@/server/logger';
import { restoreEmbeddedDatabase } from '@/server/services/backups/restore-embedded-database';
import { runCommand } from './commands';
import { parseArgs, usage, type ParsedArgs } from './parse-args';

async function runThroughServer(args: ParsedArgs, port: number, token: string) {
  const response = await fetch(`http://127.0.0.1:${port}/internal/cli`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ positionals: args.positionals, flags: args.flags }),
  });
  const body = (await response.json()) as Record<string, unknown>;
  if (!response.ok) throw new AppError('invalid_request', String(body.detail ?? `server answered ${response.status}`));
  return body;
}

async function runLocally(args: ParsedArgs) {
  const env = getEnv();
  const handle = env.DATABASE_URL
    ? await openDatabase({ driver: 'postgres', url: env.DATABASE_URL, poolSize: 2 })
    : await openDatabase({ driver: 'pglite', dataDir: env.dataDir, holder: 'cli' });
  // Commands that reach the upstreams (doctor) read the process-wide database: this one, never a second opener.
  useDatabaseHandle(handle);
  try {
    return await runCommand(handle.db, args);
  } finally {
    useDatabaseHandle(undefined);
    await handle.close();
  }
}

async function main() {
  // Service logs share stdout with the command's answer: keep them to warnings unless asked for.
  if (!process.env.LOG_LEVEL && !process.env.LOG_FILE) logger.level = 'warn';
  const args = parseArgs(process.argv.slice(2));
  if (args.help || args.positionals.length === 0) {
    process.stdout.write(`${usage}\n`);
    return;
  }
  // The server that may run the command has its own working directory.
  if (args.flags.out) args.flags.out = path.resolve(args.flags.out);
  try {
    const env = getEnv();
    if (args.positionals[0] === 'restore') {
      // Never forwarded: a restore replaces the directory a server would be holding.
      const result = await restoreEmbeddedDatabase({
        from: args.flags.from ?? '',
        force: args.flags.force === 'true',
      });
      process.stdout.write(args.json ? `${JSON.stringify(result)}\n` : `${formatHuman(result)}\n`);
      return;
    }
    const holder = env.DATABASE_URL ? undefined : readLock(env.dataDir);
    let result: Record<string, unknown>;
    try {
      result = await runLocally(args);
    } catch (error) {
      if (!(error instanceof DataDirLockedError)) throw error;
      const lock = readLock(env.dataDir) ?? holder;
      if (!lock?.port || !lock.cliToken) throw error;
      result = await runThroughServer(args, lock.port, lock.cliToken);
    }
    process.stdout.write(args.json ? `${JSON.stringify(result)}\n` : `${formatHuman(result)}\n`);
    // doctor: a failed check fails the command, so a deployment script can stop on it.
    if (Array.isArray(result.checks) && result.checks.some((c: { ok?: boolean }) => !c.ok)) process.exitCode = 1;
  } catch (error) {
    const message =
      error instanceof ConfigError ? error.problems.join('\n') : error instanceof Error ? error.message : String(error);
    process.stderr.write(args.json ? `${JSON.stringify({ error: message })}\n` : `error: ${message}\n`);
    process.exitCode = 1;
  }
}

type Check = { upstream: string; call: string; ok: boolean; detail: string; variable?: string; fix?: string };

/** doctor's report: one block per upstream, the fix on its own line. */
const formatChecks = (mode: unknown, checks: Check[]) =>
  [
    `upstream mode: ${String(mode)}`,
    ...checks.map((c) =>
      c.ok
        ? `${c.upstream}: OK (${c.detail})\n  call: ${c.call}`
        : `${c.upstream}: FAILED: ${c.detail}\n  call: ${c.call}\n  fix: set ${c.variable} to ${c.fix}`,
    ),
  ].join('\n');

/** `key: value` lines; a list of records (platform list) as one tab-separated line per record under a header. */
const formatRecord = (result: Record<string, unknown>) =>
  Object.entries(result)
    .map(([key, value]) => {
      if (Array.isArray(value) && value.every((item) => item && typeof item === 'object')) {
        const rows = value as Record<string, unknown>[];
        if (rows.length === 0) return `${key}: none`;
        const columns = Object.keys(rows[0]!);
        return [columns.join('\t'), ...rows.map((row) => columns.map((c) => String(row[c] ?? '')).join('\t'))].join(
          '\n',
        );
      }
      return `${key}: ${typeof value === 'object' ? JSON.stringify(value) : String(value)}`;
    })
    .join('\n');

const formatHuman = (result: Record<string, unknown>) =>
  Array.isArray(result.checks) ? formatChecks(result.upstreamMode, result.checks as Check[]) : formatRecord(result);

void main();
