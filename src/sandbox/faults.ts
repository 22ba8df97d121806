/**
 * Injected upstream failures (decisions §7): `PUT /sandbox/control/faults` stores a list; each request to a
 * provider's sandbox consults it. A fault matches by provider and an optional substring of the URL, fires with
 * probability `rate` (default 1) for `count` requests (default unlimited), and either delays (`latencyMs`) or
 * answers with `status` (and `errcode` in the provider's error shape), or lets it through and `tamper`s with
 * the signed answer.
 */
import { z } from 'zod';
import type { SandboxStore } from './store';

export const faultSchema = z
  .object({
    provider: z.enum(['providerA', 'providerB']),
    match: z.string().max(200).optional(),
    status: z.number().int().min(400).max(599).optional(),
    errcode: z.union([z.string().max(64), z.number().int()]).optional(),
    latencyMs: z.number().int().min(0).max(120_000).optional(),
    rate: z.number().min(0).max(1).optional(),
    count: z.number().int().min(1).max(100_000).optional(),
    /** Let the request through, then alter the signed response body (a forged or corrupted answer). */
    tamper: z.boolean().optional(),
  })
  .strict();
export type Fault = z.infer<typeof faultSchema>;
type StoredFault = Fault & { fired: number };

const kind = 'sandbox:faults';

export async function setFaults(store: SandboxStore, faults: Fault[]) {
  await store.put(kind, 'active', faults.map((f) => ({ ...f, fired: 0 })));
}

export async function listFaults(store: SandboxStore): Promise<StoredFault[]> {
  return (await store.get<StoredFault[]>(kind, 'active')) ?? [];
}

function faultResponse(fault: Fault): Response {
  const status = fault.status ?? 500;
  const body =
    fault.provider === 'providerA'
      ? { code: String(fault.errcode ?? (status === 429 ? 'FREQUENCY_LIMITED' : 'SYSTEM_ERROR')), message: 'sandbox injected fault' }
      : { error_response: { code: String(fault.errcode ?? '20000'), msg: 'Service Currently Unavailable', sub_code: 'isp.unknow-error', sub_msg: 'sandbox injected fault' } };
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

/** Changes one character of a response body and keeps its signature headers: a forgery the client must catch. */
export async function tamperWith(response: Response): Promise<Response> {
  const text = await response.text();
  const index = text.search(/[0-9]/);
  const altered = index === -1 ? `${text} ` : `${text.slice(0, index)}${(Number(text[index]) + 1) % 10}${text.slice(index + 1)}`;
  return new Response(altered, { status: response.status, headers: response.headers });
}

/** Whether an active `tamper` fault matches this request (counted like the others). */
export async function shouldTamper(store: SandboxStore, provider: Fault['provider'], request: Request) {
  return (await takeFault(store, provider, request, (f) => f.tamper === true)) !== undefined;
}

async function takeFault(store: SandboxStore, provider: Fault['provider'], request: Request, kindMatches: (f: Fault) => boolean) {
  const faults = await listFaults(store);
  const index = faults.findIndex(
    (f) =>
      f.provider === provider &&
      kindMatches(f) &&
      (!f.match || request.url.includes(f.match)) &&
      (f.count === undefined || f.fired < f.count) &&
      Math.random() < (f.rate ?? 1),
  );
  if (index === -1) return undefined;
  const fault = faults[index]!;
  faults[index] = { ...fault, fired: fault.fired + 1 };
  await store.put(kind, 'active', faults);
  return fault;
}

/** Returns the injected response, or undefined to let the request through (after any injected latency). */
export async function applyFault(store: SandboxStore, provider: Fault['provider'], request: Request): Promise<Response | undefined> {
  const fault = await takeFault(store, provider, request, (f) => !f.tamper);
  if (!fault) return undefined;
  if (fault.latencyMs) await new Promise((resolve) => setTimeout(resolve, fault.latencyMs));
  return fault.status || fault.errcode ? faultResponse(fault) : undefined;
}
