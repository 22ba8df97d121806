/**
 * Injected upstream failures (docs/product/decisions.md §7): `PUT /sandbox/control/faults` stores a list; each request to a
 * provider's sandbox consults it. A fault matches by provider and an optional substring of the URL, fires with
 * probability `rate` (default 1) for `count` requests (default unlimited), and either delays (`latencyMs`) or
 * answers with `status` (and `errcode` in the provider's error shape) or a `malformed` body, or lets it through
 * and `tamper`s with the signed answer, or acts on it and holds the answer (`answerDelayMs`).
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
    /** Answer with an HTML error page instead of the protocol's JSON (a proxy in the way); HTTP `status` or 200. */
    malformed: z.boolean().optional(),
    /** providerB's error sub_code, e.g. `aop.invalid-app-auth-token` (the seller's authorization token expired). */
    subCode: z.string().max(100).optional(),
    /**
     * Let the request through and act on it, then hold the answer this long: the upstream did it, the caller
     * may never hear so (latencyMs holds the request before the upstream acts).
     */
    answerDelayMs: z.number().int().min(0).max(120_000).optional(),
  })
  .strict();
export type Fault = z.infer<typeof faultSchema>;
type StoredFault = Fault & { fired: number };

const kind = 'sandbox:faults';

export async function setFaults(store: SandboxStore, faults: Fault[]) {
  await store.put(
    kind,
    'active',
    faults.map((f) => ({ ...f, fired: 0 })),
  );
}

export async function listFaults(store: SandboxStore): Promise<StoredFault[]> {
  return (await store.get<StoredFault[]>(kind, 'active')) ?? [];
}

/** providerA's component API (api.weixin.qq.com) answers errors as HTTP 200 `{errcode, errmsg}`; its pay API as `{code, message}`. */
const isProviderAComponentApi = (request: Request) => new URL(request.url).pathname.includes('/providerA/open/');

function faultResponse(fault: Fault, request: Request): Response {
  if (fault.malformed) {
    return new Response('<html><body><h1>502 Bad Gateway</h1></body></html>', {
      status: fault.status ?? 200,
      headers: { 'content-type': 'text/html' },
    });
  }
  if (fault.provider === 'providerA' && isProviderAComponentApi(request)) {
    const errcode = Number(fault.errcode ?? (fault.status === 429 ? 45011 : -1));
    return Response.json({ errcode, errmsg: 'sandbox injected fault' }, { status: fault.status ?? 200 });
  }
  const status = fault.status ?? 500;
  const body =
    fault.provider === 'providerA'
      ? {
          code: String(fault.errcode ?? (status === 429 ? 'FREQUENCY_LIMITED' : 'SYSTEM_ERROR')),
          message: 'sandbox injected fault',
        }
      : {
          error_response: {
            code: String(fault.errcode ?? '20000'),
            msg: 'Service Currently Unavailable',
            sub_code: fault.subCode ?? 'isp.unknow-error',
            sub_msg: 'sandbox injected fault',
          },
        };
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

/** Changes one character of a response body and keeps its signature headers: a forgery the client must catch. */
export async function tamperWith(response: Response): Promise<Response> {
  const text = await response.text();
  const index = text.search(/[0-9]/);
  const altered =
    index === -1 ? `${text} ` : `${text.slice(0, index)}${(Number(text[index]) + 1) % 10}${text.slice(index + 1)}`;
  return new Response(altered, { status: response.status, headers: response.headers });
}

/** The first active fault of this kind that matches the request, counted as fired in `faults` (not yet stored). */
function takeFault(
  faults: StoredFault[],
  provider: Fault['provider'],
  request: Request,
  kindMatches: (f: Fault) => boolean,
) {
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
  return fault;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Serves one request to a provider's sandbox through the active faults: an injected answer (after any injected
 * latency), or the real one (`handle`), possibly held back (`answerDelayMs`) or tampered with. The list is read once
 * a request and written back once when a fault fired: with no faults, a request costs one read of the store.
 */
export async function answerWithFaults(
  store: SandboxStore,
  provider: Fault['provider'],
  request: Request,
  /** `held`: an injected latency held the request first, so what was read before it may be out of date. */
  handle: (request: Request, held: boolean) => Promise<Response>,
) {
  const faults = await listFaults(store);
  if (faults.length === 0) return handle(request, false);
  const fault = takeFault(faults, provider, request, (f) => !f.tamper && f.answerDelayMs === undefined);
  const answers = fault && (fault.status || fault.errcode !== undefined || fault.malformed);
  const tamper = answers ? undefined : takeFault(faults, provider, request, (f) => f.tamper === true);
  const slowAnswer = answers ? undefined : takeFault(faults, provider, request, (f) => f.answerDelayMs !== undefined);
  if (fault || tamper || slowAnswer) await store.put(kind, 'active', faults);
  if (fault?.latencyMs) await sleep(fault.latencyMs);
  if (answers) return faultResponse(fault, request);
  const response = await handle(request, Boolean(fault?.latencyMs));
  if (slowAnswer) await sleep(slowAnswer.answerDelayMs!);
  return tamper ? tamperWith(response) : response;
}
