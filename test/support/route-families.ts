/**
 * Which rules a route file answers by, decided from its URL so that a new file joins a family without test code:
 * /v1 and /admin by the OpenAPI document, the upstream emulators and push receivers by the upstream's protocol.
 * A file under a prefix no rule knows makes the coverage test fail.
 */
import { z } from 'zod';
import { applymentControlSchema } from '@/sandbox/control-applyments';
import { faultSchema } from '@/sandbox/faults';
import { providerBSigningModeSchema } from '@/sandbox/providerB/signing-mode';
import { alipayAccountControlSchema } from '@/sandbox/providerB/zft/alipay-accounts';
import { auditDecisionSchema, expireSchema, grantSchema } from '@/sandbox/control/mini-program-control';
import { auditPolicySchema } from '@/sandbox/control/audit-policy-control';
import type { HttpMethod } from './route-files';

export type RouteFamily =
  /** /v1 and /admin operations: described in OpenAPI, answer problem+json. */
  | 'openapi'
  /** The catch-alls under /v1 and /admin: every path and method is a 404 problem. */
  | 'unknownPath'
  /** Sandbox control and the CLI bridge: problem+json; their inputs are declared below. */
  | 'declared'
  /** Upstream push receivers: answer in the upstream's words ("fail" + 4xx), never 5xx for a bad push. */
  | 'upstreamPush'
  /** The emulated upstream APIs: answer as the upstream would (its own error format), never 5xx. */
  | 'upstreamEmulator'
  /** The tRPC endpoint: its own suite walks every procedure. */
  | 'trpc'
  /** Takes no input at all. */
  | 'liveness'
  /** next-auth's own endpoints (sign-in throttling and CSRF are the rate-limit suite's part). */
  | 'auth'
  /** The seller's onboarding link: any token is a redirect (refreshUrl or the neutral page), never an error. */
  | 'sellerLink'
  /** The seller's photo routes: the seller session's cookie is the credential; without a live one, 404. */
  | 'sellerSession';

const rules: [RegExp, RouteFamily][] = [
  [/^\/api\/trpc\/\{trpc\}$/, 'trpc'],
  [/^\/api\/auth\//, 'auth'],
  [/^\/onboard\/\{token\}$/, 'sellerLink'],
  [/^\/onboard\/media(\/|$)/, 'sellerSession'],
  [/^\/api\/health$/, 'liveness'],
  [/^\/api\/ready$/, 'liveness'],
  [/^\/metrics$/, 'liveness'],
  [/^\/(v1|admin)\/\{\.\.\.path\}$/, 'unknownPath'],
  [/^\/(v1|admin)\//, 'openapi'],
  [/^\/callbacks\//, 'upstreamPush'],
  [/^\/(sandbox\/control|internal)\//, 'declared'],
  [/^\/sandbox\/t\/\{ns\}\/provider[AB]\//, 'upstreamEmulator'],
];

export const familyOf = (template: string): RouteFamily | undefined =>
  rules.find(([pattern]) => pattern.test(template))?.[1];

/**
 * 'declared' routes whose inputs are read only after the caller proved who it is: bad input is sent with a
 * valid API key of the platform, so it reaches the checks it is meant for (without one it is a 401).
 */
export const declaredWithApiKey = (template: string) => template.startsWith('/sandbox/control/');

/**
 * What each method of a 'declared' route reads: nothing but its path, or a JSON body with this schema (bodies
 * the schema accepts are not bad input); `null` when the body is never read without a credential first.
 */
export const declaredInputs: Record<string, Partial<Record<HttpMethod, 'none' | z.ZodType | null>>> = {
  '/internal/cli': { POST: null },
  '/sandbox/control/faults': { GET: 'none', PUT: z.array(faultSchema).max(50), DELETE: 'none' },
  '/sandbox/control/providerA/ticket': { POST: 'none' },
  '/sandbox/control/providerA/platform-keys': {
    GET: 'none',
    PUT: z.object({ mode: z.enum(['public_key', 'certificate', 'both']) }).strict(),
  },
  '/sandbox/control/providerA/platform-keys/rotate': { POST: 'none' },
  '/sandbox/control/providerB/alipay-accounts': { POST: alipayAccountControlSchema },
  '/sandbox/control/providerB/signing-mode': { GET: 'none', PUT: providerBSigningModeSchema },
  '/sandbox/control/{provider}/applyments': { GET: 'none' },
  '/sandbox/control/{provider}/applyments/{applymentId}': { POST: applymentControlSchema },
  '/sandbox/control/{provider}/audit-policy': { GET: 'none', PUT: auditPolicySchema },
  '/sandbox/control/{provider}/calls': { GET: 'none' },
  '/sandbox/control/{provider}/audits/{auditId}': { POST: auditDecisionSchema },
  '/sandbox/control/{provider}/authorizations': { POST: grantSchema },
  '/sandbox/control/{provider}/authorizations/{appId}': { DELETE: 'none' },
  '/sandbox/control/{provider}/tokens/expire': { POST: expireSchema },
};
