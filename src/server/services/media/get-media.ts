import { createHash } from 'node:crypto';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { getFieldCipher } from '@/server/config/field-cipher';
import { media, providers } from '@/server/db/schema';
import { notFound } from '@/server/errors';
import type { PlatformContext } from '@/server/services/context';

export type MediaContent = { bytes: Buffer; mimeType: string; size: number; sha256: string };

/**
 * The stored bytes of an uploaded image, decrypted, for the console's preview. `mediaId` is the provider's id
 * (the one in formData). Scoped to the calling platform: another platform's image is 404, like an unknown id.
 */
export async function getMedia(ctx: PlatformContext, { mediaId }: { mediaId: string }): Promise<MediaContent> {
  const [row] = await ctx.db
    .select({
      sealed: media.sealedBytes,
      // A row from before sealing, until the start-up step seals it. Hex text: PGlite decodes bytea results slowly.
      plainHex: sql<string | null>`encode(${media.bytes}, 'hex')`,
      mimeType: media.mimeType,
    })
    .from(media)
    // The provider list lets the (provider, upstream_media_id) index serve a lookup that does not name the provider.
    .where(
      and(
        inArray(media.provider, [...providers]),
        eq(media.upstreamMediaId, mediaId),
        eq(media.platformId, ctx.platformId),
      ),
    )
    .orderBy(desc(media.createdAt))
    .limit(1);
  if (!row || (row.sealed === null && row.plainHex === null)) throw notFound('Media');
  const bytes = row.sealed !== null ? getFieldCipher().decryptBytes(row.sealed) : Buffer.from(row.plainHex!, 'hex');
  return {
    bytes,
    mimeType: row.mimeType,
    size: bytes.length,
    sha256: createHash('sha256').update(bytes).digest('hex'),
  };
}
