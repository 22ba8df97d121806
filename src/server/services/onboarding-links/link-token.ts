import { createHash, randomBytes } from 'node:crypto';

// 32 random bytes in base64url: 43 characters, 256 bits. Anything else is not a token this service issued.
const tokenPattern = /^[A-Za-z0-9_-]{43}$/;

/** A fresh link or session token: the caller gives it out once and keeps only `hashToken(token)`. */
export const newSecretToken = () => randomBytes(32).toString('base64url');

/** SHA-256 (hex) of a token: what the database keeps, so a reader of it cannot open a seller's form. */
export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** The hash of a well-formed token, or null: malformed input never reaches the database. */
export const tokenHashOf = (token: string | undefined | null) =>
  token && tokenPattern.test(token) ? hashToken(token) : null;
