import { sql } from 'drizzle-orm';
import { getSecrets } from '@/server/config/secrets';
import { rowsOf } from '@/server/db/rows';
import type { ServiceContext } from '../context';

export type KeyRingCoverage = {
  /** Key ids that seal the platforms' webhook secrets. */
  usedKeyIds: string[];
  /** Of those, the ones this process's key ring does not hold. */
  missingKeyIds: string[];
};

/**
 * Which data keys the stored data needs that this key ring lacks, judged by the platforms' webhook secrets: every
 * platform has one, sealed when it was created and resealed by every re-encryption, and the table holds one row per
 * platform, so the read is small at any size. A database restored from a dump (or pointed at by mistake) with
 * another installation's DATA_ENCRYPTION_KEY needs none of this ring's keys: nothing in it would decrypt.
 */
export async function checkKeyRingCoversData(ctx: ServiceContext): Promise<KeyRingCoverage> {
  const rows = rowsOf<{ key_id: string }>(
    await ctx.db.execute(sql`
      select distinct split_part(token, ':', 3) as key_id
      from platforms, lateral (values (webhook_secret_enc), (previous_webhook_secret_enc)) as sealed(token)
      where token like 'enc:v1:%'`),
  );
  const usedKeyIds = rows.map((row) => row.key_id).sort();
  const held = getSecrets().dataKeys;
  return { usedKeyIds, missingKeyIds: usedKeyIds.filter((id) => !(id in held)) };
}

/**
 * The one line start-up stops with when the ring holds none of the keys the data was sealed with, in the words
 * the embedded restore uses for a backup from another installation.
 */
export function keyRingRefusal({ usedKeyIds, missingKeyIds }: KeyRingCoverage): string | undefined {
  if (usedKeyIds.length === 0 || missingKeyIds.length < usedKeyIds.length) return undefined;
  return (
    `the database is from another installation (its data keys ${missingKeyIds.join(', ')} are not in this key ring): ` +
    'without them nothing encrypted in it decrypts. Start with the DATA_ENCRYPTION_KEY of the installation it comes ' +
    'from (docs/operations.md, "Backups").'
  );
}
