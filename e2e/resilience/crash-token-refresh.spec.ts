import { expect, test } from '@playwright/test';
import {
  authorizedMiniProgram,
  crashDatabases,
  rigApi,
  startCrashRig,
  untilFaultFired,
  untilStatus,
} from '../support/crash-rig';

for (const kind of crashDatabases()) {
  test(`[${kind}] SIGKILL mid token refresh (component, then authorizer): after restart neither lock nor token is wedged`, async () => {
    test.setTimeout(240_000);
    const rig = await startCrashRig(kind, { UPSTREAM_TIMEOUT_MS: '5000' });
    try {
      const api = rigApi(rig);
      expect((await rig.control('POST', '/providerA/ticket')).status).toBeLessThan(300);
      const appId = await authorizedMiniProgram(rig);
      const versions = () =>
        api.GET('/v1/miniprogram/{platform}/versions', {
          params: { path: { platform: 'providerA' }, query: { authorizerAppId: appId } },
        });
      const templates = () => api.GET('/v1/miniprogram/templates', { params: { query: { platform: 'providerA' } } });
      expect((await versions()).response.status).toBe(200);

      // Component token: every token expires upstream, the refresh the next call makes is held, the process dies
      // holding the refresh lease (refresh_lock_until) in the database.
      await rig.control('POST', '/providerA/tokens/expire', {});
      await rig.control('PUT', '/faults', [
        { provider: 'providerA', match: 'api_component_token', latencyMs: 30_000, count: 1 },
      ]);
      const held = templates().catch((error: Error) => error);
      await untilFaultFired(rig);
      await rig.crash();
      expect(await held).toBeInstanceOf(Error);
      await rig.control('DELETE', '/faults');
      await rig.restart();
      // The dead holder's lease lapses on its own (30 s); until then callers get a clear 504, never a hang.
      const listed = await untilStatus(templates, 200, 60_000);
      expect(listed.data!.templates.length).toBeGreaterThan(0);

      // Authorizer token: expired upstream, the refresh the next call makes is held, the process dies.
      await rig.control('POST', '/providerA/tokens/expire', { authorizerAppId: appId });
      await rig.control('PUT', '/faults', [
        { provider: 'providerA', match: 'api_authorizer_token', latencyMs: 30_000, count: 1 },
      ]);
      const inFlight = versions().catch((error: Error) => error);
      await untilFaultFired(rig);
      await rig.crash();
      expect(await inFlight).toBeInstanceOf(Error);
      await rig.control('DELETE', '/faults');
      await rig.restart();
      const after = await untilStatus(versions, 200, 60_000);
      expect(after.data).toBeTruthy();
      const authorizer = await api.GET('/v1/miniprogram/authorizers/{appId}', { params: { path: { appId } } });
      expect(authorizer.data!.status).toBe('authorized');
    } finally {
      await rig.stop();
    }
  });
}
