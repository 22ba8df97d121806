/**
 * Starts the production build (`next start`) as a child process we own: a free port, PostgreSQL, generated
 * secrets, logs to a file (never to our terminal, which would add pipe back-pressure to the measurement).
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

export async function freePort() {
  const server = net.createServer();
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address();
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** Fresh secrets for a throw-away database: the server refuses PostgreSQL without them. */
export const benchSecrets = () => ({
  SESSION_SECRET: randomBytes(36).toString('base64url'),
  DATA_ENCRYPTION_KEY: `k1:${randomBytes(32).toString('base64')}`,
});

/** The environment the server, the CLI and the status-sync bench share for one run. */
export function benchEnv({ databaseUrl, port, dataDir, secrets, extra = {} }) {
  return {
    ...process.env,
    NODE_ENV: 'production',
    NEXT_TELEMETRY_DISABLED: '1',
    DATABASE_URL: databaseUrl,
    PORT: String(port),
    DATA_DIR: dataDir,
    UPSTREAM_MODE: 'sandbox',
    // The benchmarks drive one key flat out to measure the routes; the per-key limit (100/s by default) would
    // otherwise measure the limiter. Printed by the scripts.
    API_RATE_LIMIT_PER_SECOND: '1000000',
    API_RATE_LIMIT_BURST: '1000000',
    ...secrets,
    ...extra,
  };
}

/** cpus: a taskset CPU list ("1") to pin the server to, so the load generator does not share its core. */
export async function startNextServer({ appDir, port, env, nodeArgs = [], logFile, cpus, readyTimeoutMs = 90_000 }) {
  const nextBin = path.join(appDir, 'node_modules/next/dist/bin/next');
  // next.config.mjs builds into NEXT_DIST_DIR when set (parallel builds); `next start` reads the same variable.
  const distDir = env.NEXT_DIST_DIR || '.next';
  if (!fs.existsSync(path.join(appDir, distDir, 'BUILD_ID'))) {
    throw new Error(`No production build in ${appDir}/${distDir}: run \`npx next build\` there first.`);
  }
  const log = fs.openSync(logFile, 'w');
  const command = [process.execPath, ...nodeArgs, nextBin, 'start', '-p', String(port)];
  if (cpus) command.unshift('taskset', '-c', cpus);
  const child = spawn(command[0], command.slice(1), {
    cwd: appDir,
    env,
    stdio: ['ignore', log, log],
  });
  fs.closeSync(log);
  let exited = null;
  const exit = new Promise((resolve) => child.once('exit', (code, signal) => resolve((exited = { code, signal }))));
  const baseUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + readyTimeoutMs;
  for (;;) {
    if (exited)
      throw new Error(`The server exited during start (${JSON.stringify(exited)}); see ${logFile}:\n${tail(logFile)}`);
    const ok = await fetch(`${baseUrl}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) break;
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(
        `The server did not answer /api/health within ${readyTimeoutMs} ms; see ${logFile}:\n${tail(logFile)}`,
      );
    }
    await sleep(250);
  }
  return {
    baseUrl,
    pid: child.pid,
    /** SIGTERM runs the app's own shutdown (stops jobs, closes the pool); SIGKILL only if it hangs. */
    stop: async (graceMs = 15_000) => {
      if (exited) return exited;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
      const result = await exit;
      clearTimeout(timer);
      return result;
    },
  };
}

function tail(file, lines = 20) {
  try {
    return fs.readFileSync(file, 'utf8').split('\n').slice(-lines).join('\n');
  } catch {
    return '(no log)';
  }
}
