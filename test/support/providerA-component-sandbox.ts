import { createMemorySandboxStore, type SandboxStore } from '@/sandbox/store';
import {
  createProviderAComponentSandboxConfig,
  type ProviderAComponentSandboxConfig,
} from '@/sandbox/providerA/component/config';
import { handleProviderAComponentRequest } from '@/sandbox/providerA/component/handler';
import type { ProviderAComponentEmulatorContext } from '@/sandbox/providerA/component/route-context';
import { fixtureComponentCredentials } from './fixture-keys';
import { startHttpServer } from './http-test-server';

/** A controllable clock shared by the emulator and the client under test. */
export function testClock(start = Date.UTC(2026, 2, 2, 8, 0, 0)) {
  let ms = start;
  return { now: () => new Date(ms), advance: (seconds: number) => void (ms += seconds * 1000) };
}

/**
 * For tests: the component emulator on a real HTTP server, mounted under `/sandbox/providerA/open` as the
 * app mounts it, with its own memory store. `fault` can replace answers (retry and timeout tests).
 */
export async function startComponentSandbox(
  options: {
    fault?: ProviderAComponentEmulatorContext['fault'];
    config?: Partial<ProviderAComponentSandboxConfig>;
    clock?: ReturnType<typeof testClock>;
  } = {},
) {
  const store: SandboxStore = createMemorySandboxStore();
  const config = createProviderAComponentSandboxConfig(fixtureComponentCredentials, options.config);
  const clock = options.clock ?? testClock();
  const context: ProviderAComponentEmulatorContext = {
    store,
    config,
    now: clock.now,
    publicBaseUrl: 'http://sandbox.test/sandbox/providerA/open',
    fault: options.fault,
  };
  const server = await startHttpServer((request) => handleProviderAComponentRequest(request, context));
  return { ...server, apiBaseUrl: `${server.baseUrl}/sandbox/providerA/open`, store, config, clock, context };
}
