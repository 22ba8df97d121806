import net from 'node:net';
import { expect, test } from '@playwright/test';
import { provision } from '../support/provision';

/**
 * Bodies that lie about their size, over a raw socket against the production build (fetch clients cannot lie):
 * the server must answer from the declared size without waiting for the body, cap a chunked body while it
 * streams, and not be confused by a body longer than it declared.
 */
type RawAnswer = { status: number; head: string; body: string };

function rawRequest(baseURL: string, head: string, send: (socket: net.Socket) => void): Promise<RawAnswer> {
  const { hostname, port } = new URL(baseURL);
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(port), hostname === 'localhost' ? '127.0.0.1' : hostname);
    let received = '';
    const done = () => {
      const match = /^HTTP\/1\.1 (\d{3})/.exec(received);
      if (!match) return reject(new Error(`no HTTP answer: ${received.slice(0, 200)}`));
      const [headPart = '', bodyPart = ''] = received.split('\r\n\r\n');
      resolve({ status: Number(match[1]), head: headPart, body: bodyPart });
      socket.destroy();
    };
    socket.setTimeout(20_000, () => done());
    socket.on('data', (chunk) => {
      received += chunk.toString('latin1');
      // One complete answer is enough; the server may keep the connection open.
      if (/\r\n\r\n[\s\S]*\}\s*$/.test(received) || /\r\n0\r\n\r\n$/.test(received)) done();
    });
    socket.on('error', () => (received ? done() : reject(new Error('connection failed'))));
    socket.on('close', () => received && done());
    socket.write(head);
    send(socket);
  });
}

const headFor = (lines: string[]) => `POST /v1/payments/media HTTP/1.1\r\nHost: localhost\r\nAuthorization: Bearer ${provision().apiKey}\r\nX-Service-Code: payments\r\nContent-Type: multipart/form-data; boundary=bomb\r\n${lines.join('\r\n')}\r\n\r\n`;

test.describe('upload size lies over a raw socket', () => {
  test('a declared 50 MB body is refused with 413 before a single body byte is sent', async ({ baseURL }) => {
    const answer = await rawRequest(baseURL!, headFor(['Content-Length: 52428800']), () => {});
    expect(answer.status).toBe(413);
    expect(answer.head.toLowerCase()).toContain('content-type: application/problem+json');
    expect(answer.body).toContain('"code":"payload_too_large"');
  });

  test('a chunked body without a length is cut off at the limit with 413 while it streams', async ({ baseURL }) => {
    const chunk = Buffer.alloc(256 * 1024, 0x41);
    const answer = await rawRequest(baseURL!, headFor(['Transfer-Encoding: chunked']), (socket) => {
      socket.write('--bomb\r\nContent-Disposition: form-data; name="file"; filename="big.jpg"\r\n\r\n'.length.toString(16) + '\r\n');
      socket.write('--bomb\r\nContent-Disposition: form-data; name="file"; filename="big.jpg"\r\n\r\n\r\n');
      // 48 × 256 KB = 12 MB, more than the 10 MB media limit; the server may stop reading early.
      for (let i = 0; i < 48 && !socket.destroyed; i++) socket.write(`${chunk.length.toString(16)}\r\n${chunk.toString('latin1')}\r\n`);
    });
    expect(answer.status).toBe(413);
    expect(answer.body).toContain('payload_too_large');
  });

  test('a body longer than its Content-Length is read only as far as declared: 400, and the server stays up', async ({ baseURL, request }) => {
    const declared = '--bomb\r\nContent-Disposition: form-data; name="file"; filename="a.jpg"\r\n\r\n';
    const answer = await rawRequest(baseURL!, headFor([`Content-Length: ${declared.length}`]), (socket) => {
      socket.write(declared);
      socket.write(Buffer.alloc(2 * 1024 * 1024, 0x42));
    });
    // Either answer is right: the route's 400 for the truncated form, or Node's 400 for the bytes after it,
    // which cannot parse as a next request (whichever the socket delivers first).
    expect(answer.status).toBe(400);
    expect((await request.get('/api/health')).status()).toBe(200);
  });
});
