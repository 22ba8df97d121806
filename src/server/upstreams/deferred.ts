/**
 * An adapter's credentials may first have to be read (the sandbox's own keys live in the database): the first
 * call builds it, later calls reuse it, and a failed build is tried again on the next call.
 */
export function buildOnFirstCall<T>(build: () => Promise<T>): () => Promise<T> {
  let built: Promise<T> | undefined;
  return () =>
    (built ??= build().catch((error: unknown) => {
      built = undefined;
      throw error;
    }));
}
