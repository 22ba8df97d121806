/**
 * Process memory for "is it flat?": a sample right after a full GC (so garbage waiting for collection does not
 * read as growth) and a background sampler for the peak in between.
 */
import v8 from 'node:v8';
import vm from 'node:vm';

let gc = globalThis.gc;
if (!gc) {
  // Without --expose-gc: switch the flag on at run time and fetch the function from a fresh context.
  v8.setFlagsFromString('--expose-gc');
  gc = vm.runInNewContext('gc');
}

const mb = (bytes) => bytes / (1024 * 1024);

export function memorySample({ collect = false } = {}) {
  if (collect) {
    gc();
    gc();
  }
  const { rss, heapUsed, external } = process.memoryUsage();
  return { rssMb: mb(rss), heapUsedMb: mb(heapUsed), externalMb: mb(external) };
}

/** Samples every `intervalMs`; stop() returns the peak values and the samples. */
export function startMemorySampler(intervalMs = 1000) {
  const samples = [];
  const timer = setInterval(() => samples.push({ at: Date.now(), ...memorySample() }), intervalMs);
  timer.unref();
  return {
    stop() {
      clearInterval(timer);
      const peak = (key) => Math.max(...samples.map((s) => s[key]), 0);
      return { samples, peakRssMb: peak('rssMb'), peakHeapUsedMb: peak('heapUsedMb') };
    },
  };
}
