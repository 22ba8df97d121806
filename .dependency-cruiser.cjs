/**
 * The layers of src/ (layers.config.cjs, the table in docs/architecture.md): a module imports only from its own
 * group and the groups its layer lists. `npm run lint:layers` (part of `npm run lint` and of scripts/test.sh) fails
 * on any other import, on an import cycle (type-only and dynamic imports included) and on a module nothing uses.
 */
const { groups, layers } = require('./layers.config.cjs');

const any = (...names) => names.map((name) => `(${groups[name].path})`).join('|');

const layerRules = layers.map(({ group, mayImport, typeOnlyFrom }) => ({
  name: `${group}-imports-only-${mayImport.length ? mayImport.join('-') : 'itself'}`,
  comment: `docs/architecture.md, layer table: ${group} may import ${mayImport.join(', ') || 'nothing else in src/'}.`,
  severity: 'error',
  from: { path: groups[group].path },
  to: {
    path: '^src/',
    pathNot: any(group, ...mayImport),
    ...(typeOnlyFrom ? { dependencyTypesNot: ['type-only'] } : {}),
  },
}));

module.exports = {
  forbidden: [
    ...layerRules,
    {
      name: 'components-import-types-of-the-server-only',
      comment: 'Type-only imports are the exception for components, and only from src/server.',
      severity: 'error',
      from: { path: groups.components.path },
      to: {
        path: '^src/',
        pathNot: `${any('components', 'leafData', 'trpcClient', 'consoleInterfaces', 'sellerInterfaces')}|^src/server/`,
      },
    },
    {
      name: 'seller-pages-never-reach-operator-code',
      comment:
        "The seller's public pages (hosted onboarding) never load the console's code: not its server actions, " +
        'session, tRPC client or membership, not even through a component they share with the console.',
      severity: 'error',
      from: { path: '^src/(app/onboard/|components/seller-onboarding/)' },
      to: {
        // src/server/trpc/errors.ts is the one AppError → code mapping both sides' server actions answer with.
        path: '^src/(server/(console-actions|console-session)/|server/trpc/(?!errors\\.ts$)|trpc/|components/membership)',
        reachable: true,
      },
    },
    {
      name: 'domain-imports-nothing-else',
      comment:
        'The shared vocabulary (providers, states, roles, reference data) sits below every layer: libraries only.',
      severity: 'error',
      from: { path: '^src/domain/' },
      to: { path: '^src/', pathNot: '^src/domain/' },
    },
    {
      name: 'no-circular',
      comment: 'A cycle, even one closed by a type-only or a dynamic import, means a shared piece belongs lower.',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    {
      name: 'no-orphans',
      comment: 'A module nothing imports is dead, unless Next.js loads it by its name (route, page, layout, …).',
      severity: 'error',
      from: {
        orphan: true,
        pathNot: [
          '\\.d\\.ts$',
          '^src/app/.*/(route|page|layout|loading|error|not-found|template|default|global-error)(\\.bench)?\\.tsx?$',
          '^src/(proxy|instrumentation)\\.ts$',
        ],
      },
      to: {},
    },
    {
      name: 'src-never-imports-tests',
      severity: 'error',
      from: { path: '^src/' },
      to: { path: '^(test|e2e)/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    includeOnly: '^src/',
    exclude: { path: '\\.test\\.tsx?$' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { exportsFields: ['exports'], conditionNames: ['import', 'require', 'node', 'default'] },
  },
};
