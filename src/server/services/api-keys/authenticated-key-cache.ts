import type { ServiceCode } from './api-key-format';

/** A key that authenticated: its id, platform and the services it may call. */
export type AuthenticatedKey = { id: string; platformId: string; services: ServiceCode[] };

/**
 * Keys that authenticated in the last few seconds (by the key's SHA-256, so the cache never holds a key). The API-key lookup was the largest single
 * cost of a polling integrator's GET (docs/benchmarks.md); remembering the answer briefly removes it.
 *
 * Trade-off, deliberately small: a key revoked through THIS instance is forgotten at once (revokeApiKey), but
 * another instance keeps accepting it for at most `ttlMs` (docs/operations.md). Only successful lookups are
 * cached, so a new key works immediately everywhere and wrong keys always reach the database.
 */
const ttlMs = 5_000;
const maxEntries = 10_000;

type Entry = { key: AuthenticatedKey; expiresAt: number };

class AuthenticatedKeyCache {
  private readonly entries = new Map<string, Entry>();

  get(hash: string): AuthenticatedKey | undefined {
    const entry = this.entries.get(hash);
    if (!entry) return undefined;
    if (entry.expiresAt > Date.now()) return entry.key;
    this.entries.delete(hash);
    return undefined;
  }

  set(hash: string, key: AuthenticatedKey) {
    // Insertion order is age order, so the first entry is the oldest one to evict.
    if (this.entries.size >= maxEntries) this.entries.delete(this.entries.keys().next().value!);
    this.entries.set(hash, { key, expiresAt: Date.now() + ttlMs });
  }

  forgetKeyId(keyId: string) {
    for (const [hash, entry] of this.entries) if (entry.key.id === keyId) this.entries.delete(hash);
  }
}

/** One per process: hashes are unique across databases, and a revocation must reach it whatever handle revoked. */
export const authenticatedKeyCache = new AuthenticatedKeyCache();
