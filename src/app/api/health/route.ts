/** Liveness for load balancers: answers without touching the database (readiness lives elsewhere). */
export const dynamic = 'force-dynamic';

export function GET() {
  return Response.json({ ok: true });
}
