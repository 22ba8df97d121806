import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { expect, test } from '@playwright/test';
import { apiClient } from '../support/api-client';
import { killServer, spawnServer, stopServer, waitForOutput } from '../support/spawn-server';

const run = promisify(execFile);
// Beside the suite's own server: +1…+4 belong to the resilience and scale-out rigs.
const port = Number(process.env.E2E_PORT ?? 3100) + 5;
const base = `http://localhost:${port}`;

test('a newcomer: first start hands over a one-time admin outside the log stream, who must choose a password at the first sign-in, the CLI goes through the server, a second process is refused, data survives a SIGKILL', async ({
  page,
}) => {
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
    await page.goto(`${base}/sign-in`);
    await page.getByLabel('E-mail').fill(email!);
    await page.getByLabel('Password').fill(password!);
    await page.getByRole('button', { name: 'Sign in' }).click();
    // The printed password is one-time: every console page leads to choosing one's own (the admin's console is in Chinese).
    await expect(page).toHaveURL(`${base}/change-password`);
    await expect(page.getByRole('heading', { name: '设置你自己的密码', level: 1 })).toBeVisible();
    await page.goto(`${base}/`);
    await expect(page).toHaveURL(`${base}/change-password`);
    const refused = await page.evaluate(async () =>
      (
        await fetch('/api/trpc/me.setLocale', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: '{"locale":"en"}',
        })
      ).json(),
    );
    expect(refused.error.data).toMatchObject({ code: 'FORBIDDEN', appCode: 'password_change_required' });
    await page.screenshot({ path: 'e2e/artifacts/first-run-change-password.png', fullPage: true });
    await page.getByLabel('当前密码').fill(password!);
    await page.getByLabel('新密码', { exact: true }).fill('the-admins-own-password');
    await page.getByLabel('再次输入新密码').fill('the-admins-own-password');
    await page.getByRole('button', { name: '修改密码' }).click();
    await expect(page).toHaveURL(/\/platforms\/plat_[^/]+\/sub-merchants$/);
    await expect(page.getByRole('heading', { name: '子商户进件', level: 1 })).toBeVisible();
    await page.screenshot({ path: 'e2e/artifacts/first-run-signed-in.png', fullPage: true });

    const { stdout } = await run(
      'npm',
      ['run', '--silent', 'cli', '--', 'platform', 'create', '--name', 'Through the server', '--json'],
      {
        env: { ...process.env, DATA_DIR: dataDir },
      },
    );
    const created = JSON.parse(stdout) as { platformId: string; apiKey: string };
    expect(created.apiKey).toMatch(/^sk_test_/);
    const api = apiClient(created.apiKey, base);
    expect((await api.GET('/v1/payments/sub-merchants')).response.status).toBe(200);

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
      expect((await api.GET('/v1/payments/sub-merchants')).response.status).toBe(200);
    } finally {
      await stopServer(restarted);
    }
  } finally {
    await stopServer(server);
  }
});
