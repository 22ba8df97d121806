/**
 * The layers of src/, lowest first: where each folder sits and what it may import. `.dependency-cruiser.cjs` turns
 * every entry into a rule (a module imports only from its own group and those in `mayImport`), and
 * `scripts/layer-table.mjs` writes the table of docs/architecture.md from the same entries, so the two cannot drift.
 */
const groups = {
  leafData: { path: '^src/(domain|schemas|i18n)/', folders: '`src/domain`, `src/schemas`, `src/i18n`' },
  protocols: { path: '^src/protocols/', folders: '`src/protocols`' },
  kernel: {
    path: '^src/(env\\.ts|env-checks/|server/(errors|zod-errors|logger|request-context|ids)\\.ts|server/pagination/)',
    folders:
      'kernel: `src/env.ts`, `src/env-checks/`, `src/server/{errors,zod-errors,logger,request-context,ids}.ts`, `src/server/pagination`',
  },
  infrastructure: {
    path: '^src/server/(config|crypto|db|metrics|mail)/',
    folders: '`src/server/{config,crypto,db,metrics,mail}`',
  },
  providers: { path: '^src/server/providers/', folders: '`src/server/providers`' },
  emulators: { path: '^src/sandbox/(?!control/)', folders: '`src/sandbox` (except `control/`)' },
  compositionRoot: { path: '^src/server/upstreams/', folders: '`src/server/upstreams`' },
  services: { path: '^src/server/services/', folders: '`src/server/services`' },
  requestGuards: { path: '^src/server/(http|auth)/', folders: '`src/server/{http,auth}`' },
  sandboxControl: { path: '^src/sandbox/control/', folders: '`src/sandbox/control`' },
  serverEdges: {
    path: '^src/((cli)/|server/(http|trpc|jobs|startup|auth|console-actions|console-session|seller-actions|openapi)/|(proxy|instrumentation)\\.ts)',
    folders:
      'server edges: `src/server/{http,trpc,jobs,startup,auth,console-actions,console-session,seller-actions,openapi}`, `src/cli`, `src/proxy.ts`, `src/instrumentation.ts`',
  },
  consoleInterfaces: {
    path: '^src/server/console-(actions|session)/',
    folders: '`src/server/console-{actions,session}`',
  },
  sellerInterfaces: { path: '^src/server/seller-actions/', folders: '`src/server/seller-actions`' },
  trpcClient: { path: '^src/trpc/', folders: '`src/trpc`' },
  components: { path: '^src/components/', folders: '`src/components`' },
  pages: { path: '^src/app/', folders: '`src/app`' },
};

/** `mayImport`: the groups besides its own (and npm/node). `typeOnlyFrom`: imported with `import type` only. */
const layers = [
  {
    n: '0',
    group: 'leafData',
    holds:
      'The shared vocabulary (providers, states, roles, reference data), request/response schemas (zod), message catalogs: plain data the browser and the server both load',
    mayImport: [],
  },
  {
    n: '1',
    group: 'protocols',
    holds:
      'Upstream protocol code both our clients and the emulators need: WeChat Pay signing and encryption, WXBizMsgCrypt, flat XML, push shapes, Alipay RSA2 and envelopes. It owns one error type (`ProtocolFormatError`)',
    mayImport: [],
  },
  {
    n: '2',
    group: 'kernel',
    holds:
      'Configuration read from the environment (one start-up check module per provider), `AppError`, logging, ids, pagination',
    mayImport: ['leafData'],
  },
  {
    n: '3',
    group: 'infrastructure',
    holds:
      'Secrets, the field cipher and the sandbox namespace derivation, database access, schema, the outbox insert, metrics, the mail transport',
    mayImport: ['leafData', 'protocols', 'kernel'],
  },
  {
    n: '4a',
    group: 'providers',
    holds:
      'Live clients for WeChat (`providerA`) and Alipay (`providerB`) and the adapters behind `OnboardingProvider` and `MiniProgramProvider`; credentials, hosts, fetch and stores arrive as arguments',
    mayImport: ['leafData', 'protocols', 'kernel'],
  },
  {
    n: '4b',
    group: 'emulators',
    holds:
      "The emulated upstreams served under `/sandbox/t/<namespace>/…`, their state (`sandbox_objects`) and the sandbox's own keys",
    mayImport: ['leafData', 'protocols', 'kernel', 'infrastructure'],
  },
  {
    n: '5',
    group: 'compositionRoot',
    holds:
      "The composition root: live or sandbox from `UPSTREAM_MODE`, adapters per (provider, platform) with hosts, credentials (the sandbox's loaded only in sandbox mode), logged fetch and token stores",
    mayImport: ['leafData', 'protocols', 'kernel', 'infrastructure', 'providers', 'emulators'],
  },
  {
    n: '6',
    group: 'services',
    holds:
      'One use case per file, its context first (`src/server/services/context.ts`); adapters come from the composition root',
    mayImport: ['leafData', 'protocols', 'kernel', 'infrastructure', 'providers', 'compositionRoot'],
  },
  {
    n: '7a',
    group: 'sandboxControl',
    holds:
      "The sandbox's own use cases (move an application, decide an audit, grant an authorization, push a ticket) and the control API's guard",
    mayImport: ['leafData', 'protocols', 'kernel', 'infrastructure', 'emulators', 'services', 'requestGuards'],
  },
  {
    n: '7b',
    group: 'serverEdges',
    holds:
      "Route helpers and API-key guard, tRPC routers, jobs, start-up, sessions, the console's and the seller's server actions, the OpenAPI document, the CLI",
    mayImport: [
      'leafData',
      'protocols',
      'kernel',
      'infrastructure',
      'emulators',
      'compositionRoot',
      'services',
      'sandboxControl',
    ],
  },
  {
    n: '8',
    group: 'trpcClient',
    holds: "The console's tRPC client: React hooks for components, the server caller for pages",
    mayImport: ['leafData', 'kernel', 'serverEdges'],
  },
  {
    n: '9',
    group: 'components',
    holds: 'React components',
    mayImport: ['leafData', 'trpcClient', 'consoleInterfaces', 'sellerInterfaces'],
    typeOnlyFrom: '^src/server/',
  },
  {
    n: '10',
    group: 'pages',
    holds: "Pages, layouts and route handlers (`/v1`, callbacks, the sandbox's routes)",
    mayImport: [
      'leafData',
      'protocols',
      'kernel',
      'infrastructure',
      'emulators',
      'compositionRoot',
      'services',
      'sandboxControl',
      'serverEdges',
      'trpcClient',
      'components',
    ],
  },
];

module.exports = { groups, layers };
