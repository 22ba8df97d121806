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

export type StoredSecrets = { SESSION_SECRET: string; DATA_ENCRYPTION_KEY: string };

export function parseDataKeys(spec: string): { keys: Record<string, Buffer>; active: string } {
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

/** A new key-ring entry "<keyId>:<base64 32 bytes>"; the id is time-based so newer keys sort after older ones. */
export const newDataKeyEntry = () => `k${Date.now().toString(36)}:${randomBytes(32).toString('base64')}`;

export const localSecretsFile = (dataDir: string) => path.join(dataDir, 'secrets.json');

export function readLocalSecrets(dataDir: string): StoredSecrets | undefined {
  const file = localSecretsFile(dataDir);
  return fs.existsSync(file) ? (JSON.parse(fs.readFileSync(file, 'utf8')) as StoredSecrets) : undefined;
}

/** Replaces secrets.json atomically (a crash leaves the old or the new file, never half of one). */
export function writeLocalSecrets(dataDir: string, secrets: StoredSecrets) {
  const file = localSecretsFile(dataDir);
  const temporary = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(temporary, JSON.stringify(secrets, null, 2), { mode: 0o600 });
  fs.renameSync(temporary, file);
}

function readOrCreateLocalSecrets(dataDir: string): StoredSecrets {
  fs.mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const existing = readLocalSecrets(dataDir);
  if (existing) return existing;
  const generated: StoredSecrets = {
    SESSION_SECRET: randomBytes(32).toString('base64url'),
    DATA_ENCRYPTION_KEY: newDataKeyEntry(),
  };
  // 'wx' makes a concurrent first start fail instead of overwriting the other process's keys.
  fs.writeFileSync(localSecretsFile(dataDir), JSON.stringify(generated, null, 2), { mode: 0o600, flag: 'wx' });
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

/** Test hook: forget the resolved secrets so a test can "restart" with another DATA_ENCRYPTION_KEY. */
export function resetSecretsForTests() {
  cached = undefined;
}

export function publicBaseUrl(): string {
  const env = getEnv();
  return (env.PUBLIC_BASE_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, '');
}
