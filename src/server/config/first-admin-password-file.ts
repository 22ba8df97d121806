import fs from 'node:fs';
import path from 'node:path';

/** Where a non-interactive first run leaves the first admin's one-time password (startup/first-run-notice.ts). */
export const FIRST_ADMIN_PASSWORD_FILE = 'first-admin-password.txt';

export const firstAdminPasswordFile = (dataDir: string) => path.join(dataDir, FIRST_ADMIN_PASSWORD_FILE);

/**
 * Deletes the first-run password file once the admin it names has changed that password: the one-time password
 * it holds no longer opens anything, and a file that looks like a live credential should not outlive its use.
 * Another operator's change leaves it alone. Returns whether it was deleted.
 */
export function forgetFirstAdminPassword(dataDir: string, email: string): boolean {
  const file = firstAdminPasswordFile(dataDir);
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch {
    return false;
  }
  const named = /^e-mail:\s*(\S+)\s*$/m.exec(text)?.[1];
  if (named?.toLowerCase() !== email.toLowerCase()) return false;
  fs.rmSync(file, { force: true });
  return true;
}
