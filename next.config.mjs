import { fileURLToPath } from 'node:url';
import { PHASE_PRODUCTION_BUILD } from 'next/constants.js';

/** @type {import('next').NextConfig} */
const nextConfig = {
  // Where the standalone output (below) is traced from: this directory, not a parent that holds another lock file.
  outputFileTracingRoot: fileURLToPath(new URL('.', import.meta.url)),
  // PGlite ships WASM + data files that must be loaded from node_modules, not bundled.
  serverExternalPackages: ['@electric-sql/pglite', 'pg-boss', 'pino', 'sharp', '@node-rs/argon2'],
  poweredByHeader: false,
  // Parallel builds (several engineers, CI shards) each use their own output directory.
  distDir: process.env.NEXT_DIST_DIR || '.next',
  // Upstream paths such as WeChat's `/v3/applyment4sub/applyment/` end in a slash that the request signature covers.
  skipTrailingSlashRedirect: true,
  reactStrictMode: true,
  experimental: {
    // The one stylesheet (≈ 8.5 kB gzip, the same on every page) goes into the HTML instead of a request the first
    // paint waits for: a phone on a slow network paints a round trip sooner (docs/benchmarks-console.md). The CSP
    // allows inline styles already (style-src 'unsafe-inline', src/server/http/security-headers.ts).
    inlineCss: true,
  },
  // `route.bench.ts` files are benchmark references (bench/api-throughput.mjs): compiled only into a build made for
  // the benchmark, so the production build carries none of them.
  ...(process.env.BENCH_REFERENCE_ROUTES === '1' && { pageExtensions: ['tsx', 'ts', 'jsx', 'js', 'bench.ts'] }),
  // `npm test` type-checks the whole tree with tsc first; checking again inside the build only costs time.
  typescript: { ignoreBuildErrors: true },
  // Every answer: no MIME sniffing, no framing, no full URLs in Referer. Pages add a nonce CSP in src/proxy.ts;
  // API answers render nothing, so they get the strictest policy.
  async headers() {
    const common = [
      { key: 'X-Content-Type-Options', value: 'nosniff' },
      { key: 'X-Frame-Options', value: 'DENY' },
      { key: 'Referrer-Policy', value: 'strict-origin-when-cross-origin' },
    ];
    const api = [{ key: 'Content-Security-Policy', value: "default-src 'none'; frame-ancestors 'none'" }];
    // The sandbox's authorize pages style themselves inline and nothing else; its 404 page (an unknown
    // /sandbox/… address) gets the same policy.
    const sandbox = [
      {
        key: 'Content-Security-Policy',
        value: "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'",
      },
    ];
    return [
      { source: '/:path*', headers: common },
      ...['/v1/:path*', '/admin/:path*', '/api/:path*', '/callbacks/:path*'].map((source) => ({
        source,
        headers: api,
      })),
      { source: '/sandbox/:path*', headers: sandbox },
    ];
  },
};

/**
 * The build also writes `<distDir>/standalone` (`output: 'standalone'`): a server.js with only the node_modules files
 * it reaches, from which scripts/assemble-runtime.mjs makes the folder the image runs (Dockerfile). Set for the build
 * only: the standalone server carries its own copy of this configuration, and `next start` (npm start, the e2e
 * suite, the benchmarks) serves the same build without warning that it is a standalone one.
 */
export default function config(phase) {
  return phase === PHASE_PRODUCTION_BUILD ? { ...nextConfig, output: 'standalone' } : nextConfig;
}
