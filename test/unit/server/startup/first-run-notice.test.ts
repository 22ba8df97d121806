import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { FIRST_ADMIN_PASSWORD_FILE } from '@/server/config/first-admin-password-file';
import { firstRunNotice } from '@/server/startup/first-run-notice';

const admin = { email: 'admin@example.com', password: 'Abcdefghij0123456789' };
const freshDir = () => path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'first-run-notice-')), 'data');

describe('first-run admin notice', () => {
  it('off a terminal: writes the password to a 0600 file in DATA_DIR and prints only its path', () => {
    const dataDir = freshDir();
    const lines = firstRunNotice(admin, { interactive: false, dataDir });
    const file = path.join(dataDir, FIRST_ADMIN_PASSWORD_FILE);
    expect(lines.join('\n')).not.toContain(admin.password);
    expect(lines.join('\n')).toContain(file);
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    expect(fs.readFileSync(file, 'utf8')).toBe(`e-mail:   ${admin.email}\npassword: ${admin.password}\n`);
  });

  it('replaces a file left by an earlier first run (a wiped database), still 0600', () => {
    const dataDir = freshDir();
    fs.mkdirSync(dataDir, { recursive: true });
    fs.writeFileSync(path.join(dataDir, FIRST_ADMIN_PASSWORD_FILE), 'old', { mode: 0o644 });
    firstRunNotice(admin, { interactive: false, dataDir });
    const file = path.join(dataDir, FIRST_ADMIN_PASSWORD_FILE);
    expect(fs.readFileSync(file, 'utf8')).toContain(admin.password);
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
  });

  it('on a terminal: prints the password once and writes no file', () => {
    const dataDir = freshDir();
    expect(firstRunNotice(admin, { interactive: true, dataDir }).join('\n')).toContain(`password: ${admin.password}`);
    expect(fs.existsSync(path.join(dataDir, FIRST_ADMIN_PASSWORD_FILE))).toBe(false);
  });
});
