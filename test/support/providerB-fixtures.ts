import { readFileSync } from 'node:fs';
import path from 'node:path';

/** Published test keys and certificates (test/fixtures/upstream-keys/providerB/README.md), for the vector tests. */
export const fixture = (name: string) =>
  readFileSync(path.join(process.cwd(), 'test/fixtures/upstream-keys/providerB', name), 'utf8');

/** TV-7e, the message-service notify produced by the emulator key (docs/upstream/providerB.md, Test vectors). */
export const TV7E: Record<string, string> = {
  notify_id: '2024051300222174920012345678901234',
  utc_timestamp: '1715593760000',
  msg_method: 'alipay.open.mini.version.audit.passed',
  app_id: '2021000122671080',
  msg_type: 'sys',
  version: '1.1',
  biz_content: '{"mini_app_id":"2021004100000001","mini_app_version":"0.0.1"}',
  charset: 'UTF-8',
  sign_type: 'RSA2',
  sign: 'OI980F3yPAsJaZyrz94Gip0uN6mITjYFv/cuy1kMgdgmpRJmyfLyjkf684RtgzewNxdYpaYhXN/DUOaT8ejU6dO7FCce9OA9HOTstAIxYnJP+1gqIjIwd5FDi3OU2rZiJvvrn2r5D0KKTm5iJvRHaMDPI8elrmkrn+ITPYqr78LXqkS6EXB20EMOILQydEqDpyXYwFSjXdumJeiam9kb9x34CBLtYvOrQrn/Tfk6w4qaS5QgCM0ZAynGyCRWVfALVUF2BH9Vb2R5B54b2Hvh1xUOF8yIQF0KnOlHqmaqARG8MkWApVq7PYBIDas+v8L/219O+69ZDpzg6RRzVvfzCw==',
};
