import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test, type Page } from '@playwright/test';
import { apiClient } from '../support/api-client';
import { admin } from '../support/provision';
import { apiKeyFromPage, platformIdOf } from '../support/settings-helpers';
import { signIn } from '../support/sign-in';

async function openSettings(page: Page) {
  await signIn(page, admin);
  await page.getByRole('link', { name: 'Settings' }).click();
  await expect(page.getByRole('heading', { name: 'Settings', level: 1 })).toBeVisible();
}

test('webhook secret: reveal, then rotate — the page says both secrets sign during the rotation', async ({ page }) => {
  await openSettings(page);
  const panel = page.locator('#webhook-secret');
  await panel.getByRole('button', { name: 'Reveal secret' }).click();
  const first = (await panel.getByTestId('webhook-secret').textContent())!.trim();
  expect(first.length).toBeGreaterThanOrEqual(32);
  await panel.getByRole('button', { name: 'Rotate secret…' }).click();
  await panel.getByRole('button', { name: 'Rotate now' }).click();
  await expect(panel.getByTestId('webhook-rotation')).toContainText('the new and the previous secret both sign');
  const second = (await panel.getByTestId('webhook-secret').textContent())!.trim();
  expect(second).not.toBe(first);
  await page.screenshot({ path: 'e2e/artifacts/settings-webhook-rotated.png', fullPage: true });
  // A reveal after the rotation shows the new secret and that the rotation is still under way.
  await panel.getByRole('button', { name: 'Done' }).click();
  await panel.getByRole('button', { name: 'Reveal secret' }).click();
  await expect(panel.getByTestId('webhook-secret')).toHaveText(second);
  await expect(panel.getByTestId('webhook-rotation')).toContainText('both sign');
});

test('configuration: template mode select with a per-provider override, allowlist checked before sending, all kept after reload', async ({
  page,
}) => {
  await openSettings(page);
  const mode = page.getByLabel('Template mode', { exact: false }).first();
  await mode.selectOption('manual');
  await mode.locator('xpath=ancestor::form').getByRole('button', { name: 'Save' }).click();
  const wechat = page.getByLabel(/Template mode for WeChat/);
  await wechat.selectOption('upstream');
  await wechat.locator('xpath=ancestor::form').getByRole('button', { name: 'Save' }).click();
  await expect(wechat.locator('xpath=ancestor::form').getByRole('status')).toHaveText('Saved');

  const hosts = page.getByLabel(/Allowed redirect hosts/);
  await hosts.fill('shop.example.com\nhttps://not a host/');
  await hosts.locator('xpath=ancestor::form').getByRole('button', { name: 'Save' }).click();
  await expect(hosts).toHaveAttribute('aria-invalid', 'true');
  await expect(hosts).toHaveAccessibleDescription(/host names only/);
  await hosts.fill('shop.example.com\n*.example.org');
  await hosts.locator('xpath=ancestor::form').getByRole('button', { name: 'Save' }).click();
  await expect(hosts).not.toHaveAttribute('aria-invalid', 'true');
  await expect(hosts.locator('xpath=ancestor::form').getByRole('status')).toHaveText('Saved');

  await page.reload();
  await expect(page.getByLabel('Template mode', { exact: false }).first()).toHaveValue('manual');
  await expect(page.getByLabel(/Template mode for WeChat/)).toHaveValue('upstream');
  await expect(page.getByLabel(/Template mode for Alipay/)).toHaveValue('');
  await expect(page.getByLabel(/Allowed redirect hosts/)).toHaveValue('shop.example.com\n*.example.org');
  // Back to the defaults so other specs see an untouched platform.
  for (const label of [/^Template mode miniprogram/, /Template mode for WeChat/, /Allowed redirect hosts/]) {
    const field = page.getByLabel(label);
    if ((await field.evaluate((el) => el.tagName)) === 'SELECT') await field.selectOption('');
    else await field.fill('');
    await field.locator('xpath=ancestor::form').getByRole('button', { name: 'Save' }).click();
    await expect(field.locator('xpath=ancestor::form').getByRole('status')).toHaveText('Saved');
  }
});

test('manual templates: add one, a duplicate is refused on its field, delete it', async ({ page }) => {
  await openSettings(page);
  const panel = page.locator('#templates');
  const version = `9.${Date.now() % 100000}.0`;
  await panel.getByLabel('Provider', { exact: true }).selectOption('providerB');
  await panel.getByLabel('Template id', { exact: true }).fill('tpl-e2e');
  await panel.getByLabel('Version', { exact: true }).fill(version);
  await panel.getByLabel('Description', { exact: true }).fill('端到端测试');
  await panel.getByRole('button', { name: 'Add template' }).click();
  const row = panel.getByRole('row', { name: new RegExp(version.replace(/\./g, '\\.')) });
  await expect(row).toContainText('Alipay');
  await expect(row).toContainText('all sellers');

  await panel.getByLabel('Provider', { exact: true }).selectOption('providerB');
  await panel.getByLabel('Template id', { exact: true }).fill('tpl-e2e');
  await panel.getByLabel('Version', { exact: true }).fill(version);
  await panel.getByRole('button', { name: 'Add template' }).click();
  await expect(panel.getByLabel('Version', { exact: true })).toHaveAttribute('aria-invalid', 'true');
  await expect(panel.getByLabel('Version', { exact: true })).toHaveAccessibleDescription(
    'This template version is already entered for this provider.',
  );

  await row.getByRole('button', { name: `Delete template tpl-e2e version ${version}` }).click();
  await expect(row).toHaveCount(0);
});

test('webhook delivery log: attempts with their HTTP status and the next attempt; redeliver succeeds once the receiver is back', async ({
  page,
}) => {
  let answer = 503;
  const received: string[] = [];
  const receiver: Server = createServer((req, res) => {
    received.push(req.url ?? '');
    res.writeHead(answer).end(answer === 200 ? 'ok' : 'down');
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  const hook = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook-${Date.now()}`;
  try {
    await openSettings(page);
    const url = page.getByLabel(/Sub-merchant events URL/);
    await url.fill(hook);
    await url.press('Enter');
    await expect(url.locator('xpath=ancestor::form').getByRole('status')).toHaveText('Saved');
    const apiKey = await apiKeyFromPage(page, platformIdOf(page));
    const created = await apiClient(apiKey).POST('/v1/payments/sub-merchants', {
      body: { distributorExternalUserId: `hook-${Date.now()}` },
    });
    expect(created.response.status).toBe(201);

    const log = page.locator('#deliveries');
    const failing = log.getByRole('row', { name: new RegExp(hook.replace(/[.]/g, '\\.')) }).first();
    await expect(failing).toContainText('HTTP 503', { timeout: 30_000 });
    await expect(failing).toContainText('retrying');
    await expect(failing.locator('td').nth(4)).not.toHaveText('—');
    await page.screenshot({ path: 'e2e/artifacts/settings-deliveries.png', fullPage: true });

    answer = 200;
    await failing.getByRole('button', { name: /^Redeliver sub_merchant\.updated event/ }).click();
    await expect(log.getByRole('status')).toContainText('A new delivery of the sub_merchant.updated event is queued.');
    await expect(
      log
        .getByRole('row', { name: /delivered/ })
        .filter({ hasText: hook })
        .first(),
    ).toContainText('HTTP 200', { timeout: 30_000 });
    expect(received.length).toBeGreaterThanOrEqual(2);
  } finally {
    receiver.close();
    await page.getByLabel(/Sub-merchant events URL/).fill('');
    await page.getByLabel(/Sub-merchant events URL/).press('Enter');
  }
});

test('upstream connections: an admin runs the doctor checks and reads one verdict per upstream', async ({ page }) => {
  await openSettings(page);
  const panel = page.locator('#upstreams');
  await expect(panel.getByRole('heading', { name: 'Upstream connections' })).toBeVisible();
  await panel.getByRole('button', { name: 'Check connections' }).click();
  await expect(panel.getByRole('status')).toHaveText('Upstream mode: sandbox', { timeout: 30_000 });
  const rows: [string, string][] = [
    ['upstream-providerA.pay', 'WeChat Pay'],
    ['upstream-providerA.component', 'WeChat Open Platform'],
    ['upstream-providerB.gateway', 'Alipay'],
  ];
  for (const [row, name] of rows) {
    await expect(panel.getByTestId(row).getByRole('rowheader')).toHaveText(name);
    await expect(panel.getByTestId(row)).toContainText('OK');
  }
  await expect(panel.getByTestId('upstream-providerA.pay')).toContainText('/v3/applyment4sub/applyment/business_code/');
  await panel.screenshot({ path: 'e2e/artifacts/settings-upstream-connections.png' });
});
