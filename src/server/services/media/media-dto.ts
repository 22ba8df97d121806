/** What callers see of an uploaded image. `mediaId` is the provider's id (it goes into formData); our row id stays internal. */
import { z } from 'zod';
import type { media } from '@/server/db/schema';
import { providerSchema } from '@/domain/providers';

export const mediaSchema = z
  .object({
    mediaId: z.string().describe("The provider's media id: put it into formData fields ending in Copy or Pics."),
    provider: providerSchema.describe('Media ids belong to one provider.'),
    mimeType: z
      .enum(['image/jpeg', 'image/png'])
      .describe('Type of the bytes sent upstream (BMP and oversized photos become JPEG).'),
    size: z
      .number()
      .int()
      .describe("Bytes sent upstream, within the provider's limit (providerA 2 MB, providerB 10 MB)."),
    sha256: z
      .string()
      .describe('Hex SHA-256 of the bytes sent upstream; the same image uploaded again returns the same mediaId.'),
  })
  .meta({
    id: 'Media',
    example: {
      mediaId: 'V1_xYz9k3Lw…',
      provider: 'providerA',
      mimeType: 'image/jpeg',
      size: 482113,
      sha256: '9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08',
    },
  });

export type MediaDto = z.infer<typeof mediaSchema>;

export type MediaRowSummary = Pick<typeof media.$inferSelect, 'upstreamMediaId' | 'provider' | 'mimeType' | 'size'>;

/** `sha256` of the bytes the caller's upload became: computed from them, never stored (see media.contentHmac). */
export function toMediaDto(row: MediaRowSummary, sha256: string): MediaDto {
  return {
    mediaId: row.upstreamMediaId,
    provider: row.provider as MediaDto['provider'],
    mimeType: row.mimeType as MediaDto['mimeType'],
    size: row.size,
    sha256,
  };
}
