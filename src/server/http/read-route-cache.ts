/**
 * The bodies of read routes, kept in memory with the revision of the data each was built from. A request first asks
 * the database for the current revision (one narrow query, shared by concurrent requests: read-coalescing.ts) and
 * takes the stored bytes only when the revision is the same. So an answer is never older than its request, whichever
 * instance, job or psql session wrote, and nothing has to invalidate anything. What memory saves is building the
 * body: decrypting and masking every record (≈ 90 µs each) and encoding the JSON (docs/benchmarks.md, "Costs behind
 * the read path's design").
 *
 * Bodies are the masked public shape only, never personal data. Callers put the platform into the key, so that a
 * body is only ever served to the platform it was built for. One cache per database handle.
 */
type Entry = { revision: string; body: Uint8Array<ArrayBuffer> };

export function readRouteCache(maxEntries: number) {
  const caches = new WeakMap<object, Map<string, Entry>>();
  return async function cachedBody(
    db: object,
    key: string,
    revision: string,
    build: () => Promise<unknown>,
  ): Promise<Uint8Array<ArrayBuffer>> {
    let entries = caches.get(db);
    if (!entries) caches.set(db, (entries = new Map()));
    const hit = entries.get(key);
    if (hit?.revision === revision) return hit.body;
    // Built after the revision was read, so at least as new as it: a request that saw this revision may have it.
    const body = Buffer.from(JSON.stringify(await build()));
    entries.delete(key);
    // Maps iterate in insertion order: beyond the bound, the entry stored longest ago goes first.
    if (entries.size >= maxEntries) entries.delete(entries.keys().next().value!);
    entries.set(key, { revision, body });
    return body;
  };
}
