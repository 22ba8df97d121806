import fs from 'node:fs';

export type Provision = { platformId: string; apiKey: string; webhookSecret: string };

/** What scripts/e2e-server.sh created through the CLI before the server started. */
export const provision = (): Provision =>
  JSON.parse(fs.readFileSync(`e2e/artifacts/provision-${process.env.E2E_PORT ?? 3100}.json`, 'utf8')) as Provision;

/** The sandbox control API is the platform's own test mode: it takes the platform's API key. */
export const sandboxControlHeaders = (apiKey = provision().apiKey) => ({ authorization: `Bearer ${apiKey}` });

export const admin = { email: 'admin@e2e.test', password: 'e2e-admin-password' };
export const viewer = { email: 'viewer@e2e.test', password: 'e2e-viewer-password' };
