import { z } from 'zod';
import { runCommand } from '@/cli/commands';
import { getDb } from '@/server/db';
import { AppError } from '@/server/errors';
import { bearerTokenMatches } from '@/server/http/bearer-token';
import { defineRoute, json } from '@/server/http/define-route';
import { parseJsonBody } from '@/server/http/parse-request';
import { currentCliToken } from '@/server/startup/cli-token';

export const dynamic = 'force-dynamic';

const body = z.object({ positionals: z.array(z.string()), flags: z.record(z.string(), z.string().optional()) });

/** Runs a CLI command for the `npm run cli` process when this server holds the embedded database. */
export const { GET, POST, PUT, PATCH, DELETE } = defineRoute({
  POST: async (request) => {
    if (!bearerTokenMatches(request, currentCliToken())) {
      throw new AppError('unauthenticated', 'Unknown CLI token.');
    }
    const args = await parseJsonBody(request, body);
    return json(await runCommand(await getDb(), { ...args, json: true, help: false }));
  },
});
