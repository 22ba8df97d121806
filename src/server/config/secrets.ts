/**
 * Resolves the service-wide secrets. Given ones win; in embedded mode missing ones are generated once and kept
 * in DATA_DIR/secrets.json (mode 0600), so a restart can still read the data it encrypted before.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { getEnv } from '@/env';

export type ServiceSecrets = {
  sessionSecret: string;
  dataKeys: Record<string, Buffer>;
  activeDataKeyId: string;
};

type StoredSecrets = { SESSION_SECRET: string; DATA_ENCRYPTION_KEY: string };

function parseDataKeys(spec: string): { keys: Record<string, Buffer>; active: string } {
  const keys: Record<string, Buffer> = {};
  let active = '';
  for (const entry of spec.split(',')) {
    const [id, material] = entry.split(':') as [string, string];
    const key = Buffer.from(material, 'base64');
    if (key.length !== 32) throw new Error(`DATA_ENCRYPTION_KEY: key "${id}" is not 32 bytes`);
    keys[id] = key;
    active ||= id;
  }
  return { keys, active };
}

function readOrCreateLocalSecrets(dataDir: string): StoredSecrets {
  const file = path.join(dataDir, 'secrets.json');
  fs.mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  if (fs.existsSync(file)) return JSON.parse(fs.readFileSync(file, 'utf8')) as StoredSecrets;
  const generated: StoredSecrets = {
    SESSION_SECRET: randomBytes(32).toString('base64url'),
    DATA_ENCRYPTION_KEY: `k${Date.now().toString(36)}:${randomBytes(32).toString('base64')}`,
  };
  // 'wx' makes a concurrent first start fail instead of overwriting the other process's keys.
  fs.writeFileSync(file, JSON.stringify(generated, null, 2), { mode: 0o600, flag: 'wx' });
  return generated;
}

let cached: ServiceSecrets | undefined;

export function getSecrets(): ServiceSecrets {
  if (cached) return cached;
  const env = getEnv();
  const local = env.SESSION_SECRET && env.DATA_ENCRYPTION_KEY ? undefined : readOrCreateLocalSecrets(env.dataDir);
  const sessionSecret = env.SESSION_SECRET ?? local!.SESSION_SECRET;
  const { keys, active } = parseDataKeys(env.DATA_ENCRYPTION_KEY ?? local!.DATA_ENCRYPTION_KEY);
  cached = { sessionSecret, dataKeys: keys, activeDataKeyId: active };
  return cached;
}

export function publicBaseUrl(): string {
  const env = getEnv();
  return (env.PUBLIC_BASE_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, '');
}
