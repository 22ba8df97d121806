import { hash, verify } from '@node-rs/argon2';

/** argon2id with the library's defaults (m=19 MiB, t=2): OWASP's recommended floor. */
export const hashPassword = (password: string) => hash(password);
export const verifyPassword = (passwordHash: string, password: string) =>
  verify(passwordHash, password).catch(() => false);

// A hash of a random password, compared against when the e-mail is unknown so both paths cost the same time.
let decoy: Promise<string> | undefined;
export const decoyHash = () => (decoy ??= hash(crypto.randomUUID()));
