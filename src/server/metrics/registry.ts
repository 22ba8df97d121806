/**
 * The service's Prometheus metrics (prom-client). One registry per process, kept on globalThis: Next.js bundles
 * route handlers, instrumentation and jobs separately, and a module-level registry would split into several.
 * Counters and histograms are fed by the edges (requests), the upstream transport and the delivery job; the
 * state gauges (sync lag, queues, pending deliveries) are read from the database at scrape time, so every
 * instance reports the same shared state and nothing is kept in memory for them.
 */
import { Counter, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import { ROUTE_TEMPLATES, UNMATCHED, routeTemplateOf } from './route-templates';

function createMetrics() {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  return {
    registry,
    requests: new Counter({
      name: 'http_requests_total',
      help: 'Requests answered, by route family, route template, method and status.',
      labelNames: ['family', 'route', 'method', 'status'] as const,
      registers: [registry],
    }),
    requestSeconds: new Histogram({
      name: 'http_request_duration_seconds',
      help: 'Time to answer a request, by route family and route template.',
      labelNames: ['family', 'route', 'method'] as const,
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers: [registry],
    }),
    upstreamCalls: new Counter({
      name: 'upstream_calls_total',
      help: 'Calls to an upstream provider, by provider, API and outcome (ok, rejected, unavailable, timeout).',
      labelNames: ['provider', 'api', 'outcome'] as const,
      registers: [registry],
    }),
    upstreamSeconds: new Histogram({
      name: 'upstream_call_duration_seconds',
      help: 'Duration of upstream calls, by provider and API.',
      labelNames: ['provider', 'api'] as const,
      buckets: [0.05, 0.1, 0.25, 0.5, 1, 2, 5, 10, 30],
      registers: [registry],
    }),
    deliveryAttempts: new Counter({
      name: 'webhook_delivery_attempts_total',
      help: 'Webhook delivery attempts, by outcome (delivered, failed).',
      labelNames: ['outcome'] as const,
      registers: [registry],
    }),
    retentionRowsDeleted: new Counter({
      name: 'retention_rows_deleted_total',
      help: 'Rows deleted by retention passes run in this process, by table.',
      labelNames: ['table'] as const,
      registers: [registry],
    }),
  };
}

export type Metrics = ReturnType<typeof createMetrics>;

const slot = globalThis as typeof globalThis & { __serviceMetrics?: Metrics };

export function metrics(): Metrics {
  slot.__serviceMetrics ??= createMetrics();
  return slot.__serviceMetrics;
}

/** Upstream API names become label values: keep them bounded (no ids in them). */
export function upstreamApiLabel(method: string, path: string): string {
  const withoutQuery = path.split('?')[0] ?? path;
  const generic = withoutQuery
    .split('/')
    .map((segment) => (/\d{4,}|^[A-Za-z0-9_-]{20,}$/.test(segment) ? '{id}' : segment))
    .join('/');
  return `${method.toUpperCase()} ${generic}`.slice(0, 120);
}

export function observeUpstreamCall(provider: string, api: string, outcome: string, seconds: number) {
  const m = metrics();
  m.upstreamCalls.inc({ provider, api, outcome });
  m.upstreamSeconds.observe({ provider, api }, seconds);
}

const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

export function observeRequest(family: string, route: string, method: string, status: number, seconds: number) {
  const m = metrics();
  const methodLabel = METHODS.has(method) ? method : 'other';
  m.requests.inc({ family, route, method: methodLabel, status: String(status) });
  m.requestSeconds.observe({ family, route, method: methodLabel }, seconds);
}

const FAMILIES = new Set(ROUTE_TEMPLATES.map((template) => template.split('/')[1]!));

/**
 * A request path as bounded labels: the template of the app's route that serves it (`unmatched` for any other
 * path), and its family, the template's first segment (for an unmatched path its first segment if that is a
 * family, else `unmatched`). A scan of random paths adds no series.
 */
export function requestLabels(pathname: string): { family: string; route: string } {
  const route = routeTemplateOf(pathname);
  const first = (route === UNMATCHED ? pathname : route).split('/')[1] ?? '';
  return { family: FAMILIES.has(first) ? first : UNMATCHED, route };
}
