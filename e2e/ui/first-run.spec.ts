import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { expect, test } from '@playwright/test';
import { signIn } from '../support/sign-in';
import { killServer, spawnServer, stopServer, waitForOutput } from '../support/spawn-server';

const run = promisify(execFile);
// Beside the run's own port (E2E_PORT), like the scale-out project's +3 and +4; 3181 for the default 3100.
const port = Number(process.env.E2E_PORT ?? 3100) + 81;
const base = `http://localhost:${port}`;

test('a newcomer: first start hands over a one-time admin outside the log stream, sign-in works, the CLI goes through the server, a second process is refused, data survives a SIGKILL', async ({ page, request }) => {
  test.setTimeout(180_000);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'first-run-'));
  const server = spawnServer(port, dataDir);
  try {
    await waitForOutput(server, new RegExp(`Console:\\s+http://localhost:${port}/sign-in`));
    // stdout is a pipe here, as under a container or service manager: the password goes to a 0600 file, not the log.
    const passwordFile = path.join(dataDir, 'first-admin-password.txt');
    await waitForOutput(server, /password: in (\S+first-admin-password\.txt)/);
    expect(fs.statSync(passwordFile).mode & 0o777).toBe(0o600);
    const [, email, password] = /e-mail:\s+(\S+)\s+password:\s+(\S+)/.exec(fs.readFileSync(passwordFile, 'utf8'))!;
    expect(password).toMatch(/^[0-9A-Za-z]{20}$/);
    expect(server.output()).not.toContain(password);
    await signIn(page, { email: email!, password: password! }, base);
    await page.screenshot({ path: 'e2e/artifacts/first-run-signed-in.png', fullPage: true });

    const { stdout } = await run('npm', ['run', '--silent', 'cli', '--', 'platform', 'create', '--name', 'Through the server', '--json'], {
      env: { ...process.env, DATA_DIR: dataDir },
    });
    const created = JSON.parse(stdout) as { platformId: string; apiKey: string };
    expect(created.apiKey).toMatch(/^sk_test_/);
    const headers = { authorization: `Bearer ${created.apiKey}`, 'x-service-code': 'payments' };
    expect((await request.get(`${base}/v1/payments/sub-merchants`, { headers })).status()).toBe(200);

    const second = spawnServer(port + 1, dataDir);
    expect(await second.exited).toBe(1);
    expect(second.output()).toMatch(/Cannot start: The embedded database in .* is held by process \d+/);

    // A crash, not a shutdown: the lock file still names the dead process and PGlite was not closed.
    await killServer(server);
    expect(fs.existsSync(path.join(dataDir, 'LOCK'))).toBe(true);
    const restarted = spawnServer(port, dataDir);
    try {
      await waitForOutput(restarted, /Console:/);
      expect(restarted.output()).not.toContain('First run');
      expect((await request.get(`${base}/v1/payments/sub-merchants`, { headers })).status()).toBe(200);
    } finally {
      await stopServer(restarted);
    }
  } finally {
    await stopServer(server);
  }
});
