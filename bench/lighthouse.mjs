#!/usr/bin/env node
/**
 * Lighthouse (the `lighthouse` npm package, v12) performance and accessibility scores of the sub-merchant list,
 * the onboarding wizard, the seller authorization page and the seller's hosted onboarding form (/onboard, issue 30:
 * target ≥ 95), in Debian's Chromium, against a production build.
 *
 *   node bench/lighthouse.mjs [--dir .next-settings] [--preset mobile|desktop|both] [--runs 1] [--json out.json]
 *                             [--port 3180] [--pages list,wizard,seller,onboard] [--breakdown]
 *   node bench/lighthouse.mjs --dir .next-before,.next-after --preset mobile --runs 5 --breakdown
 *   node bench/lighthouse.mjs --base-url http://localhost:3331 --email admin@e2e.test --password …
 *
 * Without --base-url it starts `next start` itself on a free port, on a fresh embedded database provisioned
 * through the CLI (a platform and an admin whose console language is zh-CN, the operators' default), seeds
 * 30 sub-merchants, one seller authorization link and one onboarding link, then measures. The console pages need a session: the script signs in
 * through next-auth and hands the session cookie to Lighthouse with `extraHeaders`.
 * Targets: ≥ 90 for performance and accessibility on each page. With --runs > 1 the median run is reported.
 * --port: the first server's port (the next build's server takes the next port; default: any free port).
 * Several --dir builds (comma-separated) are measured side by side: one server each, and every run alternates
 * between them, so both see the same machine load. --breakdown adds, per page, the medians of Lighthouse's
 * main-thread work by category, the scripts' evaluation time (bootup-time) and the long tasks, and prints the
 * load average before and after each page.
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
      .slice(2, 21)
      .join('\n')
      .replace(/^ \*/gm, ''),
  );
  process.exit(0);
}
const presets = { both: ['mobile', 'desktop'], mobile: ['mobile'], desktop: ['desktop'] }[option('preset', 'both')];
const runs = Math.max(1, Number(option('runs', '1')));
const onlyPages = option('pages')?.split(',');
const breakdown = args.includes('--breakdown');
const firstPort = option('port') ? Number(option('port')) : undefined;
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
async function startServer(distDir, fixedPort) {
  if (!fs.existsSync(path.join(distDir, 'BUILD_ID')))
    throw new Error(`No production build in ${distDir}: run NEXT_DIST_DIR=${distDir} npx next build first.`);
  const port = fixedPort ?? (await freePort());
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

/** The pages measured, with the data they need to show something real. */
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
  record ??= (await trpc(baseUrl, cookie, 'subMerchantConsole.queue', { platformId, tab: 'all', limit: 1 }, 'GET'))
    .data[0];
  const list = { name: 'list', url: `${baseUrl}/platforms/${platformId}/sub-merchants` };
  const wizard = record
    ? { name: 'wizard', url: `${baseUrl}/platforms/${platformId}/sub-merchants/${record.id}/edit` }
    : null;
  let seller = null;
  try {
    await trpc(baseUrl, cookie, 'sandbox.pushTicket', { platformId });
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
  return [list, wizard, seller, record && (await sellerForm(baseUrl, cookie, platformId, record.id))].filter(Boolean);
}

/**
 * The seller's hosted form (/onboard): a link minted for the record, opened once here for its seller_session
 * cookie, which Lighthouse then sends instead of the operator's.
 */
async function sellerForm(baseUrl, cookie, platformId, subMerchantId) {
  try {
    const link = await trpc(baseUrl, cookie, 'onboardingLinks.create', { platformId, subMerchantId });
    const opened = await fetch(`${baseUrl}${new URL(link.url).pathname}`, { redirect: 'manual' });
    const session = opened.headers.getSetCookie().find((c) => c.startsWith('seller_session='));
    if (!session) throw new Error(`the link answered ${opened.status} without a seller session`);
    return { name: 'onboard', url: `${baseUrl}/onboard`, cookie: session.split(';')[0] };
  } catch (error) {
    console.error(`Seller form skipped: ${error.message}`);
    return null;
  }
}

/** A script's URL without origin and build hash noise: `/_next/static/chunks/…` stays, the page URL says `document`. */
const scriptName = (url) =>
  url.includes('/_next/')
    ? new URL(url).pathname.replace(/^.*\/chunks\//, '')
    : url.startsWith('http')
      ? 'document'
      : url;

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length ? sorted[Math.floor(sorted.length / 2)] : 0;
};
const loadAverage = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');

/** Per page and build: medians over the runs of the main-thread groups and of each script's evaluation time. */
function summarise(samples) {
  const keys = (field) => [...new Set(samples.flatMap((s) => Object.keys(s[field])))];
  const medianOf = (field) =>
    Object.fromEntries(
      keys(field)
        .map((k) => [k, median(samples.map((s) => s[field][k] ?? 0))])
        .sort((a, b) => b[1] - a[1]),
    );
  return {
    performance: median(samples.map((s) => s.performance)),
    tbtMs: median(samples.map((s) => s.tbtMs)),
    lcpMs: median(samples.map((s) => s.lcpMs)),
    mainThreadMs: median(samples.map((s) => s.mainThreadMs)),
    bootupMs: median(samples.map((s) => s.bootupMs)),
    longTasks: median(samples.map((s) => s.longTasks)),
    longTasksMs: median(samples.map((s) => s.longTasksMs)),
    byGroup: medianOf('byGroup'),
    requests: medianOf('requests'),
    scripts: medianOf('scripts'),
    scores: samples.map((s) => s.performance),
    longTaskList: samples.map((s) => s.longTaskList.join(', ')),
    fetches: samples[0].fetches,
    tbts: samples.map((s) => s.tbtMs),
  };
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
    const items = (id) => lhr.audits[id]?.details?.items ?? [];
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
      mainThreadMs: Math.round(audit('mainthread-work-breakdown') ?? 0),
      byGroup: Object.fromEntries(items('mainthread-work-breakdown').map((i) => [i.group, Math.round(i.duration)])),
      bootupMs: Math.round(audit('bootup-time') ?? 0),
      scripts: Object.fromEntries(
        items('bootup-time').map((i) => [scriptName(i.url), Math.round(i.scripting + (i.scriptParseCompile ?? 0))]),
      ),
      requests: items('network-requests').reduce((byType, r) => {
        const type = r.resourceType ?? 'Other';
        return { ...byType, [type]: (byType[type] ?? 0) + 1 };
      }, {}),
      fetches: items('network-requests')
        .filter((r) => r.resourceType === 'Fetch')
        .map((r) => new URL(r.url).pathname.replace(/plat_[^/]+/, '{platformId}').replace(/sm_[^/]+/, '{id}')),
      longTaskList: items('long-tasks').map((t) => `${scriptName(t.url)} ${Math.round(t.duration)}`),
      longTasks: items('long-tasks').length,
      longTasksMs: Math.round(items('long-tasks').reduce((sum, t) => sum + t.duration, 0)),
    };
  } finally {
    await chrome.kill();
  }
}

const external = option('base-url');
const dirs = option('dir', process.env.NEXT_DIST_DIR || '.next').split(',');
const servers = [];
try {
  const builds = [];
  if (external) {
    const who = { email: option('email'), password: option('password') };
    const cookie = await signIn(external, who);
    builds.push({ name: external, cookie, targets: await pages(external, cookie, args.includes('--seed')) });
  } else
    for (const [i, dir] of dirs.entries()) {
      const server = await startServer(dir, firstPort === undefined ? undefined : firstPort + i);
      servers.push(server);
      const cookie = await signIn(server.baseUrl, server.who);
      builds.push({ name: dir, cookie, targets: await pages(server.baseUrl, cookie, true) });
    }
  const names = builds[0].targets.map((t) => t.name).filter((name) => !onlyPages || onlyPages.includes(name));
  const results = [];
  for (const name of names) {
    for (const preset of presets) {
      const loadBefore = loadAverage();
      const samples = builds.map(() => []);
      // Alternate the builds run by run, so a change in the machine's load falls on both alike.
      for (let i = 0; i < runs; i++)
        for (const [b, build] of builds.entries()) {
          const page = build.targets.find((t) => t.name === name);
          // A run Lighthouse refuses (NO_FCP when the machine is too loaded to paint in time) is reported and
          // left out, so it does not cost the other runs.
          if (page)
            await measure(page.url, preset, page.cookie ?? build.cookie).then(
              (sample) => samples[b].push(sample),
              (error) => console.error(`${build.name} ${name} run ${i + 1} left out: ${error.message}`),
            );
        }
      const loadAfter = loadAverage();
      for (const [b, build] of builds.entries()) {
        const page = build.targets.find((t) => t.name === name);
        if (!page || samples[b].length === 0) continue;
        const byScore = [...samples[b]].sort((x, y) => x.performance - y.performance);
        const {
          byGroup: _byGroup,
          scripts: _scripts,
          requests: _requests,
          ...medianRun
        } = byScore[Math.floor(byScore.length / 2)];
        results.push({
          build: build.name,
          page: name,
          path: new URL(page.url).pathname
            .replace(/plat_[^/]+/, '{platformId}')
            .replace(/sm_[^/]+/, '{id}')
            .replace(/\/authorize\/[^/]+$/, '/authorize/{token}'),
          preset,
          ...medianRun,
          loadBefore,
          loadAfter,
          ...(breakdown && { medians: summarise(samples[b]) }),
        });
      }
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
  const several = builds.length > 1;
  console.log(
    `|${several ? ' Build |' : ''} Page | Path | Preset | Performance | Accessibility | FCP ms | LCP ms | TBT ms | CLS | Failed a11y audits | Load average (1/5/15 min) before → after |`,
  );
  console.log(`|${several ? '---|' : ''}---|---|---|---:|---:|---:|---:|---:|---:|---|---|`);
  for (const r of results) {
    const mark = (score) => (score >= 90 ? `${score}` : `**${score}** (< 90)`);
    console.log(
      `|${several ? ` ${r.build} |` : ''} ${r.page} | \`${r.path}\` | ${r.preset} | ${mark(r.performance)} | ${mark(r.accessibility)} | ${r.fcpMs} | ${r.lcpMs} | ${r.tbtMs} | ${r.cls} | ${r.failedA11y.join(', ') || '—'} | ${r.loadBefore} → ${r.loadAfter} |`,
    );
  }
  if (breakdown)
    for (const r of results) {
      const m = r.medians;
      const top = (record, n) =>
        Object.entries(record)
          .slice(0, n)
          .map(([k, v]) => `${k} ${v}`)
          .join(', ');
      console.log(
        `\n${several ? `${r.build} ` : ''}${r.page} ${r.preset}: scores ${m.scores.join(' ')}, TBT ${m.tbts.join(' ')} ms; medians: performance ${m.performance}, TBT ${m.tbtMs} ms, LCP ${m.lcpMs} ms, main thread ${m.mainThreadMs} ms, script bootup ${m.bootupMs} ms, long tasks ${m.longTasks} (${m.longTasksMs} ms)`,
      );
      console.log(`  main thread by group (ms): ${top(m.byGroup, 8)}`);
      console.log(`  scripts, evaluation + parse (ms): ${top(m.scripts, 10)}`);
      console.log(`  requests by type: ${top(m.requests, 10)}`);
      console.log(`  fetches after load (first run): ${m.fetches.join(', ') || '—'}`);
      for (const list of m.longTaskList) console.log(`  long tasks (ms, a run): ${list}`);
    }
} finally {
  for (const server of servers) await server.stop();
}
