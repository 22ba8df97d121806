import { getFieldCipher } from '@/server/config/field-cipher';
import { isEncryptedValue, type FieldCipher } from '@/server/crypto/field-encryption';
import type { Db } from '@/server/db';
import { logger } from '@/server/logger';
import { sealPlainMedia, type PlainMediaReport } from '@/server/services/media/seal-plain-media';
import { tokenLocations, type LocatedRow, type TokenLocation, type TokenSlots } from './token-locations';
import type { ServiceContext } from '../context';

export type LocationProgress = {
  scanned: number;
  reencrypted: number;
  /** Rows written by someone else between our read and our write: left as they are, picked up by the next pass. */
  changedMeanwhile: number;
  /** Tokens under a key id that is not in the ring (or tampered): they cannot be re-encrypted, only reported. */
  unreadable: number;
  /** Values in an encrypted slot that are not tokens at all: reported, never touched. */
  notEncrypted: number;
};

export type ReencryptionReport = {
  activeKeyId: string;
  passes: number;
  complete: boolean;
  locations: Record<string, LocationProgress>;
  /** Images from before sealing, sealed first (normally zero: the service seals them at start). */
  plainMedia: PlainMediaReport;
};
export type ReencryptOptions = { batchSize?: number; maxPasses?: number; cipher?: FieldCipher };

const emptyProgress = (): LocationProgress => ({
  scanned: 0,
  reencrypted: 0,
  changedMeanwhile: 0,
  unreadable: 0,
  notEncrypted: 0,
});

/** The row's slots under the active key, or undefined when nothing in it needs rewriting. */
function resealRow(row: LocatedRow, cipher: FieldCipher, progress: LocationProgress): TokenSlots | undefined {
  let changed = false;
  const resealed: TokenSlots = {};
  for (const [slot, token] of Object.entries(row.slots)) {
    resealed[slot] = token;
    if (token === null || !cipher.needsRotation(token)) continue;
    if (!isEncryptedValue(token)) {
      progress.notEncrypted++;
      continue;
    }
    try {
      // As bytes: a slot may hold text or an image, and bytes round-trip either.
      resealed[slot] = cipher.encryptBytes(cipher.decryptBytes(token));
      changed = true;
    } catch {
      progress.unreadable++;
    }
  }
  return changed ? resealed : undefined;
}

async function walkLocation(
  db: Db,
  location: TokenLocation,
  cipher: FieldCipher,
  batchSize: number,
  progress: LocationProgress,
) {
  let after: string[] | undefined;
  for (;;) {
    const rows = await location.page(db, after, batchSize);
    if (rows.length === 0) return;
    after = rows.at(-1)!.key;
    progress.scanned += rows.length;
    const rewrites = rows.flatMap((row) => {
      const resealed = resealRow(row, cipher, progress);
      return resealed ? [{ row, resealed }] : [];
    });
    if (rewrites.length === 0) continue;
    // One short transaction per batch: readers and writers wait for at most one batch of row locks.
    const written = await db.transaction(async (tx) => {
      let count = 0;
      for (const { row, resealed } of rewrites) if (await location.rewrite(tx, row, resealed)) count++;
      return count;
    });
    progress.reencrypted += written;
    progress.changedMeanwhile += rewrites.length - written;
    logger.debug(
      { location: location.name, scanned: progress.scanned, reencrypted: progress.reencrypted },
      'data key re-encryption batch',
    );
  }
}

/**
 * Rewrites every field-cipher token that is not under the active (first) data key, in keyset-paged batches
 * (after sealing any image still stored in plain from before images were sealed),
 * while the service keeps running: reads work throughout (the ring still holds the old key), and a row written
 * meanwhile is never overwritten (guarded UPDATE) but revisited in another pass. Idempotent: a second run
 * finds nothing to do; an interrupted run is resumed by running it again. Plaintext and record versions stay
 * as they were, so caches keyed by version remain valid.
 */
export async function reencryptStoredData(
  ctx: ServiceContext,
  options: ReencryptOptions = {},
): Promise<ReencryptionReport> {
  const { db } = ctx;
  const cipher = options.cipher ?? getFieldCipher();
  const batchSize = options.batchSize ?? 200;
  const maxPasses = options.maxPasses ?? 5;
  const plainMedia = await sealPlainMedia(ctx, { cipher });
  const locations: Record<string, LocationProgress> = {};
  let passes = 0;
  let changedMeanwhile = 0;
  do {
    passes++;
    changedMeanwhile = 0;
    for (const location of tokenLocations) {
      const progress = emptyProgress();
      await walkLocation(db, location, cipher, batchSize, progress);
      changedMeanwhile += progress.changedMeanwhile;
      const total = (locations[location.name] ??= emptyProgress());
      total.scanned = progress.scanned; // rows, not visits: the last pass saw them all
      total.reencrypted += progress.reencrypted;
      total.changedMeanwhile += progress.changedMeanwhile;
      total.unreadable = progress.unreadable;
      total.notEncrypted = progress.notEncrypted;
    }
  } while (changedMeanwhile > 0 && passes < maxPasses);
  const complete = changedMeanwhile === 0 && Object.values(locations).every((p) => p.unreadable === 0);
  logger.info(
    { activeKeyId: cipher.activeKeyId, passes, complete, locations, plainMedia },
    'data key re-encryption finished',
  );
  return { activeKeyId: cipher.activeKeyId, passes, complete, locations, plainMedia };
}
