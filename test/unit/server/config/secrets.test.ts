import fs from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';
import { getSecrets } from '@/server/config/secrets';

it('generates embedded-mode secrets once, with mode 0600, and reads the same ones back', () => {
  const first = getSecrets();
  const file = path.join(process.env.DATA_DIR!, 'secrets.json');
  expect(fs.statSync(file).mode & 0o777).toBe(0o600);
  const stored = JSON.parse(fs.readFileSync(file, 'utf8')) as { SESSION_SECRET: string };
  expect(stored.SESSION_SECRET).toBe(first.sessionSecret);
  expect(first.dataKeys[first.activeDataKeyId]).toHaveLength(32);
});
