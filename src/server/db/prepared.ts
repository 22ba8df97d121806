/**
 * Memoizes a prepared query per database handle: Drizzle builds SQL text on every call otherwise, which the
 * read benchmarks showed costs more than the query itself on the hot paths (API key, record by id).
 */
export function preparedPerDb<D extends object, P>(build: (db: D) => P): (db: D) => P {
  const cache = new WeakMap<D, P>();
  return (db) => {
    let prepared = cache.get(db);
    if (!prepared) cache.set(db, (prepared = build(db)));
    return prepared;
  };
}
