/**
 * Benchmark reference, compiled only into builds made with BENCH_REFERENCE_ROUTES=1 (see next.config.mjs), never
 * into the production build: a trivial route handler with the same dynamic `[id]` shape as
 * GET /v1/payments/sub-merchants/{id}. Next.js spends ≈ 0.1× of a static route's throughput preparing any
 * dynamic route (docs/benchmarks.md); measured next to /api/health and the record, it shows in every run how much
 * of the record's gap to the static route is the framework's and how much is the route's own work.
 */
export const dynamic = 'force-dynamic';

export async function GET(_request: Request, { params }: { params: Promise<{ id: string }> }) {
  await params;
  return Response.json({ ok: true });
}
