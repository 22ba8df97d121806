import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '@/server/errors';
import { APPLYMENT_KIND, type SandboxApplyment } from '@/sandbox/providerA/pay/applyment-store';
import {
  sampleFormData,
  startProviderAPaySandbox,
  uploadSampleImages,
} from '../../../../../support/providerA-pay-sandbox';

type Sandbox = Awaited<ReturnType<typeof startProviderAPaySandbox>>;
let sandbox: Sandbox;
let media: string[];
let seq = 0;
const newCode = () => `1900013511_rt${Date.now()}${seq++}`;

async function rejection(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

async function applymentsFor(businessCode: string) {
  return (await sandbox.store.list<SandboxApplyment>(APPLYMENT_KIND)).filter((a) => a.business_code === businessCode);
}

/** Counts calls and lets `plan(n)` answer call n itself (a Response) or pass it through (undefined). */
function scriptedFetch(
  plan: (
    call: number,
    input: RequestInfo | URL,
    init?: RequestInit,
  ) => Promise<Response | undefined> | Response | undefined,
) {
  const state = { calls: 0 };
  const wrapped: typeof fetch = async (input, init) => {
    state.calls++;
    return (await plan(state.calls, input, init)) ?? fetch(input, init);
  };
  return { state, fetch: wrapped };
}

const systemError = () =>
  new Response('{"code":"SYSTEM_ERROR","message":"系统错误"}', {
    status: 500,
    headers: { 'content-type': 'application/json' },
  });

beforeAll(async () => {
  sandbox = await startProviderAPaySandbox();
  media = await uploadSampleImages(sandbox.client(), 5);
});
afterAll(() => sandbox.close());

describe('retries', () => {
  it('two 500s from the fetch layer, then success: one applyment, three calls', async () => {
    const script = scriptedFetch((call) => (call <= 2 ? systemError() : undefined));
    const businessCode = newCode();
    const { applymentId } = await sandbox
      .client({ fetch: script.fetch })
      .submitApplyment({ businessCode, formData: sampleFormData(media) });
    expect(script.state.calls).toBe(3);
    const stored = await applymentsFor(businessCode);
    expect(stored).toHaveLength(1);
    expect(stored[0]?.applyment_id).toBe(applymentId);
  });

  it('two 500s injected into the emulator handler, then success: one applyment', async () => {
    let faults = 0;
    sandbox.emulator.fault = (request) => (request.method === 'POST' && faults++ < 2 ? systemError() : undefined);
    try {
      const businessCode = newCode();
      await sandbox.client().submitApplyment({ businessCode, formData: sampleFormData(media) });
      expect(faults).toBe(3);
      expect(await applymentsFor(businessCode)).toHaveLength(1);
    } finally {
      sandbox.emulator.fault = undefined;
    }
  });

  it('a lost answer (upstream stored it, we saw a 500) resolves to the same application, not a second one', async () => {
    let firstId: string | undefined;
    const script = scriptedFetch(async (call, input, init) => {
      if (call !== 1) return undefined;
      const real = await fetch(input, init);
      firstId = (await real.text()).match(/\d{16}/)?.[0];
      return systemError();
    });
    const businessCode = newCode();
    const { applymentId } = await sandbox
      .client({ fetch: script.fetch })
      .submitApplyment({ businessCode, formData: sampleFormData(media) });
    // call 1 landed, call 2 got PROCESSING, call 3 queried the business code.
    expect(script.state.calls).toBe(3);
    expect(applymentId).toBe(firstId);
    expect(await applymentsFor(businessCode)).toHaveLength(1);
  });

  it('5xx on every attempt → upstream_unavailable after the configured attempts', async () => {
    const script = scriptedFetch(() => systemError());
    const error = await rejection(sandbox.client({ fetch: script.fetch }).queryApplymentByBusinessCode('x'));
    expect(error.code).toBe('upstream_unavailable');
    expect(error.status).toBe(502);
    expect(script.state.calls).toBe(3);
  });

  it('network errors → retried, then upstream_unavailable', async () => {
    const script = scriptedFetch(() => Promise.reject(new TypeError('fetch failed')));
    const error = await rejection(
      sandbox.client({ fetch: script.fetch, retry: { attempts: 2, baseDelayMs: 1 } }).queryApplymentByBusinessCode('x'),
    );
    expect(error.code).toBe('upstream_unavailable');
    expect(script.state.calls).toBe(2);
  });

  it('a hanging upstream → retried, then upstream_timeout', async () => {
    const hang: typeof fetch = (_input, init) =>
      new Promise((_resolve, reject) => init?.signal?.addEventListener('abort', () => reject(init.signal?.reason)));
    let calls = 0;
    const counting: typeof fetch = (input, init) => {
      calls++;
      return hang(input, init);
    };
    const error = await rejection(
      sandbox
        .client({ fetch: counting, timeoutMs: 30, retry: { attempts: 2, baseDelayMs: 1 } })
        .queryApplymentByBusinessCode('x'),
    );
    expect(error.code).toBe('upstream_timeout');
    expect(error.status).toBe(504);
    expect(calls).toBe(2);
  });

  it('429 FREQUENCY_LIMITED is retried after Retry-After, then succeeds', async () => {
    let limited = 0;
    sandbox.emulator.fault = () =>
      limited++ === 0
        ? new Response('{"code":"FREQUENCY_LIMITED","message":"频率超限"}', {
            status: 429,
            headers: { 'retry-after': '1' },
          })
        : undefined;
    try {
      const started = Date.now();
      expect(await sandbox.client().queryApplymentByBusinessCode('1900013511_none')).toBeNull();
      expect(Date.now() - started).toBeGreaterThanOrEqual(950);
      expect(limited).toBe(2);
    } finally {
      sandbox.emulator.fault = undefined;
    }
  });

  it('429 on every attempt → rate_limited with a retry hint', async () => {
    const script = scriptedFetch(
      () => new Response('{"code":"FREQUENCY_LIMITED","message":"频率超限"}', { status: 429 }),
    );
    const error = await rejection(sandbox.client({ fetch: script.fetch }).queryApplymentByBusinessCode('x'));
    expect(error.code).toBe('rate_limited');
    expect(error.options.retryAfterSeconds).toBeGreaterThan(0);
    expect(script.state.calls).toBe(3);
  });

  it('a 4xx is not retried', async () => {
    const script = scriptedFetch(() => undefined);
    const error = await rejection(
      sandbox
        .client({ fetch: script.fetch })
        .submitApplyment({ businessCode: newCode(), formData: { ...sampleFormData(media), idCardCopy: 'missing' } }),
    );
    expect(error.code).toBe('upstream_rejected');
    expect(script.state.calls).toBe(1);
  });
});
