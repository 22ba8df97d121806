import { defineConfig } from '@playwright/test';

const port = Number(process.env.E2E_PORT ?? 3100);

export default defineConfig({
  testDir: 'e2e',
  // Per port, so runs on different ports (parallel engineers, CI shards) never delete each other's traces.
  outputDir: `e2e/artifacts/test-results-${port}`,
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 60_000,
  // Assertions wait up to 10 s: the api and ui projects run beside the resilience and scale-out projects (scripts/test.sh),
  // and a page of a loaded 2-core machine sometimes took longer than the 5 s default to show what it had.
  expect: { timeout: 10_000 },
  reporter: [['list'], ['html', { outputFolder: 'e2e/artifacts/report', open: 'never' }]],
  use: {
    baseURL: `http://localhost:${port}`,
    screenshot: 'on',
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
  projects: [
    { name: 'api', testMatch: 'api/**/*.spec.ts' },
    { name: 'ui', testMatch: 'ui/**/*.spec.ts' },
    // SIGKILLs a server mid-call with its upstream in a second process (e2e/support/crash-rig.ts).
    { name: 'resilience', testMatch: 'resilience/**/*.spec.ts' },
    // Two instances of the build on one PostgreSQL (E2E_PORT+3, +4; TEST_DATABASE_URL or the local default).
    { name: 'scale-out', testMatch: 'scale-out/**/*.spec.ts' },
  ],
  // The resilience and scale-out projects start their own servers; scripts/test.sh runs them beside the api and ui
  // projects with E2E_WEB_SERVER=off, so that second run does not serve a build nobody calls.
  webServer:
    process.env.E2E_WEB_SERVER === 'off'
      ? undefined
      : {
          // Provisions a fresh embedded database through the CLI, then serves the production build.
          command: `bash scripts/e2e-server.sh ${port}`,
          url: `http://localhost:${port}/v1/openapi.json`,
          // Two minutes were not always enough on a loaded 2-core machine (install, provisioning and start).
          timeout: 240_000,
          reuseExistingServer: false,
          stdout: 'pipe',
        },
});
