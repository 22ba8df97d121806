/**
 * The backup file of the embedded database: a magic line, one JSON header line, then PGlite's gzip tarball of
 * the data directory. The header names the installation by fingerprints of its data keys (never the keys), so
 * a restore can refuse a file it could not decrypt; a SHA-256 over header and payload catches truncation and
 * corruption before anything on disk is touched.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { AppError } from '@/server/errors';
import { acquireDataDirLock } from './data-dir-lock';
import { pgliteExtensions } from './open-database';

const magic = 'ONBOARDING-SERVICE-BACKUP\n';
export const backupFormatVersion = 1;

export type BackupKey = { id: string; fingerprint: string };
export type BackupHeader = {
  format: 'embedded-pglite';
  version: number;
  createdAt: string;
  /** The key ring that encrypted the data when the backup was taken: every entry is needed to read it all. */
  dataKeys: BackupKey[];
  payloadBytes: number;
  sha256: string;
};

/** A one-way fingerprint of a data key (id and material), safe to print and to store next to the data. */
export const keyFingerprint = (id: string, material: Buffer) =>
  createHash('sha256')
    .update('onboarding-service data key\0')
    .update(id)
    .update('\0')
    .update(material)
    .digest('hex')
    .slice(0, 16);

export const fingerprintsOf = (keys: Record<string, Buffer>): BackupKey[] =>
  Object.entries(keys).map(([id, material]) => ({ id, fingerprint: keyFingerprint(id, material) }));

const checksum = (header: Omit<BackupHeader, 'sha256'>, payload: Buffer) =>
  createHash('sha256').update(JSON.stringify(header)).update(payload).digest('hex');

const refused = (file: string, why: string) => new AppError('invalid_request', `Backup ${file} refused: ${why}`);

/** Writes the file next to its final name and renames it, so a crash never leaves half a backup under it. */
export function writeBackupFile(file: string, dataKeys: BackupKey[], payload: Buffer): BackupHeader {
  if (fs.existsSync(file)) throw new AppError('invalid_request', `${file} already exists; choose a new file name.`);
  const body = {
    format: 'embedded-pglite' as const,
    version: backupFormatVersion,
    createdAt: new Date().toISOString(),
    dataKeys,
    payloadBytes: payload.length,
  };
  const header: BackupHeader = { ...body, sha256: checksum(body, payload) };
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const temporary = `${file}.${process.pid}.partial`;
  fs.writeFileSync(temporary, Buffer.concat([Buffer.from(magic + JSON.stringify(header) + '\n'), payload]), {
    mode: 0o600,
  });
  fs.renameSync(temporary, file);
  return header;
}

/** Reads and verifies a backup file; throws a one-line reason when it is not a whole, intact backup. */
export function readBackupFile(file: string): { header: BackupHeader; payload: Buffer } {
  let bytes: Buffer;
  try {
    bytes = fs.readFileSync(file);
  } catch {
    throw refused(file, 'the file cannot be read.');
  }
  if (!bytes.subarray(0, magic.length).equals(Buffer.from(magic))) throw refused(file, 'not a backup of this service.');
  const headerEnd = bytes.indexOf(0x0a, magic.length);
  if (headerEnd < 0) throw refused(file, 'the file is truncated (no complete header).');
  let header: BackupHeader;
  try {
    header = JSON.parse(bytes.subarray(magic.length, headerEnd).toString('utf8')) as BackupHeader;
  } catch {
    throw refused(file, 'the header is corrupt.');
  }
  if (header.format !== 'embedded-pglite' || header.version !== backupFormatVersion)
    throw refused(
      file,
      `format ${header.format} version ${header.version} is not supported (this build reads version ${backupFormatVersion}).`,
    );
  const payload = bytes.subarray(headerEnd + 1);
  if (payload.length < header.payloadBytes)
    throw refused(file, `the file is truncated (${payload.length} of ${header.payloadBytes} data bytes).`);
  if (payload.length > header.payloadBytes) throw refused(file, 'the file has bytes after its end; it is corrupt.');
  const { sha256, ...body } = header;
  if (checksum(body, payload) !== sha256) throw refused(file, 'the checksum does not match; the file is corrupt.');
  return { header, payload };
}

const isEmptyDir = (dir: string) => !fs.existsSync(dir) || fs.readdirSync(dir).length === 0;

/**
 * Replaces DATA_DIR/pglite with the backup's data directory. Takes the directory lock (so no server or CLI has
 * it open), unpacks into a sibling first and opens it there; only a copy that opens replaces anything, and the
 * replaced directory is kept beside it. Returns where the replaced one went, if any.
 */
export async function restorePgliteDataDir(
  dataDir: string,
  payload: Buffer,
  options: { force: boolean },
): Promise<{ replacedDirectory?: string }> {
  const target = path.join(dataDir, 'pglite');
  if (!options.force && !isEmptyDir(target))
    throw new AppError(
      'invalid_request',
      `Restore refused: ${target} holds a database. Run with --force to replace it (it is kept as pglite.before-restore-…).`,
    );
  const release = acquireDataDirLock(dataDir, { command: 'restore' });
  const staging = path.join(dataDir, `pglite.restoring-${process.pid}`);
  try {
    fs.rmSync(staging, { recursive: true, force: true });
    const client = new PGlite(staging, {
      extensions: pgliteExtensions,
      loadDataDir: new Blob([new Uint8Array(payload)]),
    });
    try {
      await client.waitReady;
      // The copy must be a database of this service: the migration journal is there from its first start.
      await client.query('select count(*) from drizzle.__drizzle_migrations');
    } finally {
      await client.close();
    }
    let replacedDirectory: string | undefined;
    if (!isEmptyDir(target)) {
      replacedDirectory = path.join(dataDir, `pglite.before-restore-${new Date().toISOString().replace(/[:.]/g, '-')}`);
      fs.renameSync(target, replacedDirectory);
    } else fs.rmSync(target, { recursive: true, force: true });
    fs.renameSync(staging, target);
    return { replacedDirectory };
  } catch (error) {
    fs.rmSync(staging, { recursive: true, force: true });
    throw error instanceof AppError
      ? error
      : new AppError('invalid_request', `Restore refused: the backup does not open as a database (${String(error)}).`);
  } finally {
    release();
  }
}
