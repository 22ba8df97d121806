/**
 * The URL templates of the app's route files (src/app/**\/route.ts, in OpenAPI style: `{id}`, a catch-all
 * `{...path}`), the only values a request's `route` label may take, so a scan of random paths cannot grow the
 * metrics. Next.js does not tell a route handler which file it is, hence the list; a test compares it with the
 * files (test/unit/server/metrics/route-templates.test.ts): a new route file fails it until it is added here.
 */
export const ROUTE_TEMPLATES = [
  '/admin/{...path}',
  '/admin/payment-onboardings/{tenantId}/media/{mediaId}',
  '/admin/payment-onboardings/{tenantId}/media',
  '/admin/payment-onboardings/{tenantId}/sub-merchants/export',
  '/api/auth/{...nextauth}',
  '/api/health',
  '/api/ready',
  '/api/trpc/{trpc}',
  '/callbacks/providerA/auth-event',
  '/callbacks/providerA/message/{appId}',
  '/callbacks/providerB',
  '/internal/cli',
  '/metrics',
  '/onboard/media/{mediaId}',
  '/onboard/media',
  '/onboard/{token}',
  '/sandbox/control/{provider}/applyments/{applymentId}',
  '/sandbox/control/{provider}/applyments',
  '/sandbox/control/{provider}/audit-policy',
  '/sandbox/control/{provider}/calls',
  '/sandbox/control/{provider}/audits/{auditId}',
  '/sandbox/control/{provider}/authorizations/{appId}',
  '/sandbox/control/{provider}/authorizations',
  '/sandbox/control/{provider}/tokens/expire',
  '/sandbox/control/faults',
  '/sandbox/control/providerA/platform-keys/rotate',
  '/sandbox/control/providerA/platform-keys',
  '/sandbox/control/providerA/ticket',
  '/sandbox/control/providerB/alipay-accounts',
  '/sandbox/control/providerB/signing-mode',
  '/sandbox/t/{ns}/providerA/authorize/{kind}',
  '/sandbox/t/{ns}/providerA/open/{...path}',
  '/sandbox/t/{ns}/providerA/pay/{...path}',
  '/sandbox/t/{ns}/providerB/authorize',
  '/sandbox/t/{ns}/providerB/gateway.do',
  '/v1/{...path}',
  '/v1/events/{id}',
  '/v1/events',
  '/v1/miniprogram/{platform}/audit-status/{auditId}',
  '/v1/miniprogram/{platform}/baseinfo',
  '/v1/miniprogram/{platform}/commit',
  '/v1/miniprogram/{platform}/experience',
  '/v1/miniprogram/{platform}/members',
  '/v1/miniprogram/{platform}/release',
  '/v1/miniprogram/{platform}/rollback',
  '/v1/miniprogram/{platform}/rollouts/{rolloutId}/cancel',
  '/v1/miniprogram/{platform}/rollouts/{rolloutId}/pause',
  '/v1/miniprogram/{platform}/rollouts/{rolloutId}/resume',
  '/v1/miniprogram/{platform}/rollouts/{rolloutId}/retry-failed',
  '/v1/miniprogram/{platform}/rollouts/{rolloutId}',
  '/v1/miniprogram/{platform}/rollouts',
  '/v1/miniprogram/{platform}/submit-audit',
  '/v1/miniprogram/{platform}/versions',
  '/v1/miniprogram/authorize/callback/{platform}',
  '/v1/miniprogram/authorize',
  '/v1/miniprogram/authorizers/{appId}',
  '/v1/miniprogram/authorizers',
  '/v1/miniprogram/templates',
  '/v1/openapi.json',
  '/v1/payments/media',
  '/v1/payments/reference/{kind}',
  '/v1/payments/sub-merchants/{id}',
  '/v1/payments/sub-merchants/{id}/onboarding-links/{linkId}/revoke',
  '/v1/payments/sub-merchants/{id}/onboarding-links',
  '/v1/payments/sub-merchants/{id}/submit',
  '/v1/payments/sub-merchants',
] as const;

/** What a path that no template of the app's own routes matches is labelled (the /v1 and /admin 404 routes). */
export const UNMATCHED = 'unmatched';
/** Catch-alls that only answer 404 for paths no other route takes: their paths are unmatched. */
const NOT_FOUND_ROUTES = new Set(['/v1/{...path}', '/admin/{...path}']);

type Compiled = { template: string; segments: string[]; catchAll: boolean };

// Static segments before dynamic ones, a catch-all last: the order Next.js picks a route file in.
const rank = (segment: string) => (segment.startsWith('{...') ? 2 : segment.startsWith('{') ? 1 : 0);
const compiled: Compiled[] = ROUTE_TEMPLATES.map((template) => {
  const segments = template.split('/').slice(1);
  return { template, segments, catchAll: rank(segments.at(-1)!) === 2 };
}).sort((a, b) => {
  for (let i = 0; i < Math.min(a.segments.length, b.segments.length); i++) {
    const diff = rank(a.segments[i]!) - rank(b.segments[i]!);
    if (diff) return diff;
  }
  return b.segments.length - a.segments.length;
});

function matches(route: Compiled, segments: string[]) {
  const fixed = route.catchAll ? route.segments.length - 1 : route.segments.length;
  if (route.catchAll ? segments.length <= fixed : segments.length !== fixed) return false;
  for (let i = 0; i < fixed; i++) {
    const expected = route.segments[i]!;
    if (segments[i] === '' || (rank(expected) === 0 && expected !== segments[i])) return false;
  }
  return true;
}

// Every template starts with a static segment: only those sharing a request's first segment can match it.
const byFirstSegment = new Map<string, Compiled[]>();
for (const route of compiled)
  byFirstSegment.set(route.segments[0]!, [...(byFirstSegment.get(route.segments[0]!) ?? []), route]);

/** The template of the route file that serves `pathname`, or UNMATCHED. */
export function routeTemplateOf(pathname: string): string {
  const segments = pathname.split('/').slice(1);
  const route = byFirstSegment.get(segments[0]!)?.find((candidate) => matches(candidate, segments));
  return !route || NOT_FOUND_ROUTES.has(route.template) ? UNMATCHED : route.template;
}
