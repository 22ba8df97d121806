#!/usr/bin/env node
/**
 * Lighthouse (the `lighthouse` npm package, v12) performance and accessibility scores of the sub-merchant list,
 * the onboarding wizard and the seller authorization page, in Debian's Chromium, against a production build.
 *
 *   node bench/lighthouse.mjs [--dir .next-settings] [--preset mobile|desktop|both] [--runs 1] [--json out.json]
 *   node bench/lighthouse.mjs --base-url http://localhost:3331 --email admin@e2e.test --password …
 *
 * Without --base-url it starts `next start` itself on a free port, on a fresh embedded database provisioned
 * through the CLI (a platform and an admin whose console language is zh-CN, the operators' default), seeds
 * 30 sub-merchants and one seller link, then measures. The console pages need a session: the script signs in
 * through next-auth and hands the session cookie to Lighthouse with `extraHeaders`.
 * Targets: ≥ 90 for performance and accessibility on each page. With --runs > 1 the median run is reported.
 */
import { execFile, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { promisify } from 'node:util';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';

const args = process.argv.slice(2);
const option = (name, fallback) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 && args[i + 1] !== undefined ? args[i + 1] : fallback;
};
if (args.includes('--help')) {
  console.log(
    fs
      .readFileSync(new URL(import.meta.url), 'utf8')
      .split('\n')
      .slice(2, 15)
      .join('\n')
      .replace(/^ \*/gm, ''),
  );
  process.exit(0);
}
const presets = { both: ['mobile', 'desktop'], mobile: ['mobile'], desktop: ['desktop'] }[option('preset', 'both')];
const runs = Math.max(1, Number(option('runs', '1')));
const chromePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const run = promisify(execFile);

async function freePort() {
  const server = net.createServer();
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address();
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** A production server on its own data directory, provisioned with the CLI first (PGlite has one owner). */
async function startServer() {
  const distDir = option('dir', process.env.NEXT_DIST_DIR || '.next');
  if (!fs.existsSync(path.join(distDir, 'BUILD_ID')))
    throw new Error(`No production build in ${distDir}: run NEXT_DIST_DIR=${distDir} npx next build first.`);
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-lighthouse-'));
  const env = {
    ...process.env,
    NEXT_DIST_DIR: distDir,
    DATA_DIR: dataDir,
    UPSTREAM_MODE: 'sandbox',
    LOG_LEVEL: 'warn',
    NEXT_TELEMETRY_DISABLED: '1',
  };
  const cli = async (...cliArgs) => {
    const { stdout } = await run('npm', ['run', '--silent', 'cli', '--', ...cliArgs, '--json'], {
      env,
      maxBuffer: 1 << 20,
    });
    return JSON.parse(
      stdout
        .trim()
        .split('\n')
        .reverse()
        .find((l) => l.startsWith('{')),
    );
  };
  const { platformId } = await cli('platform', 'create', '--name', 'Lighthouse platform');
  const who = { email: 'lighthouse@bench.test', password: `bench-${Math.random().toString(36).slice(2)}-password` };
  await cli(
    'operator',
    'create',
    '--email',
    who.email,
    '--password',
    who.password,
    '--platform',
    platformId,
    '--role',
    'admin',
    '--locale',
    'zh-CN',
    '--password-final',
  );
  const log = path.join(dataDir, 'server.log');
  const out = fs.openSync(log, 'w');
  const child = spawn(process.execPath, ['node_modules/next/dist/bin/next', 'start', '-p', String(port)], {
    env,
    stdio: ['ignore', out, out],
  });
  const baseUrl = `http://localhost:${port}`;
  for (
    let waited = 0;
    !(await fetch(`${baseUrl}/api/health`).then(
      (r) => r.ok,
      () => false,
    ));
    waited += 250
  ) {
    if (child.exitCode !== null || waited > 120_000) throw new Error(`The server did not start; see ${log}`);
    await sleep(250);
  }
  const stop = async () => {
    child.kill('SIGTERM');
    await new Promise((resolve) => child.once('exit', resolve));
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  return { baseUrl, who, stop };
}

/** Signs in through next-auth's credentials callback; returns the Cookie header value of the session. */
async function signIn(baseUrl, { email, password }) {
  const csrf = await fetch(`${baseUrl}/api/auth/csrf`);
  const jar = csrf.headers.getSetCookie().map((c) => c.split(';')[0]);
  const { csrfToken } = await csrf.json();
  const body = new URLSearchParams({ csrfToken, email, password, json: 'true' });
  const response = await fetch(`${baseUrl}/api/auth/callback/credentials`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: jar.join('; ') },
    body,
  });
  const session = response.headers.getSetCookie().map((c) => c.split(';')[0]);
  if (!session.some((c) => c.includes('session-token')))
    throw new Error(`Sign-in failed for ${email} (HTTP ${response.status}).`);
  return [...jar, ...session].join('; ');
}

/** One tRPC call with the session (batch format, no transformer); throws with the server's message. */
async function trpc(baseUrl, cookie, procedure, input, method = 'POST') {
  const url =
    method === 'GET'
      ? `${baseUrl}/api/trpc/${procedure}?batch=1&input=${encodeURIComponent(JSON.stringify({ 0: input }))}`
      : `${baseUrl}/api/trpc/${procedure}?batch=1`;
  const response = await fetch(url, {
    method,
    headers: { cookie, 'content-type': 'application/json' },
    body: method === 'GET' ? undefined : JSON.stringify({ 0: input }),
  });
  const [answer] = await response.json();
  if (answer.error) throw new Error(`${procedure}: ${answer.error.message}`);
  return answer.result.data;
}

/** The three pages, with the data they need to show something real. */
async function pages(baseUrl, cookie, seed) {
  const { platforms } = await trpc(baseUrl, cookie, 'me.get', {}, 'GET');
  const platformId = platforms[0].platformId;
  let record;
  if (seed)
    for (let i = 0; i < 30; i++)
      record = (
        await trpc(baseUrl, cookie, 'subMerchants.create', {
          platformId,
          distributorExternalUserId: `lighthouse-${Date.now()}-${i}`,
        })
      ).record;
  record ??= (await trpc(baseUrl, cookie, 'subMerchants.list', { platformId, limit: 1 }, 'GET')).data[0];
  const list = { name: 'list', url: `${baseUrl}/platforms/${platformId}/sub-merchants` };
  const wizard = record
    ? { name: 'wizard', url: `${baseUrl}/platforms/${platformId}/sub-merchants/${record.id}/edit` }
    : null;
  let seller = null;
  try {
    await trpc(baseUrl, cookie, 'consoleAdmin.sandbox.pushTicket', { platformId });
    const started = await trpc(baseUrl, cookie, 'sellerAuthorization.startAuthorizationWithSellerPage', {
      platformId,
      platform: 'providerA',
      redirectUri: `${baseUrl}/authorize/done`,
      tenantId: 'lighthouse-seller',
    });
    seller = { name: 'seller', url: started.sellerPageUrl };
  } catch (error) {
    console.error(`Seller page skipped: ${error.message}`);
  }
  return [list, wizard, seller].filter(Boolean);
}

async function measure(url, preset, cookie) {
  const chrome = await chromeLauncher.launch({
    chromePath,
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--no-first-run'],
  });
  try {
    const flags = {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility'],
      extraHeaders: { cookie },
    };
    const { lhr } = await lighthouse(url, flags, preset === 'desktop' ? desktopConfig : undefined);
    if (lhr.runtimeError) throw new Error(`${url}: ${lhr.runtimeError.message}`);
    const audit = (id) => lhr.audits[id]?.numericValue;
    return {
      performance: Math.round((lhr.categories.performance.score ?? 0) * 100),
      accessibility: Math.round((lhr.categories.accessibility.score ?? 0) * 100),
      fcpMs: Math.round(audit('first-contentful-paint')),
      lcpMs: Math.round(audit('largest-contentful-paint')),
      tbtMs: Math.round(audit('total-blocking-time')),
      cls: Number(audit('cumulative-layout-shift')?.toFixed(3)),
      failedA11y: Object.values(lhr.audits)
        .filter(
          (a) => a.score === 0 && lhr.categories.accessibility.auditRefs.some((r) => r.id === a.id && r.weight > 0),
        )
        .map((a) => a.id),
    };
  } finally {
    await chrome.kill();
  }
}

const external = option('base-url');
const server = external ? null : await startServer();
try {
  const baseUrl = external ?? server.baseUrl;
  const who = external ? { email: option('email'), password: option('password') } : server.who;
  const cookie = await signIn(baseUrl, who);
  const targets = await pages(baseUrl, cookie, !external || args.includes('--seed'));
  const results = [];
  for (const page of targets) {
    for (const preset of presets) {
      const samples = [];
      for (let i = 0; i < runs; i++) samples.push(await measure(page.url, preset, cookie));
      samples.sort((a, b) => a.performance - b.performance);
      results.push({
        page: page.name,
        path: new URL(page.url).pathname
          .replace(/plat_[^/]+/, '{platformId}')
          .replace(/sm_[^/]+/, '{id}')
          .replace(/\/authorize\/[^/]+$/, '/authorize/{token}'),
        preset,
        ...samples[Math.floor(samples.length / 2)],
      });
    }
  }
  const json = option('json');
  if (json)
    fs.writeFileSync(
      json,
      JSON.stringify(
        {
          lighthouse: (await import('lighthouse/package.json', { with: { type: 'json' } })).default.version,
          chromePath,
          runs,
          results,
        },
        null,
        2,
      ),
    );
  console.log(
    `Lighthouse ${runs > 1 ? `(median of ${runs} runs)` : '(1 run)'}, ${chromePath}, headless; target ≥ 90\n`,
  );
  console.log(
    '| Page | Path | Preset | Performance | Accessibility | FCP ms | LCP ms | TBT ms | CLS | Failed a11y audits |',
  );
  console.log('|---|---|---|---:|---:|---:|---:|---:|---:|---|');
  for (const r of results) {
    const mark = (score) => (score >= 90 ? `${score}` : `**${score}** (< 90)`);
    console.log(
      `| ${r.page} | \`${r.path}\` | ${r.preset} | ${mark(r.performance)} | ${mark(r.accessibility)} | ${r.fcpMs} | ${r.lcpMs} | ${r.tbtMs} | ${r.cls} | ${r.failedA11y.join(', ') || '—'} |`,
    );
  }
} finally {
  await server?.stop();
}
