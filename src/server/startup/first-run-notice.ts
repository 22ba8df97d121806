/**
 * How the first admin's one-time password reaches a person without entering the log stream. On an interactive
 * terminal it is printed. Anywhere else (a container, a service manager, a pipe) stdout is where the logs go and
 * are kept: the password goes to a file in DATA_DIR that only this user can read, and only its path is printed.
 */
import fs from 'node:fs';
import { firstAdminPasswordFile } from '@/server/config/first-admin-password-file';

export function firstRunNotice(
  admin: { email: string; password: string },
  options: { interactive: boolean; dataDir: string },
): string[] {
  const more =
    '  More operators: invite them in the console (Settings), or npm run cli -- operator create --email <e> --password <p> --platform <id>';
  if (options.interactive) {
    return [
      '  First run: an admin was created for you. This password is shown only now, and must be changed at the first sign-in:',
      `    e-mail:   ${admin.email}`,
      `    password: ${admin.password}`,
      more,
    ];
  }
  const file = firstAdminPasswordFile(options.dataDir);
  fs.mkdirSync(options.dataDir, { recursive: true, mode: 0o700 });
  // A fresh file (never through a link someone left there), created readable by this user only.
  fs.rmSync(file, { force: true });
  fs.writeFileSync(file, `e-mail:   ${admin.email}\npassword: ${admin.password}\n`, { mode: 0o600, flag: 'wx' });
  return [
    '  First run: an admin was created for you. Its one-time password (to be changed at the first sign-in) is not printed here, as stdout is not a terminal:',
    `    e-mail:   ${admin.email}`,
    `    password: in ${file} (readable by this user only; deleted once the password is changed)`,
    more,
  ];
}
