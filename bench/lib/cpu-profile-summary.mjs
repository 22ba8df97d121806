#!/usr/bin/env node
/**
 * Where a V8 CPU profile (node --cpu-prof) spent its time: self time by area (package, Node internals, app
 * chunks, GC, idle) and the top functions by self and by inclusive time.
 * Usage: node bench/lib/cpu-profile-summary.mjs <file.cpuprofile> [--top 25] [--match <regex>] [--callers <regex> [--depth 6]]
 */
import fs from 'node:fs';

export function summarizeProfile(profile, { top = 25, match, callers, depth = 6 } = {}) {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const selfUs = new Map();
  for (let i = 0; i < profile.samples.length; i++) {
    const id = profile.samples[i];
    selfUs.set(id, (selfUs.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0));
  }
  const parent = new Map();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
  const totalUs = [...selfUs.values()].reduce((a, b) => a + b, 0);
  const idleUs = [...selfUs]
    .filter(([id]) => byId.get(id).callFrame.functionName === '(idle)')
    .reduce((a, [, us]) => a + us, 0);
  const busyUs = totalUs - idleUs;

  const label = (frame) => `${frame.functionName || '(anonymous)'} ${shortUrl(frame.url)}:${frame.lineNumber + 1}`;
  const areas = new Map();
  const selfByFn = new Map();
  const inclusiveByFn = new Map();
  for (const [id, us] of selfUs) {
    const frame = byId.get(id).callFrame;
    if (frame.functionName === '(idle)') continue;
    add(areas, area(frame), us);
    add(selfByFn, label(frame), us);
    // Inclusive: charge every distinct frame on the stack once (recursion is not double counted).
    const seen = new Set();
    for (let cur = id; cur !== undefined; cur = parent.get(cur)) {
      const key = label(byId.get(cur).callFrame);
      if (seen.has(key)) continue;
      add(inclusiveByFn, key, us);
      seen.add(key);
    }
  }
  const pct = (us) => `${((100 * us) / (busyUs || 1)).toFixed(1).padStart(5)} %`;
  const list = (map, filter = () => true) =>
    [...map]
      .filter(([k]) => filter(k))
      .sort((a, b) => b[1] - a[1])
      .slice(0, top)
      .map(([k, us]) => `  ${pct(us)}  ${(us / 1000).toFixed(0).padStart(7)} ms  ${k}`);
  const lines = [
    `profile: ${(totalUs / 1e6).toFixed(1)} s, busy ${(busyUs / 1e6).toFixed(1)} s (percentages are of busy time)`,
    'self time by area:',
    ...list(areas),
    'top functions by self time:',
    ...list(selfByFn),
    'top functions by inclusive time:',
    ...list(inclusiveByFn, (k) => !k.startsWith('(root)')),
  ];
  if (match)
    lines.push(
      `inclusive time of functions matching /${match}/:`,
      ...list(inclusiveByFn, (k) => new RegExp(match).test(k)),
    );
  if (callers) {
    // Who is paying for a hot leaf (e.g. writeBuffer): its self time grouped by the nearest frames above it.
    const stacks = new Map();
    for (const [id, us] of selfUs) {
      if (!new RegExp(callers).test(label(byId.get(id).callFrame))) continue;
      const chain = [];
      for (let cur = parent.get(id); cur !== undefined && chain.length < depth; cur = parent.get(cur))
        chain.push(label(byId.get(cur).callFrame));
      add(stacks, chain.join('\n           ← '), us);
    }
    lines.push(`self time of /${callers}/ by caller chain (${depth} frames):`, ...list(stacks));
  }
  return lines.join('\n');
}

const add = (map, key, value) => map.set(key, (map.get(key) ?? 0) + value);

function shortUrl(url) {
  if (!url) return '';
  const nm = url.lastIndexOf('node_modules/');
  if (nm >= 0) return url.slice(nm + 'node_modules/'.length);
  const next = url.indexOf('.next/');
  return next >= 0 ? url.slice(next) : url.replace(/^file:\/\//, '');
}

function area(frame) {
  const { url, functionName } = frame;
  if (!url) return functionName.startsWith('(') ? functionName : '(native)';
  if (url.startsWith('node:')) return 'node internals';
  const nm = url.lastIndexOf('node_modules/');
  if (nm >= 0) {
    const parts = url.slice(nm + 'node_modules/'.length).split('/');
    const pkg = parts[0].startsWith('@') ? `${parts[0]}/${parts[1]}` : parts[0];
    // Next.js bundles its own copies of many libraries: split its internals by folder for a useful answer.
    if (pkg === 'next') return `next/${parts.slice(1, 4).join('/')}`;
    return pkg;
  }
  if (url.includes('.next/server/chunks')) return 'app code (.next/server/chunks)';
  if (url.includes('.next/')) return 'app code (.next, other)';
  return 'other';
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const [file, ...rest] = process.argv.slice(2);
  if (!file) {
    process.stderr.write(
      'Usage: node bench/lib/cpu-profile-summary.mjs <file.cpuprofile> [--top 25] [--match <regex>] [--callers <regex> [--depth 6]]\n',
    );
    process.exit(2);
  }
  const opt = (name) => {
    const i = rest.indexOf(`--${name}`);
    return i >= 0 ? rest[i + 1] : undefined;
  };
  const profile = JSON.parse(fs.readFileSync(file, 'utf8'));
  process.stdout.write(
    `${summarizeProfile(profile, { top: Number(opt('top') ?? 25), match: opt('match'), callers: opt('callers'), depth: Number(opt('depth') ?? 6) })}\n`,
  );
}
