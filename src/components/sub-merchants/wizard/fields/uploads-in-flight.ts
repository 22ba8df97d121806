/**
 * The wizard's photo uploads that have started and not yet ended, in this page. A photo becomes part of the draft
 * only when its upload answers (its media id is then saved like any other value), so leaving or saving while one is
 * under way would lose it: the wizard asks before leaving and its save waits for them (use-wizard-actions.ts).
 */
let inFlight = 0;
let settled: (() => void)[] = [];

/** Counts `work` (shrinking and uploading one picked file) as in flight until it ends, either way. */
export function trackUpload<T>(work: Promise<T>): Promise<T> {
  inFlight += 1;
  return work.finally(() => {
    inFlight -= 1;
    if (inFlight === 0) {
      const waiting = settled;
      settled = [];
      for (const resolve of waiting) resolve();
    }
  });
}

export const uploadsInFlight = () => inFlight;

/** Resolves once no upload is in flight (at once when none is). */
export const uploadsSettled = (): Promise<void> =>
  inFlight === 0 ? Promise.resolve() : new Promise((resolve) => settled.push(resolve));
