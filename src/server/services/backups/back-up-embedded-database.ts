import path from 'node:path';
import { getEnv } from '@/env';
import { getSecrets } from '@/server/config/secrets';
import { getDatabaseHandle } from '@/server/db';
import { fingerprintsOf, writeBackupFile } from '@/server/db/embedded-backup';
import { AppError } from '@/server/errors';
import { logger } from '@/server/logger';

/**
 * `backup --out FILE`: a consistent copy of the embedded database, taken by the process that holds it (the
 * server, when one runs; the CLI forwards the command to it), so writes go on while it is taken. The data keys
 * are not in the file: keep secrets.json (or DATA_ENCRYPTION_KEY) in your secret store.
 */
export async function backUpEmbeddedDatabase({ out }: { out: string }) {
  if (getEnv().DATABASE_URL)
    throw new AppError(
      'invalid_request',
      'DATABASE_URL is set: back up PostgreSQL with pg_dump (docs/operations.md, "Backups").',
    );
  const file = path.resolve(out);
  const handle = await getDatabaseHandle();
  if (!handle.dumpDataDir) throw new AppError('invalid_state', 'This database cannot be backed up by the service.');
  const payload = Buffer.from(await (await handle.dumpDataDir()).arrayBuffer());
  const header = writeBackupFile(file, fingerprintsOf(getSecrets().dataKeys), payload);
  logger.info({ file, bytes: header.payloadBytes, keyIds: header.dataKeys.map((k) => k.id) }, 'backup written');
  return {
    file,
    createdAt: header.createdAt,
    bytes: header.payloadBytes,
    dataKeyIds: header.dataKeys.map((k) => k.id),
  };
}
