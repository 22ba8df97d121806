import { and, eq, inArray } from 'drizzle-orm';
import {
  formDataFieldNames,
  formDataFields,
  formDataPointer,
  type FormData,
  type FormDataFieldError,
} from '@/schemas/form-data';
import { media, type Provider } from '@/server/db/schema';
import type { PlatformContext } from '@/server/services/context';

/**
 * The media fields of a formData whose value is not an image this platform uploaded for `provider`. formData
 * holds the provider's media ids, and every platform's uploads go to the upstream under the same service
 * provider account, so the upstream would accept another platform's id (someone else's ID card photo) as
 * readily as an own one: the check has to be ours. An id never uploaded through this service is refused too,
 * since nothing shows whose it is. One error per pointer; messages never repeat the id.
 */
export async function checkMediaOwnership(
  ctx: PlatformContext,
  { provider, formData }: { provider: Provider; formData: FormData },
): Promise<FormDataFieldError[]> {
  const references: { pointer: string; field: keyof typeof formDataFields; mediaId: string }[] = [];
  for (const field of formDataFieldNames) {
    const { kind } = formDataFields[field];
    if (kind !== 'mediaId' && kind !== 'mediaIdList') continue;
    const value: unknown = formData[field];
    const items = Array.isArray(value)
      ? value.map((item: unknown, index) => [item, index] as const)
      : [[value, undefined] as const];
    for (const [item, index] of items) {
      // Missing, empty or mistyped values already have their own error from the field checks.
      if (typeof item === 'string' && item.trim() !== '')
        references.push({ pointer: formDataPointer(field, index), field, mediaId: item });
    }
  }
  if (references.length === 0) return [];
  const owned = await ctx.db
    .select({ mediaId: media.upstreamMediaId })
    .from(media)
    .where(
      and(
        eq(media.provider, provider),
        inArray(media.upstreamMediaId, [...new Set(references.map((r) => r.mediaId))]),
        eq(media.platformId, ctx.platformId),
      ),
    );
  const ownIds = new Set(owned.map((row) => row.mediaId));
  return references
    .filter((reference) => !ownIds.has(reference.mediaId))
    .map(({ pointer, field }) => ({
      pointer,
      code: 'unknown_media',
      message: `${formDataFields[field].label.en} is not an image uploaded by this platform for ${provider}; upload it (POST /v1/payments/media, provider ${provider}) and use the mediaId returned.`,
    }));
}
