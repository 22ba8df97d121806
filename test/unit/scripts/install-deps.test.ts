import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const script = path.resolve('scripts/install-deps.sh');

/** A project folder with a lock file of three packages and an `npm` on PATH that unpacks them slowly. */
function project(npmBody: string) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'install-deps-'));
  fs.writeFileSync(
    path.join(dir, 'package-lock.json'),
    JSON.stringify({ packages: { '': {}, 'node_modules/a': {}, 'node_modules/b': {}, 'node_modules/@s/c': {} } }),
  );
  const bin = path.join(dir, 'bin');
  fs.mkdirSync(bin);
  fs.writeFileSync(path.join(bin, 'npm'), `#!/bin/sh\n${npmBody}\n`, { mode: 0o755 });
  const run = () =>
    spawnSync('bash', [script], {
      cwd: dir,
      encoding: 'utf8',
      env: { ...process.env, PATH: `${bin}:${process.env.PATH}`, INSTALL_PROGRESS_SECONDS: '0.2' },
    });
  return { dir, run };
}

describe('scripts/install-deps.sh', () => {
  it('says what it installs and keeps saying it is working while npm is silent, then skips an unchanged lock', () => {
    const { dir, run } = project('mkdir -p node_modules/a; sleep 1; mkdir -p node_modules/b node_modules/@s/c');
    const first = run();
    expect(first.status).toBe(0);
    expect(first.stdout).toContain('installing the 3 packages package-lock.json pins');
    expect(first.stdout).toMatch(/still installing: \d of 3 packages unpacked after \d+ s/);
    expect(first.stdout).toMatch(/installed in \d+ s/);
    expect(fs.existsSync(path.join(dir, 'node_modules/.install-stamp'))).toBe(true);
    const second = run();
    expect(second.status).toBe(0);
    expect(second.stdout.trim()).toBe('up to date with package-lock.json');
  });

  it('fails with npm and leaves no stamp, so the next run installs again', () => {
    const { dir, run } = project('sleep 0.5; exit 3');
    const result = run();
    expect(result.status).toBe(3);
    expect(fs.existsSync(path.join(dir, 'node_modules/.install-stamp'))).toBe(false);
  });
});
