import { openedDatabaseHandle } from '@/server/db';
import { serverPhase } from '@/server/startup/lifecycle';

export const dynamic = 'force-dynamic';

const probeTimeoutMs = 2000;

/**
 * Readiness for load balancers and orchestrators: 200 only while this process serves (migrated, jobs started,
 * not shutting down) and its database answers; otherwise 503 with the reason. Liveness is /api/health.
 */
export async function GET() {
  const phase = serverPhase();
  if (phase !== 'serving') return Response.json({ ready: false, reason: phase }, { status: 503 });
  const handle = openedDatabaseHandle();
  if (!handle) return Response.json({ ready: false, reason: 'database not open' }, { status: 503 });
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      handle.executeSql('select 1'),
      new Promise((_, reject) => {
        timer = setTimeout(() => reject(new Error('timeout')), probeTimeoutMs);
      }),
    ]);
  } catch {
    return Response.json({ ready: false, reason: 'database not answering' }, { status: 503 });
  } finally {
    clearTimeout(timer);
  }
  return Response.json({ ready: true });
}
