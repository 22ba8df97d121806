import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

export type RunningServer = {
  process: ChildProcess;
  dataDir: string;
  output: () => string;
  exited: Promise<number | null>;
};

/**
 * Starts `next start` on its own port and data directory, as `npm start` would (NEXT_MANUAL_SIG_HANDLE=1: the
 * server's own shutdown takes SIGTERM); `env` adds variables (`NEXT_MANUAL_SIG_HANDLE: ''` is a bare `next start`).
 */
export function spawnServer(port: number, dataDir: string, env: Record<string, string> = {}): RunningServer {
  let output = '';
  // Next itself, not npx: the pid we signal is the server that holds the database.
  const child = spawn(process.execPath, ['node_modules/next/dist/bin/next', 'start', '-p', String(port)], {
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      PORT: String(port),
      LOG_LEVEL: 'warn',
      NEXT_MANUAL_SIG_HANDLE: '1',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  child.stdout!.on('data', (chunk) => (output += String(chunk)));
  child.stderr!.on('data', (chunk) => (output += String(chunk)));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { process: child, dataDir, output: () => output, exited };
}

export async function waitForOutput(
  server: RunningServer,
  pattern: RegExp,
  timeoutMs = 60_000,
): Promise<RegExpMatchArray> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const match = server.output().match(pattern);
    if (match) return match;
    if (Date.now() > deadline) throw new Error(`Server never printed ${pattern}. Output:\n${server.output()}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** SIGKILL: no shutdown at all, the lock file stays behind naming a dead process (a crash). */
export async function killServer(server: RunningServer) {
  process.kill(-server.process.pid!, 'SIGKILL');
  await server.exited;
}

/** SIGTERM, then wait until the graceful shutdown has released the embedded database's lock. */
export async function stopServer(server: RunningServer) {
  if (server.process.exitCode === null && server.process.signalCode === null) {
    process.kill(-server.process.pid!, 'SIGTERM');
    await server.exited;
  }
  const lock = path.join(server.dataDir, 'LOCK');
  for (let waited = 0; fs.existsSync(lock) && waited < 15_000; waited += 100)
    await new Promise((r) => setTimeout(r, 100));
}
