import { readdirSync } from 'node:fs';
import { cruise } from 'dependency-cruiser';
import extractTSConfig from 'dependency-cruiser/config-utl/extract-ts-config';
import { describe, expect, it } from 'vitest';

/**
 * The emulators are loaded only in sandbox mode (src/server/upstreams/credentials.ts imports its sandbox half
 * dynamically): what a live /v1 route loads when its module is evaluated, following static imports only, holds no
 * src/sandbox file.
 */
async function moduleGraph(entries: string[], { followDynamicImports }: { followDynamicImports: boolean }) {
  const result = await cruise(
    entries,
    { includeOnly: '^src/', tsPreCompilationDeps: true, tsConfig: { fileName: 'tsconfig.json' } },
    { extensions: ['.ts', '.tsx', '.js', '.mjs'] },
    { tsConfig: extractTSConfig('tsconfig.json') },
  );
  if (typeof result.output === 'string') throw new Error('depcruise returned a report, not a graph');
  const modules = new Map(result.output.modules.map((module) => [module.source, module]));
  const reached = new Set<string>();
  const next = [...entries];
  while (next.length) {
    const source = next.pop()!;
    if (reached.has(source)) continue;
    reached.add(source);
    for (const dependency of modules.get(source)?.dependencies ?? [])
      if (followDynamicImports || !(dependency.dynamic || dependency.dependencyTypes.includes('dynamic-import')))
        next.push(dependency.resolved);
  }
  return [...reached];
}

describe('the module graph of the live /v1 routes', () => {
  const routes = readdirSync('src/app/v1', { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('route.ts'))
    .map((file) => `src/app/v1/${file}`);

  it('reaches the composition root but no src/sandbox file', async () => {
    expect(routes).toContain('src/app/v1/payments/sub-merchants/route.ts');
    const graph = await moduleGraph(routes, { followDynamicImports: false });
    expect(graph).toContain('src/server/upstreams/credentials.ts');
    expect(graph.filter((source) => source.startsWith('src/sandbox/'))).toEqual([]);
  }, 120_000);

  it('reaches the emulators once the dynamic imports are followed (the check above can fail)', async () => {
    const graph = await moduleGraph(['src/app/v1/payments/sub-merchants/route.ts'], { followDynamicImports: true });
    expect(graph).toContain('src/server/upstreams/sandbox-credentials.ts');
    expect(graph.some((source) => source.startsWith('src/sandbox/'))).toBe(true);
  }, 120_000);
});
