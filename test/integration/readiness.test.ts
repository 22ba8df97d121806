import { afterAll, describe, expect, it } from 'vitest';
import { GET as health } from '@/app/api/health/route';
import { GET as ready } from '@/app/api/ready/route';
import { useDatabaseHandle } from '@/server/db';
import { openDatabase } from '@/server/db/open-database';
import { setServerPhase } from '@/server/startup/lifecycle';

const answer = async (response: Response) => ({ status: response.status, body: (await response.json()) as unknown });

afterAll(() => {
  useDatabaseHandle(undefined);
  setServerPhase('starting');
});

describe('readiness (/api/ready) against liveness (/api/health)', () => {
  it('503 until the start finished, 200 while serving with a database that answers, 503 once shutting down', async () => {
    expect(await answer(await ready())).toEqual({ status: 503, body: { ready: false, reason: 'starting' } });
    setServerPhase('serving');
    expect(await answer(await ready())).toEqual({ status: 503, body: { ready: false, reason: 'database not open' } });

    const handle = await openDatabase({ driver: 'pglite' }); // migrated, as startServer's handle is
    useDatabaseHandle(handle);
    expect(await answer(await ready())).toEqual({ status: 200, body: { ready: true } });

    setServerPhase('stopping');
    expect(await answer(await ready())).toEqual({ status: 503, body: { ready: false, reason: 'stopping' } });
    expect((await answer(health())).status).toBe(200); // liveness is unchanged by either

    setServerPhase('serving');
    await handle.close(); // the database goes away under a serving process
    expect(await answer(await ready())).toEqual({
      status: 503,
      body: { ready: false, reason: 'database not answering' },
    });
    expect((await answer(health())).status).toBe(200);
  }, 60_000);
});
