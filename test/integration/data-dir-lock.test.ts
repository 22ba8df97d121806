import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { readLock } from '@/server/db/data-dir-lock';
import { openDatabase } from '@/server/db/open-database';

const run = promisify(execFile);
const child = path.join(import.meta.dirname, 'fixtures/open-data-dir.ts');

async function openFromAnotherProcess(dataDir: string) {
  try {
    const { stdout } = await run(process.execPath, ['--import', 'tsx', child, dataDir], { cwd: process.cwd() });
    return { code: 0, ...(JSON.parse(stdout) as { opened: boolean; message?: string }) };
  } catch (error) {
    const failure = error as { code: number; stdout: string };
    return { code: failure.code, ...(JSON.parse(failure.stdout) as { opened: boolean; message?: string }) };
  }
}

describe('embedded database directory lock', () => {
  it('refuses a second process while the first holds the directory, naming the holder', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lock-held-'));
    const holder = await openDatabase({ driver: 'pglite', dataDir, holder: 'test holder' });
    try {
      const result = await openFromAnotherProcess(dataDir);
      expect(result.code).toBe(3);
      expect(result.opened).toBe(false);
      expect(result.message).toContain(`held by process ${process.pid}`);
      expect(result.message).toContain('test holder');
    } finally {
      await holder.close();
    }
    expect(readLock(dataDir)).toBeUndefined();
    const after = await openFromAnotherProcess(dataDir);
    expect(after).toMatchObject({ code: 0, opened: true });
  }, 60_000);

  it('takes over a lock whose holder died, and the data written before is still there', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lock-stale-'));
    const first = await openDatabase({ driver: 'pglite', dataDir });
    await first.db.execute(sql`create table survivor (v text)`);
    await first.db.execute(sql`insert into survivor values ('kept')`);
    await first.close();
    // A holder that no longer exists, as after SIGKILL: pid 2^22 + 1 is above Linux's default pid_max.
    fs.writeFileSync(
      path.join(dataDir, 'LOCK'),
      JSON.stringify({ pid: 4_194_305, startedAt: 'then', command: 'killed server' }),
    );
    const second = await openDatabase({ driver: 'pglite', dataDir });
    try {
      const rows = await second.executeSql('select v from survivor');
      expect(rows.rows).toEqual([{ v: 'kept' }]);
      expect(readLock(dataDir)?.pid).toBe(process.pid);
    } finally {
      await second.close();
    }
  }, 60_000);
});
