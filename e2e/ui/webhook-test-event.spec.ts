import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test } from '@playwright/test';
import { admin } from '../support/provision';
import { signIn } from '../support/sign-in';

test('an admin sends a test event to the payments notify URL and sees the receiver answer', async ({ page }) => {
  const received: { headers: http.IncomingHttpHeaders; body: string }[] = [];
  const receiver = http.createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    received.push({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
    res.writeHead(204).end();
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks`;
  try {
    await signIn(page, admin);
    await page.getByRole('link', { name: 'Settings' }).click();
    const field = page.getByLabel('payments.notify_url');
    const previous = await field.inputValue();
    await field.fill(url);
    await field.press('Enter');
    await expect(field).not.toHaveAttribute('aria-invalid', 'true');
    await expect(page.locator('form').filter({ has: field }).getByRole('status')).toHaveText('Saved');
    await page.reload();
    // The config section loads as its own chunk: its form is enabled once hydrated, and so is the test button.
    await expect(field).toBeEnabled();

    const row = page.getByTestId('test-event-payments.notify_url');
    await expect(row).toContainText(url);
    await row.getByRole('button', { name: 'Send test event' }).click();
    await expect(row.getByRole('status')).toHaveText(/^Delivered: HTTP 204 in \d+ ms\.$/, { timeout: 20_000 });
    await page.screenshot({ path: 'e2e/artifacts/settings-test-event.png', fullPage: true });

    expect(received).toHaveLength(1);
    const event = JSON.parse(received[0]!.body) as { id: string; type: string };
    expect(event.type).toBe('test');
    expect(received[0]!.headers['x-event-id']).toBe(event.id);
    expect(received[0]!.headers['x-signature']).toMatch(/v1=/);

    if (previous) {
      await page.getByLabel('payments.notify_url').fill(previous);
      await page.getByLabel('payments.notify_url').press('Enter');
    }
  } finally {
    receiver.closeAllConnections();
    await new Promise<void>((resolve) => receiver.close(() => resolve()));
  }
});
