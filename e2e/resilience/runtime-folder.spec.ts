/**
 * The runtime folder the image copies (scripts/assemble-runtime.mjs over the build's standalone output; the
 * Dockerfile's only COPY, test/unit/deploy/dockerfile.test.ts) started alone from a directory under /tmp with no
 * repository, no node_modules above it, no NODE_PATH and an environment of nothing but its own settings: once on a
 * fresh embedded database, once on a fresh PostgreSQL database. Smoke checks: liveness, readiness, the sign-in page
 * and its static assets, an API key made by the folder's own CLI, a /v1 create and read. A retention setting out of
 * range stops that same server with one line naming it.
 */
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { expect, test } from '@playwright/test';
import postgres from 'postgres';
import { apiClient } from '../support/api-client';

const run = promisify(execFile);
const port = Number(process.env.E2E_PORT ?? 3100) + 7;
const baseUrl = `http://127.0.0.1:${port}`;
const adminUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

test.describe.configure({ mode: 'serial' });

let scratch = '';
let folder = '';

/** Every directory from `dir` up to the root: none of them may offer a node_modules the folder could fall back on. */
const ancestors = (dir: string): string[] =>
  path.dirname(dir) === dir ? [dir] : [dir, ...ancestors(path.dirname(dir))];

/** The folder's own environment: a PATH to find node, and the settings given; nothing inherited from this run. */
const isolatedEnv = (settings: Record<string, string>): NodeJS.ProcessEnv => ({
  PATH: process.env.PATH!,
  HOME: scratch,
  NODE_ENV: 'production' as const,
  NEXT_TELEMETRY_DISABLED: '1',
  // As the image sets it (Dockerfile): the server, not Next.js, handles SIGTERM (docs/operations.md).
  NEXT_MANUAL_SIG_HANDLE: '1',
  HOSTNAME: '127.0.0.1',
  PORT: String(port),
  LOG_LEVEL: 'warn',
  ...settings,
});

type Started = { child: ChildProcess; output: () => string; exited: Promise<number | null> };

function startFolder(settings: Record<string, string>): Started {
  let output = '';
  const child = spawn(process.execPath, ['server.js'], {
    cwd: folder,
    env: isolatedEnv(settings),
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  child.stdout!.on('data', (chunk) => (output += String(chunk)));
  child.stderr!.on('data', (chunk) => (output += String(chunk)));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, output: () => output, exited };
}

async function stopFolder(server: Started) {
  if (server.child.exitCode === null && server.child.signalCode === null) {
    process.kill(-server.child.pid!, 'SIGTERM');
    await server.exited;
  }
}

/** The folder's CLI (`node cli.mjs`), run from the folder as the image runs it. */
async function cli(settings: Record<string, string>, ...args: string[]) {
  const { stdout } = await run(process.execPath, ['cli.mjs', ...args], { cwd: folder, env: isolatedEnv(settings) });
  return JSON.parse(stdout.trim().split('\n').at(-1)!) as Record<string, string>;
}

async function waitReady(server: Started) {
  const deadline = Date.now() + 90_000;
  for (;;) {
    const ready = await fetch(`${baseUrl}/api/ready`).then(
      (r) => r.status === 200,
      () => false,
    );
    if (ready) return;
    if (server.child.exitCode !== null || Date.now() > deadline)
      throw new Error(`the runtime folder never became ready:\n${server.output()}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

async function smokeChecks(settings: Record<string, string>, label: string) {
  const health = await fetch(`${baseUrl}/api/health`);
  expect(health.status).toBe(200);
  const ready = await fetch(`${baseUrl}/api/ready`);
  expect(ready.status).toBe(200);
  expect(await ready.json()).toMatchObject({ ready: true });

  const signIn = await fetch(`${baseUrl}/sign-in`);
  expect(signIn.status).toBe(200);
  const html = await signIn.text();
  // The page's scripts come from .next/static, which the standalone output alone does not carry.
  const asset = /\/_next\/static\/[^"']+\.js/.exec(html)?.[0];
  expect(asset, 'the sign-in page names a script under /_next/static').toBeTruthy();
  expect((await fetch(`${baseUrl}${asset}`)).status).toBe(200);
  expect((await fetch(`${baseUrl}/icon.svg`)).status).toBe(200); // public/

  // An API key from the folder's own CLI (embedded: it hands the command to the server holding the directory).
  const { apiKey, platformId } = await cli(settings, 'platform', 'create', '--name', `Runtime ${label}`, '--json');
  expect(apiKey).toMatch(/^sk_test_/);
  const operator = await cli(
    settings,
    'operator',
    'create',
    '--email',
    `runtime-${label}@e2e.test`,
    '--password',
    'runtime-folder-password',
    '--platform',
    platformId!,
    '--password-final',
    '--json',
  );
  expect(operator).toMatchObject({ email: `runtime-${label}@e2e.test` });

  const api = apiClient(apiKey, baseUrl);
  const { data: created, response } = await api.POST('/v1/payments/sub-merchants', {
    body: {
      distributorExternalUserId: `runtime-${label}`,
      provider: 'providerA',
      formData: { contactName: '运行目录联系人', contactMobile: '13800138123' },
    },
  });
  expect(response.status).toBe(201);
  const { data: read, response: readResponse } = await api.GET('/v1/payments/sub-merchants/{id}', {
    params: { path: { id: created!.id } },
  });
  expect(readResponse.status).toBe(200);
  expect(read).toMatchObject({ id: created!.id, distributorExternalUserId: `runtime-${label}` });
  expect(read!.formData.contactMobile).not.toBe('13800138123'); // masked
}

test.beforeAll(async () => {
  test.setTimeout(180_000);
  scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'runtime-folder-'));
  folder = path.join(scratch, 'app');
  await run(process.execPath, ['scripts/assemble-runtime.mjs', folder], { cwd: process.cwd() });
});

test.afterAll(() => {
  if (scratch) fs.rmSync(scratch, { recursive: true, force: true });
});

test('the folder holds the server, its assets, migrations and CLI, and nothing of the repository', () => {
  expect(fs.readdirSync(folder).sort()).toEqual(
    ['.next', 'cli.mjs', 'drizzle', 'node_modules', 'package.json', 'public', 'server.js'].sort(),
  );
  expect(fs.existsSync(path.join(folder, '.next/static'))).toBe(true);
  expect(fs.readdirSync(path.join(folder, 'drizzle')).filter((f) => f.endsWith('.sql')).length).toBe(
    fs.readdirSync('drizzle').filter((f) => f.endsWith('.sql')).length,
  );
  // Only what the server reaches: no sources, no build tools, no test tools.
  for (const absent of [
    'src',
    'node_modules/typescript',
    'node_modules/tsx',
    'node_modules/@playwright',
    'node_modules/vitest',
  ])
    expect(fs.existsSync(path.join(folder, absent)), absent).toBe(false);
  // Links (Next.js's hashed names for external packages) stay inside the folder: none leads back into the checkout.
  const links = fs
    .readdirSync(folder, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isSymbolicLink())
    .map((entry) => path.join(entry.parentPath, entry.name));
  for (const link of links) expect(fs.realpathSync(link).startsWith(`${folder}/`), link).toBe(true);
  // Nothing to fall back on: no node_modules in any directory above the folder, and no NODE_PATH handed down.
  for (const dir of ancestors(scratch)) expect(fs.existsSync(path.join(dir, 'node_modules')), dir).toBe(false);
  expect(Object.keys(isolatedEnv({}))).not.toContain('NODE_PATH');
});

test('[pglite] started alone on a fresh embedded database: health, readiness, sign-in page, CLI key, /v1 create and read', async () => {
  test.setTimeout(180_000);
  const settings = { DATA_DIR: path.join(scratch, 'data-pglite') };
  const server = startFolder(settings);
  try {
    await waitReady(server);
    await smokeChecks(settings, 'pglite');
    // The embedded backup from the folder's CLI, taken by the running server (docs/operations.md, "Backups").
    const backupFile = path.join(scratch, 'runtime.backup');
    expect(await cli(settings, 'backup', '--out', backupFile, '--json')).toMatchObject({ file: backupFile });
    expect(fs.readFileSync(backupFile).subarray(0, 25).toString()).toBe('ONBOARDING-SERVICE-BACKUP');
    // What `docker stop` sends: the folder drains and exits 0 (a cut-off shutdown exits 1, Next's own handler 143).
    process.kill(-server.child.pid!, 'SIGTERM');
    expect(await server.exited).toBe(0);
  } finally {
    await stopFolder(server);
  }
  expect(fs.existsSync(path.join(settings.DATA_DIR, 'pglite/PG_VERSION'))).toBe(true);
});

test('[postgres] started alone on a fresh PostgreSQL database: the same checks', async () => {
  test.setTimeout(180_000);
  const name = `t_runtime_${randomBytes(5).toString('hex')}`;
  const admin = postgres(adminUrl, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const settings = {
    DATA_DIR: path.join(scratch, 'data-postgres'),
    DATABASE_URL: url.toString(),
    SESSION_SECRET: randomBytes(36).toString('base64url'),
    DATA_ENCRYPTION_KEY: `k1:${randomBytes(32).toString('base64')}`,
  };
  const server = startFolder(settings);
  try {
    await waitReady(server);
    await smokeChecks(settings, 'postgres');
  } finally {
    await stopFolder(server);
    await admin.unsafe(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
});

test('a retention setting out of range stops the folder at start with one line naming it', async () => {
  const server = startFolder({ DATA_DIR: path.join(scratch, 'data-bad'), EVENT_RETENTION_DAYS: '0' });
  expect(await server.exited).toBe(1);
  const problems = server
    .output()
    .split('\n')
    .filter((line) => line.startsWith('Cannot start:'));
  expect(problems).toEqual(['Cannot start: EVENT_RETENTION_DAYS: must be a whole number of days from 1 to 3650']);
  expect(fs.existsSync(path.join(scratch, 'data-bad', 'pglite'))).toBe(false); // refused before any database was made
});
