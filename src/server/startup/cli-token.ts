import { randomBytes } from 'node:crypto';

const slot = globalThis as typeof globalThis & { __cliToken?: string };

/** A per-process token, written to the 0600 lock file, that lets the local CLI run commands through us. */
export const issueCliToken = () => (slot.__cliToken ??= randomBytes(24).toString('base64url'));
export const currentCliToken = () => slot.__cliToken;
