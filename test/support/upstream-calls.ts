/**
 * Every upstream call the service makes, each with how to make the service send it through its own API (the
 * fault matrix (test/support/upstream-fault-matrix.ts, one test file per provider) drives each under every fault). `match` is a
 * substring of the upstream URL only that call has; `prepare` builds the state the call needs (a committed
 * version, an approved audit) before any fault is set.
 */
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import * as mediaRoute from '@/app/v1/payments/media/route';
import * as referenceRoute from '@/app/v1/payments/reference/[kind]/route';
import { MINI_METHODS } from '@/protocols/providerB/mini/methods';
import { ZFT_METHODS } from '@/protocols/providerB/zft/methods';
import { apiHeaders, callRoute } from './call-route';
import { completeFormData } from './sub-merchants';
import {
  bMethod,
  nextSerial,
  type Answer,
  type Harness,
  type Provider,
  type State,
  type UpstreamCall,
} from './upstream-call-types';
import { miniProgramCalls } from './upstream-mini-program-calls';

export type { Harness, Provider, UpstreamCall } from './upstream-call-types';

async function upload(apiKey: string, provider: Provider): Promise<Answer> {
  // A new colour each time: identical bytes are deduplicated and would never reach the upstream again.
  const background = `#${(nextSerial() * 7919).toString(16).padStart(6, '0').slice(-6)}`;
  const bytes = await sharp({ create: { width: 40, height: 30, channels: 3, background } })
    .jpeg()
    .toBuffer();
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(bytes)], { type: 'image/jpeg' }), 'photo.jpg');
  form.append('provider', provider);
  const response = await callRoute(mediaRoute.POST, '/v1/payments/media', {
    method: 'POST',
    headers: apiHeaders(apiKey),
    body: form,
  });
  return { status: response.status, body: (await response.json()) as Answer['body'] };
}

/** GET /v1/payments/reference/bank-branches: the only look-up that reaches an upstream (WeChat's capitallhh). */
async function branchLookup(apiKey: string): Promise<Answer> {
  const response = await callRoute(
    referenceRoute.GET,
    '/v1/payments/reference/bank-branches?provider=providerA&bank=工商银行&city=350100',
    { headers: apiHeaders(apiKey), params: { kind: 'bank-branches' } },
  );
  return { status: response.status, body: (await response.json()) as Answer['body'] };
}

/** A fresh record with a complete form (its images uploaded before any fault); submitting is the call. */
async function freshRecord(h: Harness, provider: Provider): Promise<State> {
  const created = await h.payments.create({ distributorExternalUserId: `fault-${provider}-${nextSerial()}`, provider });
  return { id: created.body.id as string, formData: JSON.stringify(await completeFormData(h.payments, provider)) };
}

const onboardingCalls: UpstreamCall[] = [
  // Onboarding: WeChat Pay APIv3 and the Alipay gateway (ZFT).
  {
    name: 'providerA media upload',
    provider: 'providerA',
    match: '/v3/merchant/media/upload',
    signed: true,
    run: (h) => upload(h.apiKey, 'providerA'),
  },
  {
    name: 'providerA applyment submit',
    provider: 'providerA',
    match: '/v3/applyment4sub/applyment/',
    signed: true,
    prepare: (h) => freshRecord(h, 'providerA'),
    run: (h, s) => h.payments.submit(s.id!, { formData: JSON.parse(s.formData!) }),
  },
  {
    name: 'providerA applyment query',
    provider: 'providerA',
    match: '/applyment/business_code/',
    signed: true,
    run: (h) => h.payments.submit(h.underReview.providerA, {}),
  },
  {
    name: 'providerA bank and branch look-up (bank lists, branches)',
    provider: 'providerA',
    match: '/v3/capital/capitallhh/banks',
    signed: true,
    run: (h) => branchLookup(h.apiKey),
  },
  {
    name: 'providerA bank and branch look-up (WeChat area codes)',
    provider: 'providerA',
    match: '/v3/capital/capitallhh/areas/provinces',
    signed: true,
    run: (h) => branchLookup(h.apiKey),
  },
  {
    name: 'providerB ZFT image upload',
    provider: 'providerB',
    match: bMethod(ZFT_METHODS.imageUpload),
    signed: true,
    run: (h) => upload(h.apiKey, 'providerB'),
  },
  {
    name: 'providerB ZFT create',
    provider: 'providerB',
    match: bMethod(ZFT_METHODS.create),
    signed: true,
    prepare: (h) => freshRecord(h, 'providerB'),
    run: (h, s) => h.payments.submit(s.id!, { formData: JSON.parse(s.formData!) }),
  },
  {
    name: 'providerB ZFT order query',
    provider: 'providerB',
    match: bMethod(ZFT_METHODS.orderQuery),
    signed: true,
    run: (h) => h.payments.submit(h.underReview.providerB, {}),
  },
];

export const upstreamCalls: UpstreamCall[] = [...onboardingCalls, ...miniProgramCalls];

/** Calls the provider clients can make that no service makes yet: a fault there cannot reach a caller. */
export const callsNoServiceMakes: Record<string, string> = {
  '/v3/applyment4sub/applyment/applyment_id':
    'client capability; the service asks by business code (its submission id), which also finds lost submits',
  '/cgi-bin/component/api_start_push_ticket':
    'asks WeChat to resend the ticket; only doctor (an operator tool) calls it, before any ticket arrived',
  '/v3/certificates':
    'made only with PROVIDER_A_PAY_VERIFY_MODE platform_certificate or both, which the matrix does not run; its failures (tampered answer, wrong APIv3 key, no certificates) are covered by provider-a-platform-certificates.test.ts and doctor.test.ts',
  '/cgi-bin/component/api_get_authorizer_info':
    'the profile after a grant: best effort, a failure leaves the name empty (covered below)',
  '/wxa/get_page': 'client capability; no service reads the page list',
  '/wxa/get_latest_auditstatus': 'client capability; audit status is read by audit id',
  '/wxa/undocodeaudit': 'client capability; withdrawing an audit is not offered',
  // Not through the matrix (a request answered with a status): a rollout's background step makes them.
  '/wxa/grayrelease':
    "made only by a rollout's release step with policy.grayPercentage; an upstream refusal becomes the item's reason (mini-program-rollout-fleet-controls.test.ts), a network failure puts the item back to pending like any step",
  '/wxa/getgrayreleaseplan':
    'read only after a repeated grayrelease answers 85082, to recognize a phase whose first answer was lost',
  [MINI_METHODS.tokenAppQuery]: 'client capability; no service inspects a token',
  [MINI_METHODS.versionBuildQuery]:
    'client capability; commits are answered synchronously by the sandbox and the live API',
  [MINI_METHODS.auditCancel]: 'client capability; withdrawing an audit is not offered',
  [MINI_METHODS.auditedCancel]: 'client capability; not offered',
  [MINI_METHODS.offline]: 'client capability; not offered',
  [MINI_METHODS.versionDelete]: 'client capability; not offered',
  [MINI_METHODS.experienceCancel]: 'client capability; not offered',
};

/** Upstream calls named in the provider clients' source: WeChat paths and Alipay method names. */
export function upstreamCallsInSource(): string[] {
  const root = path.resolve('src/server/providers');
  const files = fs
    .readdirSync(root, { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'));
  const found = new Set<string>();
  for (const file of files) {
    const text = fs.readFileSync(path.join(root, file), 'utf8');
    for (const m of text.matchAll(/['`](\/(?:v3|wxa|cgi-bin)\/[A-Za-z0-9_/]+)/g)) found.add(m[1]!.replace(/\/$/, ''));
  }
  for (const method of [...Object.values(MINI_METHODS), ...Object.values(ZFT_METHODS)]) found.add(method);
  return [...found].sort();
}
