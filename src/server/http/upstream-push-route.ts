import { AppError } from '@/server/errors';
import { logger } from '@/server/logger';
import { newRequestId, requestContext } from '@/server/request-context';
import { readBodyBytes } from './parse-request';

/**
 * Inbound upstream pushes: raw body (verified by the handler before anything is read from it), answered in the
 * upstream's own words: the literal "success" stops its retries; anything else makes it try again later.
 */
export function upstreamPushRoute(provider: string, handle: (raw: string, request: Request) => Promise<unknown>) {
  return (request: Request) =>
    requestContext.run({ requestId: newRequestId() }, async () => {
      try {
        const raw = Buffer.from(await readBodyBytes(request, 256 * 1024)).toString('utf8');
        await handle(raw, request);
        return new Response('success', { headers: { 'content-type': 'text/plain' } });
      } catch (error) {
        const status = error instanceof AppError ? error.status : 500;
        logger.warn({ provider, status, err: (error as Error).message }, 'upstream push refused');
        return new Response('fail', { status, headers: { 'content-type': 'text/plain' } });
      }
    });
}
