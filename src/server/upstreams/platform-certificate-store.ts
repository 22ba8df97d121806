import { eq, like } from 'drizzle-orm';
import { getFieldCipher } from '@/server/config/field-cipher';
import { getDb } from '@/server/db';
import { providerCredentials } from '@/server/db/schema';
import type { PlatformCertificate, PlatformCertificateStore } from '@/server/providers/providerA/pay/client';
import { credentialLease } from './credential-lease';

const PREFIX = 'providerA.platform_certificates';

/**
 * The row of one scope: the instance's own in live mode (`scope` undefined), a platform's in sandbox mode
 * (each platform's sandbox namespace is a merchant of its own, with its own certificates).
 */
const rowName = (scope: string | undefined) => (scope ? `${PREFIX}:${scope}` : PREFIX);

/**
 * WeChat Pay's downloaded platform certificates, sealed with the data key ring in provider_credentials (one
 * row per scope: the list as JSON, sealed as a whole), with the lease that lets one instance at a time download
 * them. `fetchedAt` is when the stored list was downloaded.
 */
export function platformCertificateStore(scope: string | undefined): PlatformCertificateStore {
  const name = rowName(scope);
  return {
    async get() {
      const db = await getDb();
      const [row] = await db.select().from(providerCredentials).where(eq(providerCredentials.name, name));
      if (!row?.valueEnc) return null;
      return {
        certificates: JSON.parse(getFieldCipher().decrypt(row.valueEnc)) as PlatformCertificate[],
        fetchedAt: row.updatedAt,
      };
    },
    async set(certificates) {
      const db = await getDb();
      const valueEnc = getFieldCipher().encrypt(JSON.stringify(certificates));
      // Expiry of the row: the last certificate's, for the operator reading the table.
      const expiresAt = new Date(Math.max(...certificates.map((c) => Date.parse(c.expireTime))));
      await db
        .insert(providerCredentials)
        .values({ name, valueEnc, expiresAt, updatedAt: new Date() })
        .onConflictDoUpdate({
          target: providerCredentials.name,
          set: { valueEnc, expiresAt, updatedAt: new Date() },
        });
    },
    lock: async (fn) => credentialLease(await getDb(), name, 'the WeChat Pay platform certificates')(fn),
  };
}

/** The scopes that hold downloaded certificates: the live one (undefined) and/or sandbox platform ids. */
export async function storedCertificateScopes(): Promise<(string | undefined)[]> {
  const db = await getDb();
  const rows = await db
    .select({ name: providerCredentials.name })
    .from(providerCredentials)
    .where(like(providerCredentials.name, `${PREFIX}%`));
  return rows.map((r) => (r.name === PREFIX ? undefined : r.name.slice(PREFIX.length + 1)));
}
