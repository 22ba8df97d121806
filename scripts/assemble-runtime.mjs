#!/usr/bin/env node
/**
 * Assembles the runtime folder, everything a server needs to run and nothing else, from a finished `next build`:
 *
 *   server.js, package.json, node_modules/  Next.js's standalone output: the server and only the files it reaches
 *   .next/                                 the compiled app (standalone) plus the static assets (.next/static)
 *   public/                                icons served as they are
 *   drizzle/                               the migrations the server applies at start (SQL and the journal)
 *   cli.mjs                                `npm run cli` as one file (esbuild), on the same node_modules
 *
 * Usage: node scripts/assemble-runtime.mjs <out-dir>   (the Dockerfile copies exactly this folder into the image)
 * Run it there: `node server.js` serves (PORT, HOSTNAME), `node cli.mjs <command>` is the command line; both read
 * migrations from ./drizzle, so start them from the folder itself.
 */
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { build } from 'esbuild';
import nextConfigFor from '../next.config.mjs';

const root = path.resolve(import.meta.dirname, '..');
const distDir = process.env.NEXT_DIST_DIR || '.next';
const standalone = path.join(root, distDir, 'standalone');

function fail(message) {
  process.stderr.write(`assemble-runtime: ${message}\n`);
  process.exit(1);
}

const outArg = process.argv[2];
if (!outArg) fail('usage: node scripts/assemble-runtime.mjs <out-dir>');
const out = path.resolve(outArg);
if (out === root || root.startsWith(`${out}${path.sep}`)) fail(`${out} holds the repository; choose another folder`);
if (!fs.existsSync(path.join(standalone, 'server.js')))
  fail(`no standalone build in ${path.relative(root, standalone)}: run \`npx next build\` first`);

fs.rmSync(out, { recursive: true, force: true });
// Only the server and what it loads. The standalone tree also holds copies of repository files the build could
// not rule out (paths built from process.cwd() or DATA_DIR look like reads of anything under it); none of them is
// read at run time. Links stay as written: Next.js links hashed package names in .next/node_modules to the
// packages in node_modules, relative to the folder, which the check below holds to.
for (const entry of ['server.js', 'package.json', 'node_modules', distDir])
  fs.cpSync(path.join(standalone, entry), path.join(out, entry), { recursive: true, verbatimSymlinks: true });
fs.cpSync(path.join(root, distDir, 'static'), path.join(out, distDir, 'static'), { recursive: true });
fs.cpSync(path.join(root, 'public'), path.join(out, 'public'), { recursive: true });
// The migrator reads the journal and the SQL files; the snapshots are only for drizzle-kit generate.
fs.mkdirSync(path.join(out, 'drizzle', 'meta'), { recursive: true });
for (const file of fs.readdirSync(path.join(root, 'drizzle')).filter((name) => name.endsWith('.sql')))
  fs.copyFileSync(path.join(root, 'drizzle', file), path.join(out, 'drizzle', file));
fs.copyFileSync(path.join(root, 'drizzle/meta/_journal.json'), path.join(out, 'drizzle/meta/_journal.json'));

// The CLI is TypeScript run by tsx in the repository. Here it is one ESM file: the packages the server keeps
// outside its bundles (native code, WASM) stay imports, resolved from the standalone node_modules; the rest is inlined.
const { serverExternalPackages: external } = nextConfigFor('phase-production-build');
const fromOut = createRequire(path.join(out, 'server.js'));
const unreachable = external.filter((name) => {
  try {
    fromOut.resolve(name);
    return false;
  } catch {
    return true;
  }
});
if (unreachable.length > 0) fail(`the standalone node_modules lack ${unreachable.join(', ')}, which cli.mjs imports`);
await build({
  entryPoints: [path.join(root, 'src/cli/main.ts')],
  outfile: path.join(out, 'cli.mjs'),
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  tsconfig: path.join(root, 'tsconfig.json'),
  external,
  // Outside Next.js the react-server condition is not set: the guard is the package's no-op there (vitest.config.ts).
  alias: { 'server-only': path.join(root, 'node_modules/server-only/empty.js') },
  // Inlined CommonJS packages call require(); an ES module has none of its own.
  banner: {
    js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
  },
  legalComments: 'none',
  logLevel: 'warning',
});

// A link out of the folder would lead into this checkout, which the image does not have.
for (const entry of fs.readdirSync(out, { recursive: true, withFileTypes: true })) {
  if (!entry.isSymbolicLink()) continue;
  const link = path.join(entry.parentPath, entry.name);
  const target = path.resolve(path.dirname(link), fs.readlinkSync(link));
  if (!target.startsWith(`${out}${path.sep}`) || !fs.existsSync(target))
    fail(`${path.relative(out, link)} links to ${target}, outside the folder or missing`);
}

const size = (dir) =>
  fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .reduce((sum, entry) => sum + fs.statSync(path.join(entry.parentPath, entry.name)).size, 0);
process.stdout.write(`runtime folder ${out}: ${(size(out) / 1024 / 1024).toFixed(1)} MB\n`);
