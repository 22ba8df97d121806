#!/usr/bin/env node
/**
 * First-load JavaScript per app route of a production build, gzipped (zlib.gzipSync, default level).
 *
 * Next 16 (Turbopack) writes no per-route size table we can rely on, so this reads the same manifests the
 * server uses to write the <script> tags: build-manifest.json `rootMainFiles` (runtime + framework, loaded by
 * every page) plus, per route, the union of `entryJSFiles` of every segment in its
 * server/app/<route>/page_client-reference-manifest.js (root layout, nested layouts, the page). `polyfillFiles`
 * are left out: they are `nomodule` scripts that modern browsers never fetch. Chunks loaded later on demand
 * (dynamic import) are not first load and are not counted.
 *
 *   node bench/bundle-size.mjs [--dir .next-settings] [--json] [--budget 250] [--budget-route /platforms/[platformId]/sub-merchants/[id]/edit]
 *
 * Exit code 1 when --strict is given and the budget route is over budget (or missing).
 */
import fs from 'node:fs';
import path from 'node:path';
import vm from 'node:vm';
import zlib from 'node:zlib';

const args = process.argv.slice(2);
const option = (name, fallback) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 && args[i + 1] && !args[i + 1].startsWith('--') ? args[i + 1] : fallback;
};
if (args.includes('--help')) {
  console.log(
    fs
      .readFileSync(new URL(import.meta.url))
      .toString()
      .split('\n')
      .slice(2, 14)
      .join('\n')
      .replace(/^ \*/gm, ''),
  );
  process.exit(0);
}
const distDir = path.resolve(option('dir', process.env.NEXT_DIST_DIR || '.next'));
const budgetKb = Number(option('budget', '250'));
const budgetRoute = option('budget-route', '/platforms/[platformId]/sub-merchants/[id]/edit');

if (!fs.existsSync(path.join(distDir, 'build-manifest.json'))) {
  console.error(
    `No production build in ${distDir}: run \`NEXT_DIST_DIR=${path.basename(distDir)} npx next build\` first.`,
  );
  process.exit(2);
}

const sizeCache = new Map();
/** Raw and gzipped bytes of one emitted file (paths in the manifests are relative to the dist dir). */
function sizeOf(file) {
  const rel = file.replace(/^\/?_next\//, '').replace(/^\//, '');
  if (!sizeCache.has(rel)) {
    const bytes = fs.readFileSync(path.join(distDir, rel));
    sizeCache.set(rel, { raw: bytes.length, gzip: zlib.gzipSync(bytes).length });
  }
  return sizeCache.get(rel);
}

/** Every page_client-reference-manifest.js under server/app, as [route, manifest]. */
function routeManifests() {
  const root = path.join(distDir, 'server/app');
  const found = [];
  const walk = (dir) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.name === 'page_client-reference-manifest.js') found.push(full);
    }
  };
  walk(root);
  return found.map((file) => {
    const sandbox = { globalThis: {} };
    sandbox.globalThis = sandbox;
    vm.runInNewContext(fs.readFileSync(file, 'utf8'), sandbox);
    const [key, manifest] = Object.entries(sandbox.__RSC_MANIFEST ?? {})[0] ?? [];
    // "/(auth)/sign-in/page" → "/sign-in": route groups are not part of the URL.
    const route =
      (key ?? path.relative(root, path.dirname(file))).replace(/\/page$/, '').replace(/\/\([^)]+\)/g, '') || '/';
    return [route, manifest];
  });
}

const build = JSON.parse(fs.readFileSync(path.join(distDir, 'build-manifest.json'), 'utf8'));
const rootFiles = build.rootMainFiles ?? [];
const rows = routeManifests()
  .filter(([route]) => !route.startsWith('/_'))
  .map(([route, manifest]) => {
    const js = new Set(rootFiles);
    for (const files of Object.values(manifest?.entryJSFiles ?? {})) for (const f of files) js.add(f);
    const css = new Set(
      Object.values(manifest?.entryCSSFiles ?? {})
        .flat()
        .map((c) => (typeof c === 'string' ? c : c.path))
        .filter(Boolean),
    );
    const sum = (files, kind) => [...files].reduce((n, f) => n + sizeOf(f)[kind], 0);
    return { route, files: js.size, jsRaw: sum(js, 'raw'), jsGzip: sum(js, 'gzip'), cssGzip: sum(css, 'gzip') };
  })
  .sort((a, b) => a.route.localeCompare(b.route));

const shared = rootFiles.reduce((n, f) => n + sizeOf(f).gzip, 0);
const kb = (bytes) => (bytes / 1024).toFixed(1);
const target = rows.find((r) => r.route === budgetRoute);

if (args.includes('--json')) {
  console.log(JSON.stringify({ distDir, sharedGzip: shared, budgetKb, budgetRoute, routes: rows }, null, 2));
} else {
  console.log(
    `First-load JS per route (${path.relative(process.cwd(), distDir) || distDir}; gzip = zlib.gzipSync default level; kB = 1024 B)\n`,
  );
  console.log('| Route | JS files | JS raw (kB) | JS gzip (kB) | CSS gzip (kB) |');
  console.log('|---|---:|---:|---:|---:|');
  for (const r of rows)
    console.log(`| \`${r.route}\` | ${r.files} | ${kb(r.jsRaw)} | **${kb(r.jsGzip)}** | ${kb(r.cssGzip)} |`);
  console.log(`\nShared by every route (runtime + framework, rootMainFiles): ${kb(shared)} kB gzip.`);
  console.log(
    target
      ? `Budget: \`${budgetRoute}\` loads ${kb(target.jsGzip)} kB gzip of JS on first load — ${target.jsGzip <= budgetKb * 1024 ? 'within' : 'OVER'} the ${budgetKb} kB target.`
      : `Budget: route \`${budgetRoute}\` is not in this build.`,
  );
}
if (args.includes('--strict') && (!target || target.jsGzip > budgetKb * 1024)) process.exit(1);
