/**
 * The fault matrix: every upstream call the service makes (test/support/upstream-calls.ts) × every kind of upstream failure,
 * injected by the sandbox over HTTP through its fault API (never a mock). Under a fault the caller gets a
 * specific problem+json (429/502/504, never 500) or, for faults the service absorbs (a slow answer, an
 * expired token), the normal answer; once the fault clears the same request succeeds. The last test fails
 * when a provider client gains an upstream call without a row in the table (upstream-fault-matrix-provider-a.test.ts).
 *
 * One file per provider so the two halves run in parallel: most of the time is spent waiting out timeouts.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { Fault } from '@/sandbox/faults';
import { describeEachDatabase, testDrivers } from './databases';
import { createPlatformWithKey } from './fixtures';
import { miniProgramApi } from './mini-programs';
import { completeFormData, paymentsApi } from './sub-merchants';
import { useSandboxOverHttp } from './sandbox-server';
import { upstreamCalls, type Harness, type Provider, type UpstreamCall } from './upstream-calls';

// Short, so "every attempt times out" costs seconds; read when the sandbox hook resets the environment.
const timeoutMs = 1200;
process.env.UPSTREAM_TIMEOUT_MS = String(timeoutMs);

type FaultCase = {
  name: string;
  fault: (call: UpstreamCall) => Omit<Fault, 'provider' | 'match'> | undefined;
  outcome: 'refused' | 'served';
  /** The upstream did what was asked; only its answer never arrived intact. */
  upstreamActed?: boolean;
  /** Costs several timeouts per case: run on one database only (the last one: PostgreSQL in CI). */
  waitsOutTimeouts?: boolean;
};

const faultCases: FaultCase[] = [
  { name: 'HTTP 500 on every attempt', fault: () => ({ status: 500 }), outcome: 'refused' },
  { name: 'HTTP 429 on every attempt', fault: () => ({ status: 429 }), outcome: 'refused' },
  {
    name: 'no answer within the timeout (request held)',
    fault: () => ({ latencyMs: timeoutMs + 400 }),
    outcome: 'refused',
    waitsOutTimeouts: true,
  },
  {
    name: 'the upstream acts but answers after the timeout',
    fault: () => ({ answerDelayMs: timeoutMs + 400 }),
    outcome: 'refused',
    upstreamActed: true,
    waitsOutTimeouts: true,
  },
  { name: 'a slow answer inside the timeout', fault: () => ({ latencyMs: timeoutMs / 4 }), outcome: 'served' },
  { name: 'an HTML page instead of the protocol', fault: () => ({ malformed: true }), outcome: 'refused' },
  {
    name: 'a tampered signed answer',
    fault: (c) => (c.signed ? { tamper: true } : undefined),
    outcome: 'refused',
    upstreamActed: true,
  },
  {
    name: 'an expired access token once (refreshed, retried)',
    fault: (c) =>
      c.token === 'component' || c.token === 'authorizer'
        ? { errcode: 42001, count: 1 }
        : c.token === 'app_auth'
          ? { status: 200, errcode: '20001', subCode: 'aop.invalid-app-auth-token', count: 1 }
          : undefined,
    outcome: 'served',
  },
];

const refusedCodes = ['upstream_unavailable', 'upstream_timeout', 'rate_limited'];

export function describeFaultMatrix(provider: Provider) {
  const calls = upstreamCalls.filter((call) => call.provider === provider);
  describeEachDatabase(`every ${provider} upstream call × every upstream fault`, (database, driver) => {
    const sandbox = useSandboxOverHttp();
    const h = {} as Harness;

    async function authorize(provider: Provider) {
      const started = await h.mini.authorize({ platform: provider, redirectUri: 'https://seller.example.com/back' });
      const granted = await sandbox.control(h.apiKey, 'POST', `/${provider}/authorizations`, {
        state: started.body.state,
      });
      return (await h.mini.callback(provider, new URL(granted.body!.redirectUrl as string).searchParams.toString()))
        .body.appId as string;
    }

    async function submitted(provider: Provider) {
      const created = await h.payments.create({
        distributorExternalUserId: `fault-under-review-${provider}`,
        provider,
      });
      expect(
        (await h.payments.submit(created.body.id, { formData: await completeFormData(h.payments, provider) })).status,
      ).toBe(200);
      return created.body.id as string;
    }

    beforeAll(async () => {
      const platform = await createPlatformWithKey(database().db);
      Object.assign(h, {
        db: database().db,
        platformId: platform.platformId,
        apiKey: platform.apiKey,
        control: sandbox.controlAs(platform.apiKey),
        payments: paymentsApi(platform.apiKey),
        mini: miniProgramApi(platform.apiKey),
      });
      await sandbox.control(h.apiKey, 'POST', '/providerA/ticket');
      h.appIds = { providerA: await authorize('providerA'), providerB: await authorize('providerB') };
      h.underReview = { providerA: await submitted('providerA'), providerB: await submitted('providerB') };
    });

    for (const call of calls) {
      describe(call.name, () => {
        for (const faultCase of faultCases) {
          const fault = faultCase.fault(call);
          if (!fault || (faultCase.waitsOutTimeouts && driver !== testDrivers().at(-1))) continue;
          const expected =
            faultCase.outcome === 'refused'
              ? 'a specific 429/502/504; the repeat after it clears works'
              : 'served as usual';
          it(`${faultCase.name} → ${expected}`, async () => {
            const state = (await call.prepare?.(h)) ?? {};
            await sandbox.control(h.apiKey, 'PUT', '/faults', [
              { provider: call.provider, match: call.match, ...fault },
            ]);
            let answer;
            try {
              answer = await call.run(h, state);
            } finally {
              await sandbox.control(h.apiKey, 'DELETE', '/faults');
            }
            if (faultCase.outcome === 'served') {
              expect(answer.status, JSON.stringify(answer.body)).toBeLessThan(300);
              return;
            }
            expect(answer.status, JSON.stringify(answer.body)).toBeOneOf([429, 502, 504]);
            expect(refusedCodes).toContain(answer.body.code);
            expect(answer.body.detail).toBeTruthy();
            // The caller repeats the same request (same record, same grant, same version): it must now succeed.
            const repeated = await call.run(h, state);
            const lost = faultCase.upstreamActed ? call.answerLostUpstreamActed : undefined;
            if (lost)
              expect({ status: repeated.status, code: repeated.body.code }).toEqual({
                status: lost.status,
                code: lost.code,
              });
            else expect(repeated.status, JSON.stringify(repeated.body)).toBeLessThan(300);
          });
        }
      });
    }

    it('after all the faults and repeats, no submission made a second upstream application', async () => {
      // The upstream's own key of an application: WeChat's business_code, Alipay's external_id (our submission id).
      const applications = (await sandbox.control(h.apiKey, 'GET', `/${provider}/applyments`)).body!.data as {
        businessCode?: string;
        externalId?: string;
      }[];
      const ids = applications.map((a) => a.businessCode ?? a.externalId);
      expect(ids.length).toBeGreaterThan(5);
      expect(ids.every((id) => typeof id === 'string' && id.startsWith('sm'))).toBe(true);
      expect(new Set(ids).size).toBe(ids.length);
    });
  });
}
