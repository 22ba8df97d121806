import path from 'node:path';
import { getEnv } from '@/env';
import { parseDataKeys, readLocalSecrets } from '@/server/config/secrets';
import { fingerprintsOf, readBackupFile, restorePgliteDataDir } from '@/server/db/embedded-backup';
import { AppError } from '@/server/errors';
import { logger } from '@/server/logger';

/**
 * `restore --from FILE [--force]`: checks the whole file, then that this installation holds every data key the
 * backup's data was encrypted with, and only then replaces DATA_DIR's database (an existing one only with
 * force). Any refusal leaves every file as it was. Runs in the CLI with no server on the directory.
 */
export async function restoreEmbeddedDatabase({ from, force }: { from: string; force: boolean }) {
  const env = getEnv();
  if (env.DATABASE_URL)
    throw new AppError(
      'invalid_request',
      'DATABASE_URL is set: restore PostgreSQL with pg_restore (docs/operations.md, "Backups").',
    );
  if (!from) throw new AppError('invalid_request', 'Missing --from <file>. Run with --help for usage.');
  const file = path.resolve(from);
  const { header, payload } = readBackupFile(file);
  // Read, never create: a restore must not invent a key ring that then "matches" nothing.
  const ring = env.DATA_ENCRYPTION_KEY ?? readLocalSecrets(env.dataDir)?.DATA_ENCRYPTION_KEY;
  if (!ring)
    throw new AppError(
      'invalid_request',
      `Restore refused: no data key here (no DATA_ENCRYPTION_KEY and no ${path.join(env.dataDir, 'secrets.json')}); ` +
        `without the backed-up installation's key (ids ${header.dataKeys.map((k) => k.id).join(', ')}) nothing in the backup decrypts. ` +
        'Put its secrets.json into DATA_DIR or set DATA_ENCRYPTION_KEY, then run restore again.',
    );
  const held = new Set(fingerprintsOf(parseDataKeys(ring).keys).map((k) => k.fingerprint));
  const missing = header.dataKeys.filter((k) => !held.has(k.fingerprint));
  if (missing.length === header.dataKeys.length)
    throw new AppError(
      'invalid_request',
      `Restore refused: the backup is from another installation (its data keys ${missing.map((k) => k.id).join(', ')} are not in this key ring).`,
    );
  if (missing.length > 0)
    throw new AppError(
      'invalid_request',
      `Restore refused: this key ring lacks data keys ${missing.map((k) => k.id).join(', ')} of the backup; data under them would not decrypt.`,
    );
  const { replacedDirectory } = await restorePgliteDataDir(env.dataDir, payload, { force });
  logger.info({ file, dataDir: env.dataDir, replacedDirectory }, 'backup restored');
  return {
    restoredFrom: file,
    createdAt: header.createdAt,
    dataDir: env.dataDir,
    replacedDirectory: replacedDirectory ?? null,
  };
}
