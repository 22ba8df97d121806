import { isEncryptedValue } from '@/server/crypto/field-encryption';
import { tokenLocations } from './token-locations';
import type { ServiceContext } from '../context';

export type TokenCensus = { byKeyId: Record<string, number>; notEncrypted: number };

/**
 * How many stored tokens each data key id seals, over every encrypted location: a key may leave the ring
 * only when its count is zero. Reads key ids from token prefixes; decrypts nothing.
 */
export async function countTokensByKey(
  ctx: ServiceContext,
  { batchSize = 500 }: { batchSize?: number } = {},
): Promise<TokenCensus> {
  const { db } = ctx;
  const census: TokenCensus = { byKeyId: {}, notEncrypted: 0 };
  for (const location of tokenLocations) {
    let after: string[] | undefined;
    for (;;) {
      const rows = await location.page(db, after, batchSize, { headsOnly: true });
      if (rows.length === 0) break;
      after = rows.at(-1)!.key;
      for (const token of rows.flatMap((row) => Object.values(row.slots))) {
        if (token === null) continue;
        if (!isEncryptedValue(token)) census.notEncrypted++;
        else {
          const keyId = token.split(':')[2]!;
          census.byKeyId[keyId] = (census.byKeyId[keyId] ?? 0) + 1;
        }
      }
    }
  }
  return census;
}
