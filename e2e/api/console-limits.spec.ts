import { expect, test } from '@playwright/test';
import { connect, listeningPid, rawRequest, residentBytes } from '../support/raw-http';

/**
 * The console API's body limit over a raw socket against the production build: left alone, tRPC and next-auth
 * read and parse any body (a 200 MB POST takes the server from 441 MB to 1 GB). API_BODY_LIMIT_BYTES is 1 MB here.
 */
const MB = 1024 * 1024;
const port = Number(process.env.E2E_PORT ?? 3100);

test.describe('console API body limit over HTTP', () => {
  test('a declared 200 MB body to /api/trpc or /api/auth is refused with 413 before a body byte is sent', async ({
    baseURL,
  }) => {
    const heads = [
      'POST /api/trpc/me.setLocale?batch=1 HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 209715200\r\n\r\n',
      'POST /api/auth/callback/credentials HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: 209715200\r\n\r\n',
    ];
    for (const head of heads) {
      const answer = await rawRequest(baseURL!, head);
      expect(answer.status, head).toBe(413);
      expect(answer.body).toContain('payload_too_large');
    }
  });

  test('a 200 MB chunked upload to /api/trpc is answered 413 long before it ends, and the server does not buffer it', async ({
    baseURL,
  }) => {
    test.setTimeout(120_000);
    const pid = listeningPid(port);
    const before = residentBytes(pid);
    let peak = before;
    const sampler = setInterval(() => (peak = Math.max(peak, residentBytes(pid))), 50);
    const socket = connect(baseURL!);
    let answer = '';
    socket.on('data', (chunk) => (answer += chunk.toString('latin1')));
    const closed = new Promise<void>((resolve) => socket.on('close', () => resolve()));
    socket.on('error', () => {}); // the server may reset the connection once it has answered
    socket.write(
      'POST /api/trpc/me.setLocale?batch=1 HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n',
    );
    const chunk = `${MB.toString(16)}\r\n${' '.repeat(MB)}\r\n`;
    let sent = 0;
    // Writes 1 MB at a time as fast as the server reads, until it answers (or 200 MB are out).
    while (sent < 200 * MB && !answer && !socket.destroyed) {
      if (!socket.write(chunk)) await Promise.race([new Promise((resolve) => socket.once('drain', resolve)), closed]);
      sent += MB;
    }
    if (!answer && !socket.destroyed) socket.write('0\r\n\r\n');
    const deadline = Date.now() + 30_000;
    // The whole answer, not just its head: the chunked body (with the error code) may arrive a moment later.
    while (!/\r\n\r\n[\s\S]*\r\n0\r\n\r\n$/.test(answer) && !socket.destroyed && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 20));
    clearInterval(sampler);
    socket.destroy();
    console.log(
      `uploaded ${sent / MB} MB before the answer; server RSS ${Math.round(before / MB)} MB, peak +${Math.round((peak - before) / MB)} MB`,
    );
    expect(answer).toMatch(/^HTTP\/1\.1 413 /);
    expect(answer).toContain('PAYLOAD_TOO_LARGE');
    expect(sent, 'bytes uploaded before the answer').toBeLessThan(50 * MB);
    expect(peak - before, 'server memory growth during the upload').toBeLessThan(64 * MB);
  });
});
