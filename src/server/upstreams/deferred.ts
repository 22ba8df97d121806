/**
 * Adapters are handed out synchronously, but their credentials may first have to be read (the sandbox's own
 * keys live in the database): the first call builds the real adapter, later calls reuse it, and a failed
 * build is tried again on the next call.
 */
export function buildOnFirstCall<T>(build: () => Promise<T>): () => Promise<T> {
  let built: Promise<T> | undefined;
  return () =>
    (built ??= build().catch((error: unknown) => {
      built = undefined;
      throw error;
    }));
}

/**
 * The adapter `T` whose methods wait for `load()` and then call the real one. `known` holds its plain
 * properties; every other member of `T` is an async method, listed in `methods`.
 */
export function deferredAdapter<T extends object, K extends keyof T>(
  known: Pick<T, K>,
  methods: readonly Exclude<keyof T, K>[],
  load: () => Promise<T>,
): T {
  const calls: Record<PropertyKey, (...args: unknown[]) => Promise<unknown>> = {};
  for (const method of methods) {
    calls[method as PropertyKey] = async (...args) => {
      const adapter = (await load()) as unknown as Record<PropertyKey, (...a: unknown[]) => Promise<unknown>>;
      return adapter[method as PropertyKey]!.apply(adapter, args);
    };
  }
  return { ...known, ...calls } as T;
}
