import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { expect, test } from '@playwright/test';
import { apiClient } from '../support/api-client';
import { spawnServer, stopServer, waitForOutput, type RunningServer } from '../support/spawn-server';

const run = promisify(execFile);
const port = Number(process.env.E2E_PORT ?? 3100) + 2;
const baseUrl = `http://127.0.0.1:${port}`;

test('[pglite] backup through the running server under writes; restore refused while it runs; wiped, restored, read back over /v1', async () => {
  test.setTimeout(300_000);
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'backup-e2e-'));
  const dataDir = path.join(scratch, 'data');
  const backupFile = path.join(scratch, 'service.backup');
  const env = { ...process.env, DATA_DIR: dataDir, PUBLIC_BASE_URL: baseUrl, LOG_LEVEL: 'warn' };
  /** The CLI as an operator runs it: exit code, stdout, stderr. */
  const cli = async (...args: string[]) => {
    try {
      const { stdout, stderr } = await run('npm', ['run', '--silent', 'cli', '--', ...args], { env });
      return { code: 0, stdout, stderr };
    } catch (error) {
      const failed = error as { code: number; stdout: string; stderr: string };
      return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
    }
  };

  const created = await cli('platform', 'create', '--name', 'Backup drill', '--json');
  expect(created.code).toBe(0);
  const { apiKey } = JSON.parse(created.stdout) as { apiKey: string };
  let server: RunningServer | undefined = spawnServer(port, dataDir, { PUBLIC_BASE_URL: baseUrl });
  try {
    await waitForOutput(server, /Console:/);
    const api = apiClient(apiKey, baseUrl);
    const before = new Map<string, unknown>();
    for (let n = 0; n < 5; n++) {
      const { data, response } = await api.POST('/v1/payments/sub-merchants', {
        body: {
          distributorExternalUserId: `drill-${n}`,
          provider: n % 2 ? 'providerA' : 'providerB',
          formData: { contactName: `演练联系人${n}`, contactMobile: `1390000${String(1000 + n)}` },
        },
      });
      expect(response.status).toBe(201);
      before.set(data!.id, data!.formData);
    }

    // Steady writes while the backup is taken by the server that holds the database.
    let writing = true;
    let failures = 0;
    const writer = (async () => {
      for (let n = 0; writing; n++) {
        const { response } = await api.POST('/v1/payments/sub-merchants', {
          body: { distributorExternalUserId: `during-${n}`, provider: 'providerA' },
        });
        if (response.status !== 201) failures++;
      }
    })();
    const backup = await cli('backup', '--out', backupFile, '--json');
    writing = false;
    await writer;
    expect(backup.code, backup.stderr).toBe(0);
    expect(JSON.parse(backup.stdout)).toMatchObject({ file: backupFile });
    expect(failures).toBe(0);

    // A restore never goes through the server and never replaces the directory it holds.
    const busy = await cli('restore', '--from', backupFile);
    expect(busy.code).toBe(1);
    expect(busy.stderr.trim()).toMatch(/^error: Restore refused: .* holds a database\. Run with --force/);
    expect(busy.stderr.trim().split('\n')).toHaveLength(1);
    const forcedWhileRunning = await cli('restore', '--from', backupFile, '--force');
    expect(forcedWhileRunning.code).toBe(1);
    expect(forcedWhileRunning.stderr).toMatch(/held by process \d+/);

    await stopServer(server);
    server = undefined;
    // The disaster: the database is gone; secrets.json comes back from the secret store.
    fs.rmSync(path.join(dataDir, 'pglite'), { recursive: true, force: true });
    const restored = await cli('restore', '--from', backupFile, '--json');
    expect(restored.code, restored.stderr).toBe(0);
    expect(JSON.parse(restored.stdout)).toMatchObject({ dataDir, replacedDirectory: null });

    server = spawnServer(port, dataDir, { PUBLIC_BASE_URL: baseUrl });
    await waitForOutput(server, /Console:/);
    for (const [id, formData] of before) {
      const { data, response } = await api.GET('/v1/payments/sub-merchants/{id}', { params: { path: { id } } });
      expect(response.status).toBe(200);
      expect(data!.formData).toEqual(formData); // masked from the decrypted values: the key reads the restored data
    }
    const after = await api.POST('/v1/payments/sub-merchants', {
      body: { distributorExternalUserId: 'after-restore', provider: 'providerB' },
    });
    expect(after.response.status).toBe(201);
  } finally {
    if (server) await stopServer(server);
  }
});
