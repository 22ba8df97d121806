/**
 * Can one platform's image uploads stall another platform's requests? One process serves the real route
 * handlers over HTTP on PostgreSQL (sandbox upstream over HTTP): platform B reads its sub-merchant list in a
 * closed loop, first alone, then while platform A's key uploads heavy-but-valid images (6000×6000 JPEG, a full
 * decode each, about 200 KB) from many connections at once, as fast as the server takes them. Alongside, one
 * operator's password check at a time (the real argon2 verify of a console sign-in, which runs on the same libuv
 * worker threads as sharp). Prints B's read latency (p50/p99/max) and the password check's (p50/p99) in both
 * phases, A's answers by status, and the load average. Run it on a checkout of the
 * code before a change for the "before" figure: it uses only routes every version has.
 *
 * Usage: npx tsx bench/decode-isolation.mts [--duration 20] [--uploaders 16] [--readers 2] [--admin-url …]
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { parseArgs } from './lib/args.mjs';
import { startInProcessService } from './lib/in-process-service.mts';
import { defaultAdminUrl } from './lib/pg-database.mjs';
import { fixed, markdownTable } from './lib/report.mjs';

const defaults = {
  duration: 20,
  uploaders: 16,
  readers: 2,
  adminUrl: process.env.BENCH_PG_ADMIN_URL ?? defaultAdminUrl,
};
const options = parseArgs(process.argv.slice(2), defaults);
if (options.help) {
  process.stdout.write(
    'npx tsx bench/decode-isolation.mts [--duration 20] [--uploaders 16] [--readers 2] [--admin-url <postgres admin url>]\n',
  );
  process.exit(0);
}
const say = (line: string) => process.stderr.write(`${line}\n`);
const cleanups: (() => Promise<unknown> | void)[] = [];
const runDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-decode-'));
cleanups.push(() => fs.rmSync(runDir, { recursive: true, force: true }));

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? NaN;

try {
  const { handle } = await startInProcessService({
    adminUrl: options.adminUrl,
    databasePrefix: 'bench_decode',
    runDir,
    pool: 10,
    env: {},
    cleanups,
    say,
  });
  const { resetEnvForTests } = await import('@/env');
  const { serveOverHttp } = await import('../test/support/http-adapter');
  const { sandboxHandler } = await import('../test/support/sandbox-server');
  const { createPlatformWithKey } = await import('../test/support/fixtures');
  const { apiHeaders } = await import('../test/support/call-route');
  const { mediaForm } = await import('../test/support/test-images');
  const { hashPassword, verifyPassword } = await import('@/server/services/operators/password');
  const mediaRoute = await import('@/app/v1/payments/media/route');
  const listRoute = await import('@/app/v1/payments/sub-merchants/route');
  const sandbox = await serveOverHttp(sandboxHandler);
  cleanups.push(sandbox.close);
  process.env.SANDBOX_BASE_URL = `${sandbox.url}/sandbox`;
  resetEnvForTests();

  const uploader = await createPlatformWithKey(handle.db);
  const reader = await createPlatformWithKey(handle.db);
  const server = await serveOverHttp((request) => {
    const noParams = { params: undefined as never };
    return new URL(request.url).pathname === '/v1/payments/media'
      ? mediaRoute.POST(request, noParams)
      : listRoute.GET(request, noParams);
  });
  cleanups.push(server.close);
  // Heavy but valid: a full 36-megapixel decode, compressed data well above the floor for its size.
  const heavy = await sharp({ create: { width: 6000, height: 6000, channels: 3, background: '#e8e4dc' } })
    .jpeg({ quality: 40 })
    .toBuffer();
  say(`upload image: 6000×6000 JPEG, ${heavy.length} bytes`);

  async function readLoop(until: number, latencies: number[]) {
    while (performance.now() < until) {
      const started = performance.now();
      const response = await fetch(`${server.url}/v1/payments/sub-merchants?limit=20`, {
        headers: apiHeaders(reader.apiKey),
      });
      await response.arrayBuffer();
      if (response.status !== 200) throw new Error(`read answered ${response.status}`);
      latencies.push(performance.now() - started);
    }
  }
  const passwordHash = await hashPassword('correct horse battery staple');
  async function signInLoop(until: number, latencies: number[]) {
    while (performance.now() < until) {
      const started = performance.now();
      if (!(await verifyPassword(passwordHash, 'correct horse battery staple')))
        throw new Error('password check failed');
      latencies.push(performance.now() - started);
    }
  }
  async function uploadLoop(until: number, statuses: Map<number, number>) {
    while (performance.now() < until) {
      const response = await fetch(`${server.url}/v1/payments/media`, {
        method: 'POST',
        headers: apiHeaders(uploader.apiKey),
        body: mediaForm({ bytes: heavy, name: 'heavy.jpg' }),
      });
      await response.arrayBuffer();
      statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
      // A refused upload comes back at once: wait as a well-behaved client would before the next.
      if (response.status === 503 || response.status === 429) {
        await new Promise((resolve) => setTimeout(resolve, 1000 * Number(response.headers.get('retry-after') ?? 1)));
      }
    }
  }

  const rows: string[][] = [];
  for (const phase of ['reads alone', 'reads while A uploads'] as const) {
    const latencies: number[] = [];
    const checks: number[] = [];
    const statuses = new Map<number, number>();
    const until = performance.now() + options.duration * 1000;
    const load = [
      ...Array.from({ length: options.readers }, () => readLoop(until, latencies)),
      signInLoop(until, checks),
      ...(phase === 'reads alone' ? [] : Array.from({ length: options.uploaders }, () => uploadLoop(until, statuses))),
    ];
    await Promise.all(load);
    const sorted = [...latencies].sort((a, b) => a - b);
    const sortedChecks = [...checks].sort((a, b) => a - b);
    const uploads = [...statuses].map(([status, n]) => `${status}×${n}`).join(', ') || '–';
    rows.push([
      phase,
      String(sorted.length),
      fixed(percentile(sorted, 0.5)),
      fixed(percentile(sorted, 0.99)),
      fixed(sorted.at(-1) ?? NaN),
      String(sortedChecks.length),
      fixed(percentile(sortedChecks, 0.5)),
      fixed(percentile(sortedChecks, 0.99)),
      uploads,
      os
        .loadavg()
        .map((l) => l.toFixed(2))
        .join(' '),
    ]);
  }
  process.stdout.write(
    `${markdownTable(
      [
        'Phase',
        'B reads',
        'p50 ms',
        'p99 ms',
        'max ms',
        'password checks',
        'p50 ms',
        'p99 ms',
        "A's uploads by status",
        'load 1/5/15 min',
      ],
      rows,
    )}\n`,
  );
} finally {
  for (const cleanup of cleanups.reverse()) await cleanup();
}
