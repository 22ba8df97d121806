import { and, asc, eq, gt, isNotNull, sql } from 'drizzle-orm';
import { getFieldCipher } from '@/server/config/field-cipher';
import type { FieldCipher } from '@/server/crypto/field-encryption';
import type { Db } from '@/server/db';
import { media } from '@/server/db/schema';
import { logger } from '@/server/logger';
import { detectImageType } from './detect-image-type';
import { mediaDigest } from './media-digest';
import { prepareImage } from './prepare-image';
import type { ServiceContext } from '../context';

export type PlainMediaReport = {
  /** Rows re-encoded without metadata, then sealed. */
  sealed: number;
  /** Rows whose bytes do not decode (accepted before images were decoded in full): sealed as they are. */
  sealedAsStored: number;
};

async function nextPlainRow(db: Db, after: string) {
  const [row] = await db
    // Hex text: PGlite decodes bytea results slowly.
    .select({
      id: media.id,
      platformId: media.platformId,
      provider: media.provider,
      size: media.size,
      hex: sql<string>`encode(${media.bytes}, 'hex')`,
    })
    .from(media)
    .where(and(isNotNull(media.bytes), gt(media.id, after)))
    .orderBy(asc(media.id))
    .limit(1);
  return row;
}

/** The row's bytes as they should be kept: re-encoded like a new upload, no larger than before. */
async function cleaned(bytes: Buffer, size: number, platformId: string) {
  const type = detectImageType(bytes);
  if (!type) return undefined;
  try {
    // The stored size was within the provider's limit, so fitting it keeps the image within that limit too.
    // In the decode pool like an upload, but waiting for a slot: this job has no client to send a 503 to.
    return await prepareImage(bytes, type, Math.max(size, bytes.length), { owner: platformId, wait: true });
  } catch {
    return undefined;
  }
}

/**
 * Upgrade step for images stored before they were re-encoded and sealed: each plain row is re-encoded (its
 * metadata dropped), sealed with the active data key, given its keyed digest, and its plain bytes are removed.
 * Runs at start (in the background) and in `data-key reencrypt`; a row at a time (images are large), each
 * update guarded by the plain bytes still being there, so concurrent runs on several instances are harmless and
 * an interrupted run resumes. The upstream keeps the copy it was sent; only our copy changes.
 */
export async function sealPlainMedia(
  ctx: ServiceContext,
  options: { cipher?: FieldCipher } = {},
): Promise<PlainMediaReport> {
  const { db } = ctx;
  const cipher = options.cipher ?? getFieldCipher();
  const report: PlainMediaReport = { sealed: 0, sealedAsStored: 0 };
  for (let after = ''; ;) {
    const row = await nextPlainRow(db, after);
    if (!row) break;
    after = row.id;
    const plain = Buffer.from(row.hex, 'hex');
    const image = await cleaned(plain, row.size, row.platformId);
    const bytes = image?.bytes ?? plain;
    const digest = mediaDigest(bytes);
    // Two old rows may become the same image once their metadata is gone: the second keeps no digest.
    const taken = sql`exists (select 1 from ${media} m where m.platform_id = ${row.platformId} and m.provider = ${row.provider} and m.content_hmac = ${digest})`;
    const updated = await db
      .update(media)
      .set({
        sealedBytes: cipher.encryptBytes(bytes),
        contentHmac: sql`case when ${taken} then null else ${digest} end`,
        bytes: null,
        size: bytes.length,
        ...(image ? { mimeType: image.mimeType, width: image.width, height: image.height } : {}),
      })
      .where(and(eq(media.id, row.id), isNotNull(media.bytes)))
      .returning({ id: media.id });
    if (updated.length === 0) continue;
    if (image) report.sealed++;
    else report.sealedAsStored++;
  }
  if (report.sealed + report.sealedAsStored > 0) logger.info(report, 'plain media rows sealed');
  return report;
}
