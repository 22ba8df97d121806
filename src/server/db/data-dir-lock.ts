/**
 * PGlite has no cross-process lock: two processes on one directory silently diverge and lose data. This lock
 * file (created with O_EXCL) names its holder; a holder that is no longer alive is treated as a crash and
 * replaced, so a killed server never leaves the directory unusable.
 */
import fs from 'node:fs';
import path from 'node:path';

export type LockInfo = { pid: number; startedAt: string; command: string; port?: number; cliToken?: string };

export class DataDirLockedError extends Error {
  constructor(
    readonly dataDir: string,
    readonly holder: LockInfo,
  ) {
    super(
      `The embedded database in ${dataDir} is held by process ${holder.pid} (${holder.command}, since ${holder.startedAt}). ` +
        'Stop that process first, or point this one at another DATA_DIR or at PostgreSQL with DATABASE_URL.',
    );
    this.name = 'DataDirLockedError';
  }
}

const lockPath = (dataDir: string) => path.join(dataDir, 'LOCK');

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

export function readLock(dataDir: string): LockInfo | undefined {
  try {
    return JSON.parse(fs.readFileSync(lockPath(dataDir), 'utf8')) as LockInfo;
  } catch {
    return undefined;
  }
}

/** Takes the lock or throws DataDirLockedError naming the live holder. Returns a release function. */
export function acquireDataDirLock(dataDir: string, info: Omit<LockInfo, 'pid' | 'startedAt'>): () => void {
  fs.mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const file = lockPath(dataDir);
  const mine: LockInfo = { pid: process.pid, startedAt: new Date().toISOString(), ...info };
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      fs.writeFileSync(file, JSON.stringify(mine), { flag: 'wx', mode: 0o600 });
      return () => releaseIfMine(dataDir);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const holder = readLock(dataDir);
      if (holder && holder.pid !== process.pid && isAlive(holder.pid)) throw new DataDirLockedError(dataDir, holder);
      if (holder?.pid === process.pid) return () => releaseIfMine(dataDir);
      fs.rmSync(file, { force: true }); // stale: its holder died
    }
  }
  throw new Error(`Could not take the lock on ${dataDir}`);
}

/** Adds details (the server's port and CLI token) to a lock this process holds. */
export function updateLock(dataDir: string, extra: Partial<LockInfo>) {
  const current = readLock(dataDir);
  if (current?.pid !== process.pid) return;
  fs.writeFileSync(lockPath(dataDir), JSON.stringify({ ...current, ...extra }), { mode: 0o600 });
}

function releaseIfMine(dataDir: string) {
  if (readLock(dataDir)?.pid === process.pid) fs.rmSync(lockPath(dataDir), { force: true });
}
