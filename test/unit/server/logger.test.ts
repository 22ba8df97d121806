import { Writable } from 'node:stream';
import pino from 'pino';
import { expect, it } from 'vitest';
import { sensitiveKeys } from '@/server/logger';
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
