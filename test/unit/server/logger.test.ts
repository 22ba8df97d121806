import fs from 'node:fs';
import { Writable } from 'node:stream';
import { setTimeout as sleep } from 'node:timers/promises';
import pino from 'pino';
import { expect, it } from 'vitest';
import { flushLogs, logRequest, sensitiveKeys } from '@/server/logger';
import { requestContext } from '@/server/request-context';

it('redacts secrets and personal data and stamps the request id on every line', () => {
  const lines: string[] = [];
  const sink = new Writable({ write: (chunk, _enc, done) => (lines.push(String(chunk)), done()) });
  const paths = sensitiveKeys.flatMap((key) => [key, `*.${key}`, `*.*.${key}`]);
  const log = pino(
    { redact: { paths, censor: '[redacted]' }, mixin: () => ({ requestId: requestContext.getStore()?.requestId }) },
    sink,
  );
  requestContext.run({ requestId: 'req_abc' }, () => {
    log.info(
      {
        body: { idCardNumber: '11010519491231002X', accountNumber: '6222020202020202' },
        authorization: 'Bearer sk_test_x',
      },
      'call',
    );
    log.info({ upstream: { payload: { contactMobile: '13800138000' } } }, 'nested');
  });
  const text = lines.join('');
  expect(text).not.toContain('11010519491231002X');
  expect(text).not.toContain('6222020202020202');
  expect(text).not.toContain('13800138000');
  expect(text).not.toContain('sk_test_x');
  expect(lines.map((l) => JSON.parse(l).requestId)).toEqual(['req_abc', 'req_abc']);
});

it("writes one JSON access line a request, with pino's fields in pino's order, whatever the path holds", async () => {
  const path = '/v1/a"b\\c/é/\ud800/\u0001';
  logRequest({ requestId: 'req_access', method: 'GET', path, status: 304, ms: 7 });
  // The log file opens asynchronously (test/setup.ts names it); flushLogs writes once it is open.
  let line: string | undefined;
  for (let i = 0; i < 100 && !line; i++, await sleep(20)) {
    flushLogs();
    if (!fs.existsSync(process.env.LOG_FILE!)) continue;
    line = fs
      .readFileSync(process.env.LOG_FILE!, 'utf8')
      .split('\n')
      .find((l) => l.includes('req_access'));
  }
  const entry = JSON.parse(line!);
  expect(Object.keys(entry)).toEqual([
    'level',
    'time',
    'service',
    'requestId',
    'method',
    'path',
    'status',
    'ms',
    'msg',
  ]);
  expect(entry).toMatchObject({ level: 30, service: 'onboarding-service', method: 'GET', path, status: 304, ms: 7 });
  expect(entry.msg).toBe('request');
  expect(new Date(entry.time).toISOString()).toBe(entry.time);
});
