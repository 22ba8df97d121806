import os from 'node:os';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * The slowest files of the measured runs (waiting out upstream timeouts and sync intervals, starting the CLI,
 * seeding 2,000 records). Vitest starts the files that took longest last time first, but a clean clone (CI) has no
 * previous times and falls back to the largest files first, which put the fault matrix (two short files that spend
 * minutes waiting out upstream timeouts) at the very end, alone on one worker. Starting these first lets the other
 * workers take the short files meanwhile, so no long file is the tail (docs/benchmarks.md, "CI run time").
 */
const slowestFiles = [
  'test/integration/upstream-fault-matrix-provider-a.test.ts',
  'test/integration/upstream-fault-matrix-provider-b.test.ts',
  'test/integration/doctor.test.ts',
  'test/integration/sub-merchant-freshness.test.ts',
  'test/integration/sandbox-seed.test.ts',
];
const rank = (file: TestSpecification) => {
  const index = slowestFiles.findIndex((name) => file.moduleId.endsWith(name));
  return index === -1 ? slowestFiles.length : index;
};

/** Every file still runs; only the order changes. */
class SlowestFilesFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]) {
    // Array.prototype.sort is stable: the rest keep Vitest's own order.
    return (await super.sort(files)).sort((a, b) => rank(a) - rank(b));
  }
}

export default defineConfig({
  resolve: {
    alias: {
      '@': fileURLToPath(new URL('./src', import.meta.url)),
      // Outside Next.js the react-server condition is not set: the guard is the package's no-op there.
      'server-only': fileURLToPath(new URL('./node_modules/server-only/empty.js', import.meta.url)),
    },
  },
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    environment: 'node',
    setupFiles: ['test/setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // Most integration files spend their time waiting on sockets (the sandbox over HTTP, PostgreSQL, upstream
    // timeouts), not on a core. Vitest's default is one worker fewer than the cores, a single worker on the 2-core
    // CI machine; at least three keep both cores busy while files wait (docs/benchmarks.md, "CI run time").
    // `--maxWorkers=1` on the command line still wins.
    maxWorkers: Math.max(3, os.availableParallelism()),
    sequence: { sequencer: SlowestFilesFirst },
  },
});
