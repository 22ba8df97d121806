/**
 * The layers of src/, lowest first (docs/architecture.md): a module imports only from its own layer or below.
 * `npm run lint:layers` (part of `npm run lint` and of scripts/test.sh) fails on any import that goes upward.
 */
const layer = {
  leafData: '^src/(domain|schemas|i18n)/',
  protocols: '^src/protocols/',
  kernel: '^src/(env\\.ts|env-checks/|server/(errors|zod-errors|logger|request-context|ids)\\.ts|server/pagination/)',
  infrastructure: '^src/server/(config|crypto|db|metrics|mail)/',
  providers: '^src/server/providers/',
  emulators: '^src/sandbox/(?!control/)',
  compositionRoot: '^src/server/upstreams/',
  services: '^src/server/services/',
  edges:
    '^src/((app|cli|trpc|sandbox/control)/|server/(http|trpc|jobs|startup|auth|console-actions|console-session|openapi)/|(proxy|instrumentation)\\.ts)',
  components: '^src/components/',
};
const any = (...names) => names.map((name) => `(${layer[name]})`).join('|');

module.exports = {
  forbidden: [
    {
      name: 'leaf-data-imports-nothing',
      comment: 'Domain vocabulary, schemas and message catalogs are plain data both the browser and the server load.',
      severity: 'error',
      from: { path: layer.leafData },
      to: { path: '^src/', pathNot: layer.leafData },
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
      name: 'protocols-import-neither-side',
      comment: 'Protocol code (signing, envelopes, message crypto) is shared by the live clients and the emulators.',
      severity: 'error',
      from: { path: layer.protocols },
      to: { path: '^src/', pathNot: layer.protocols },
    },
    {
      name: 'kernel-stays-low',
      severity: 'error',
      from: { path: layer.kernel },
      to: { path: '^src/', pathNot: any('leafData', 'kernel') },
    },
    {
      name: 'infrastructure-below-adapters',
      severity: 'error',
      from: { path: layer.infrastructure },
      to: { path: any('providers', 'emulators', 'compositionRoot', 'services', 'edges', 'components') },
    },
    {
      name: 'providers-are-plain-clients',
      comment:
        'Live clients receive credentials, hosts, stores and fetch as arguments: no database, config, services or sandbox.',
      severity: 'error',
      from: { path: layer.providers },
      to: { path: '^src/', pathNot: any('leafData', 'protocols', 'kernel', 'providers') },
    },
    {
      name: 'emulators-below-the-composition-root',
      comment: 'The emulators may keep their own tables; they never reach our clients, services or edges.',
      severity: 'error',
      from: { path: layer.emulators },
      to: { path: any('providers', 'compositionRoot', 'services', 'edges', 'components') },
    },
    {
      name: 'composition-root-below-services',
      severity: 'error',
      from: { path: layer.compositionRoot },
      to: { path: any('services', 'edges', 'components') },
    },
    {
      name: 'services-below-edges',
      comment: 'Use cases get their adapters from the composition root and never see the sandbox or a transport.',
      severity: 'error',
      from: { path: layer.services },
      to: { path: any('emulators', 'edges', 'components') },
    },
    {
      name: 'edges-reach-upstreams-through-services',
      comment: 'Only src/server/upstreams builds clients; edges call use cases.',
      severity: 'error',
      from: { path: any('edges', 'components') },
      to: { path: layer.providers },
    },
    {
      name: 'components-reach-the-server-through-its-interfaces',
      comment:
        "Components use the tRPC client, the console's server actions (src/server/console-actions, console-session) and server types only.",
      severity: 'error',
      from: { path: layer.components },
      to: {
        path: '^src/server/',
        pathNot: '^src/server/console-(actions|session)/',
        dependencyTypesNot: ['type-only'],
      },
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
